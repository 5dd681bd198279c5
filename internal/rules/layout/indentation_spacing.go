package layout

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/syntax"
)

// indentationRule checks indentation_spacing: every line is indented with
// the required unit (tabs, or a multiple of n spaces, no mixing) and binary
// operators and commas are (or are not) followed/surrounded by spaces.
//
// Like the reference evaluator, comments and strings are removed first and
// the rest is judged line by line and with its regular expressions:
// "a OP b" is spaced and "aOPb" unspaced only when both sides are word
// characters, whitespace (newlines included) counts as spacing, and a
// comma is spaced when whitespace follows it.
var IndentationRule = &check.Rule{Type: constraint.Indentation, Paper: checkIndentationSpacing, Lint: checkIndentationSpacing}

// laySpacingOps are the evaluator's operators, in its order.
var laySpacingOps = []string{"=", "+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"}

func checkIndentationSpacing(u *check.Unit, c constraint.Constraint) check.Result {
	if u.Profile == check.Lint {
		return lintIndentationSpacing(u, c)
	}
	if c.Indent == nil || !c.Indent.Tabs && c.Indent.Width <= 0 {
		return check.Result{Verdict: check.Unverified, Reason: "indentation_spacing constraint without an indentation unit"}
	}
	sp, err := layoutview.LaySpansFor(u, c.Lang)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: fmt.Sprintf("cannot parse as %s: %v", c.Lang, err)}
	}
	var v *layoutview.LayoutView
	if u.Profile == check.Lint {
		// Divergence (lint profile): removing a comment or preprocessor
		// line never joins the next line onto it. In Pygments, C, C++ and
		// Rust line comments and C directives swallow their newline, which
		// hid the next line's indentation and added the comment's to it
		// (and the blanks of `#include <x>` survive, indenting the next
		// line). Likewise a block comment that starts a line does not add
		// the blank after it to the line's indentation.
		v = layoutview.LayLintView(u, c.Lang, sp, false)
	} else {
		v = layoutview.LayViewOf(u, c.Lang, sp, true)
	}
	lf := layoutview.NewLayFindings(u)
	indentBad := layIndentLines(v, u.Src, c.Indent, lf)
	var angles map[int]bool
	if u.Profile == check.Lint {
		// Divergence (lint profile): the angle brackets of generic type
		// arguments and parameters (List<Integer>, Vec<String>) are not
		// comparison operators; the evaluator's regex counts them as
		// unspaced "<" and ">".
		angles = layGenericAngles(u, c.Lang)
	}
	spaceBad := 0
	if c.Spacing != constraint.SpacingAny {
		spaceBad = laySpacing(v, c.Spacing == constraint.SpacingRequired, angles, lf)
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
	return layoutVerdict(c, unit, want, indentBad, spaceBad, lf.Sorted())
}

// layoutVerdict is the indentation_spacing result both profiles give for
// indent lines off the unit and spacing places off want.
func layoutVerdict(c constraint.Constraint, unit, want string, indent, spacing int, findings []check.Finding) check.Result {
	if indent == 0 && spacing == 0 {
		if c.Spacing == constraint.SpacingAny {
			return check.Passed(fmt.Sprintf("indentation uses %s (operator spacing not constrained)", unit))
		}
		return check.Passed(fmt.Sprintf("indentation uses %s and code has %s", unit, want))
	}
	var parts []string
	if indent > 0 {
		parts = append(parts, fmt.Sprintf("%d line(s) not indented with %s", indent, unit))
	}
	if spacing > 0 {
		parts = append(parts, fmt.Sprintf("%d place(s) break the spacing rule (%s)", spacing, want))
	}
	return check.Failed(strings.Join(parts, "; "), findings...)
}

// layIndentLines reports lines whose leading whitespace breaks the unit,
// and returns how many there are.
func layIndentLines(v *layoutview.LayoutView, src []byte, in *constraint.Indent, lf *layoutview.LayFindings) int {
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
				lf.Add(ls, e, msg)
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
func laySpacing(v *layoutview.LayoutView, required bool, angles map[int]bool, lf *layoutview.LayFindings) int {
	t := v.Text
	bad := 0
	report := func(a, b int, msg string) {
		bad++
		s, e := v.SrcRange(a, b)
		lf.Add(s, e, msg)
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
			for _, op := range laySpacingOps {
				if op[0] != t[i] || !layHasPrefixAt(t, i, op) {
					continue
				}
				e := i + len(op)
				if len(op) == 1 && (op == "<" || op == ">") && angles[v.SrcOff(i)] {
					continue
				}
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

// layGenericQueries find generic argument and parameter lists, whose
// first and last bytes are angle brackets.
var layGenericQueries = map[lang.ID]string{
	lang.Java:       `[(type_arguments) (type_parameters)] @g`,
	lang.Kotlin:     `[(type_arguments) (type_parameters)] @g`,
	lang.Rust:       `[(type_arguments) (type_parameters)] @g`,
	lang.TypeScript: `[(type_arguments) (type_parameters)] @g`,
	lang.CPP:        `[(template_argument_list) (template_parameter_list)] @g`,
}

// layGenericAngles returns the source offsets of generic angle brackets.
func layGenericAngles(u *check.Unit, id lang.ID) map[int]bool {
	pattern, ok := layGenericQueries[id]
	if !ok {
		return nil
	}
	t, err := u.Tree(id)
	if err != nil {
		return nil
	}
	q, err := syntax.CompileQuery(id, pattern)
	if err != nil {
		return nil
	}
	out := map[int]bool{}
	for _, c := range q.Captures(t.Root()) {
		if c.Node.End()-c.Node.Start() >= 2 && u.Src[c.Node.Start()] == '<' && u.Src[c.Node.End()-1] == '>' {
			out[c.Node.Start()] = true
			out[c.Node.End()-1] = true
		}
	}
	return out
}
