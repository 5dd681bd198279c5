// Package paperlayout is the paper profile's indentation_spacing text
// reading for internal/rules/layout: MultiCodeIF's evaluator, line by
// line and with its regular expressions, on layoutview's paper view.
package paperlayout

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/work"
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

// Add receives a finding: its source range, message and whether it is
// about spacing (else indentation).
type Add func(start, end int, msg string, spacing bool)

// paperOperators are the evaluator's operators, in its order.
var paperOperators = []string{"=", "+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"}

// IndentLines reports lines whose leading whitespace breaks the unit,
// and returns how many there are.
func IndentLines(v *layoutview.View, src []byte, in *constraint.Indent, m *work.Meter, add Add) int {
	bad := 0
	t := v.Text
	for start := 0; start <= len(t); {
		end := layoutview.IndexFrom(t, start, '\n')
		lead := layoutview.TrimLeft(t, start, end)
		if lead < end {
			if msg := IndentProblem(t[start:lead], in); msg != "" {
				bad++
				// Point at the indentation of the source line where the
				// code starts; say so when removal changed it.
				code := v.SrcOff(lead)
				ls := code
				for ls > 0 && src[ls-1] != '\n' && src[ls-1] != '\r' {
					ls--
				}
				m.Add(1 + code - ls)
				if string(src[ls:code]) != string(t[start:lead]) {
					msg += " (once comments and strings are removed, as the evaluator does)"
				}
				e := code
				if e == ls {
					e = ls + 1
				}
				add(ls, e, msg, false)
			}
		}
		start = end + 1
	}
	return bad
}

// IndentProblem describes what is wrong with a line's leading whitespace,
// or returns "".
func IndentProblem(lead []byte, in *constraint.Indent) string {
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

// Spacing applies the evaluator's operator and comma patterns to the
// whole text and returns how many offending places it found.
func Spacing(v *layoutview.View, required bool, m *work.Meter, add Add) int {
	t := v.Text
	bad := 0
	report := func(a, b int, msg string) {
		bad++
		m.Add(1 + work.Log(len(t)))
		s, e := v.SrcRange(a, b)
		add(s, e, msg, true)
	}
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case ',':
			r, n := layoutview.RuneAt(t, i+1)
			if n == 0 {
				continue // a comma at the very end matches neither pattern
			}
			if required && !layoutview.IsSpace(r) {
				report(i, i+1, "comma not followed by a space")
			}
			if !required && layoutview.IsSpace(r) && spaceThenText(t, i+1) {
				report(i, i+1, "comma followed by a space (no spacing required)")
			}
		case '=', '+', '-', '*', '/', '%', '!', '<', '>', '&', '|':
			for _, op := range paperOperators {
				if op[0] != t[i] || !hasPrefixAt(t, i, op) {
					continue
				}
				e := i + len(op)
				if required && wordBefore(t, i) && wordAt(t, e) {
					report(i, e, fmt.Sprintf("operator %q without spaces around it", op))
				}
				if !required && spacedBefore(t, i) && spacedAfter(t, e) {
					report(i, e, fmt.Sprintf("operator %q surrounded by spaces (no spacing required)", op))
				}
			}
		}
	}
	return bad
}

func hasPrefixAt(t []byte, i int, p string) bool {
	return len(t)-i >= len(p) && string(t[i:i+len(p)]) == p
}

func wordBefore(t []byte, i int) bool {
	r, n := layoutview.RuneBefore(t, i)
	return n > 0 && layoutview.IsWord(r)
}

func wordAt(t []byte, i int) bool {
	r, n := layoutview.RuneAt(t, i)
	return n > 0 && layoutview.IsWord(r)
}

// spacedBefore: the text before i ends with a word character and then at
// least one whitespace character (\w\s+).
func spacedBefore(t []byte, i int) bool {
	j := i
	for j > 0 {
		r, n := layoutview.RuneBefore(t, j)
		if !layoutview.IsSpace(r) {
			break
		}
		j -= n
	}
	return j < i && wordBefore(t, j)
}

// spacedAfter: the text from i starts with whitespace then a word
// character (\s+\w).
func spacedAfter(t []byte, i int) bool {
	j := i
	for j < len(t) {
		r, n := layoutview.RuneAt(t, j)
		if !layoutview.IsSpace(r) {
			break
		}
		j += n
	}
	return j > i && wordAt(t, j)
}

// spaceThenText: whitespace from i, then something else (\s+\S).
func spaceThenText(t []byte, i int) bool {
	j := i
	for j < len(t) {
		r, n := layoutview.RuneAt(t, j)
		if !layoutview.IsSpace(r) {
			return j > i
		}
		j += n
	}
	return false
}
