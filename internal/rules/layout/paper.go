package layout

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/layoutview"
)

// The paper's indentation_spacing, as MultiCodeIF's evaluator decides
// it: every line is indented with the required unit (tabs, or a
// multiple of n spaces, no mixing) and binary operators and commas are
// (or are not) followed or surrounded by spaces. Like the evaluator,
// comments and strings are removed first (layoutview's paper view) and
// the rest is judged line by line and with the evaluator's regular
// expressions: "a OP b" is spaced and "aOPb" unspaced only when both
// sides are word characters, whitespace (newlines included) counts as
// spacing, and a comma is spaced when whitespace follows it.

// paperOperators are the evaluator's operators, in its order.
var paperOperators = []string{"=", "+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"}

func paperIndentation(u *check.Unit, c constraint.Constraint) check.Result {
	if !hasUnit(c) {
		return noUnit
	}
	sp, err := layoutview.LaySpansFor(u, c.Lang)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: fmt.Sprintf("cannot parse as %s: %v", c.Lang, err)}
	}
	v := layoutview.LayViewOf(u, c.Lang, sp, true)
	pf := newPaperFindings(u)
	indentBad := layIndentLines(v, u.Src, c.Indent, pf)
	spaceBad := 0
	if c.Spacing != constraint.SpacingAny {
		spaceBad = laySpacing(v, c.Spacing == constraint.SpacingRequired, pf)
	}
	unit := "tabs"
	if !c.Indent.Tabs {
		unit = fmt.Sprintf("multiples of %d spaces", c.Indent.Width)
	}
	// As in the evaluator, any spacing value but "spacing" means none.
	want := "operators and commas surrounded by spaces"
	if c.Spacing != constraint.SpacingRequired {
		want = "no spaces around operators and after commas"
	}
	return layoutVerdict(c, unit, want, indentBad, spaceBad, pf.withFixes(u, c))
}

// layIndentLines reports lines whose leading whitespace breaks the unit,
// and returns how many there are.
func layIndentLines(v *layoutview.LayoutView, src []byte, in *constraint.Indent, pf *paperFindings) int {
	bad := 0
	t := v.Text
	for start := 0; start <= len(t); {
		end := layoutview.LayIndexFrom(t, start, '\n')
		lead := layoutview.LayTrimLeft(t, start, end)
		if lead < end {
			if msg := layIndentProblem(t[start:lead], in); msg != "" {
				bad++
				// Point at the indentation of the source line where the
				// code starts; say so when removal changed it.
				code := v.SrcOff(lead)
				ls := code
				for ls > 0 && src[ls-1] != '\n' && src[ls-1] != '\r' {
					ls--
				}
				if string(src[ls:code]) != string(t[start:lead]) {
					msg += " (once comments and strings are removed, as the evaluator does)"
				}
				e := code
				if e == ls {
					e = ls + 1
				}
				pf.add(ls, e, msg, IndentIssue)
			}
		}
		start = end + 1
	}
	return bad
}

// layIndentProblem describes what is wrong with a line's leading whitespace,
// or returns "".
func layIndentProblem(lead []byte, in *constraint.Indent) string {
	if in.Tabs {
		if strings.ContainsRune(string(lead), ' ') {
			return "line indented with spaces, expected tabs"
		}
		return ""
	}
	if strings.ContainsRune(string(lead), '\t') {
		return fmt.Sprintf("line indented with a tab, expected %d spaces per level", in.Width)
	}
	if n := len([]rune(string(lead))); n%in.Width != 0 {
		unit := "spaces"
		if n == 1 {
			unit = "space"
		}
		return fmt.Sprintf("line indented with %d %s, expected a multiple of %d", n, unit, in.Width)
	}
	return ""
}

// laySpacing applies the evaluator's operator and comma patterns to the
// whole text and returns how many offending places it found.
func laySpacing(v *layoutview.LayoutView, required bool, pf *paperFindings) int {
	t := v.Text
	bad := 0
	report := func(a, b int, msg string) {
		bad++
		s, e := v.SrcRange(a, b)
		pf.add(s, e, msg, SpacingIssue)
	}
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case ',':
			r, n := layoutview.LayRuneAt(t, i+1)
			if n == 0 {
				continue // a comma at the very end matches neither pattern
			}
			if required && !layoutview.LayPySpace(r) {
				report(i, i+1, "comma not followed by a space")
			}
			if !required && layoutview.LayPySpace(r) && laySpaceThenText(t, i+1) {
				report(i, i+1, "comma followed by a space (no spacing required)")
			}
		case '=', '+', '-', '*', '/', '%', '!', '<', '>', '&', '|':
			for _, op := range paperOperators {
				if op[0] != t[i] || !layHasPrefixAt(t, i, op) {
					continue
				}
				e := i + len(op)
				if required && layWordBefore(t, i) && layWordAt(t, e) {
					report(i, e, fmt.Sprintf("operator %q without spaces around it", op))
				}
				if !required && laySpacedBefore(t, i) && laySpacedAfter(t, e) {
					report(i, e, fmt.Sprintf("operator %q surrounded by spaces (no spacing required)", op))
				}
			}
		}
	}
	return bad
}

func layHasPrefixAt(t []byte, i int, p string) bool {
	return len(t)-i >= len(p) && string(t[i:i+len(p)]) == p
}

func layWordBefore(t []byte, i int) bool {
	r, n := layoutview.LayRuneBefore(t, i)
	return n > 0 && layoutview.LayPyWord(r)
}

func layWordAt(t []byte, i int) bool {
	r, n := layoutview.LayRuneAt(t, i)
	return n > 0 && layoutview.LayPyWord(r)
}

// laySpacedBefore: the text before i ends with a word character and then at
// least one whitespace character (\w\s+).
func laySpacedBefore(t []byte, i int) bool {
	j := i
	for j > 0 {
		r, n := layoutview.LayRuneBefore(t, j)
		if !layoutview.LayPySpace(r) {
			break
		}
		j -= n
	}
	return j < i && layWordBefore(t, j)
}

// laySpacedAfter: the text from i starts with whitespace then a word
// character (\s+\w).
func laySpacedAfter(t []byte, i int) bool {
	j := i
	for j < len(t) {
		r, n := layoutview.LayRuneAt(t, j)
		if !layoutview.LayPySpace(r) {
			break
		}
		j += n
	}
	return j > i && layWordAt(t, j)
}

// laySpaceThenText: whitespace from i, then something else (\s+\S).
func laySpaceThenText(t []byte, i int) bool {
	j := i
	for j < len(t) {
		r, n := layoutview.LayRuneAt(t, j)
		if !layoutview.LayPySpace(r) {
			return j > i
		}
		j += n
	}
	return false
}
