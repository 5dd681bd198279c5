package check

import (
	"bytes"
	"fmt"

	"github.com/iflint/iflint/internal/constraint"
)

// checkBraceText is the paper's reading of brace_block_formatting: K&R
// and 1TBS put an opening brace at the end of the line that opens the
// block, Allman on a line of its own; 1TBS also keeps else/catch/finally
// on the closing brace's line.
//
// Like the reference evaluator it removes comments (not strings), keeps
// the non-blank lines, and looks at the first "{" and "}" of each line. An
// opening brace counts as well placed only after ")" or a word character,
// so `x = {` fails K&R/1TBS and a Python dict or f-string brace fails every
// style in the MultiCodeIF profile. The lint profile uses it, with its
// corrections, only for languages the tree reading does not cover.
func checkBraceText(u *Unit, c constraint.Constraint) Result {
	style := c.Name
	lint := u.Profile == Lint
	sp, err := laySpansFor(u, c.Lang)
	if err != nil {
		return Result{Verdict: Unverified, Reason: fmt.Sprintf("cannot parse as %s: %v", c.Lang, err)}
	}
	var v *layoutView
	if lint {
		// Divergence (lint profile): braces inside string and character
		// literals and doc comments are text, not block delimiters (the
		// evaluator only removes comments before looking for "{" and "}"),
		// and removing a comment never joins lines: in Pygments a C, C++
		// or Rust line comment swallows its newline, so `f() // c` + "{"
		// on the next line read as K&R.
		v = layLintView(u, c.Lang, sp, true)
	} else {
		v = layViewOf(u, c.Lang, sp, false)
	}
	t := v.text
	var lines []layLine // non-blank lines, stripped of surrounding space
	for _, l := range laySplitLines(t) {
		s := layTrimLeft(t, l.start, l.end)
		e := layTrimRight(t, s, l.end)
		if s < e {
			lines = append(lines, layLine{s, e})
		}
	}
	lf := newLayFindings(u)
	bad := 0
	report := func(at int, msg string) {
		bad++
		s, e := v.srcRange(at, at+1)
		lf.add(s, e, msg)
	}
	// headerOK: what precedes a brace (on its line for K&R/1TBS, on the
	// previous line for Allman) may introduce a block.
	headerOK := func(s, e int) bool {
		if e <= s {
			return false
		}
		if lint {
			// Divergence (lint profile): any code may precede the brace
			// (`x = {`, `=> {`, `({`); the evaluator accepts only ")" or a
			// word character, failing object and array literals.
			return true
		}
		r, _ := layRuneBefore(t, e)
		return r == ')' || layPyWord(r)
	}
	for i, l := range lines {
		text := t[l.start:l.end]
		open := bytes.IndexByte(text, '{')
		if style == "Allman" {
			switch {
			case l.end-l.start == 1 && open == 0:
				if i == 0 || !headerOK(lines[i-1].start, lines[i-1].end) {
					report(l.start, "opening brace on its own line does not follow a block header ending in \")\" or a name")
				}
			case open >= 0:
				report(l.start+open, "opening brace should be on its own line (Allman)")
			}
			continue
		}
		if open >= 0 {
			before := layTrimRight(t, l.start, l.start+open)
			switch {
			case l.end-l.start == 1:
				report(l.start, fmt.Sprintf("opening brace on its own line; %s puts it at the end of the block header", style))
			case before == l.start:
				report(l.start+open, fmt.Sprintf("opening brace starts the line; %s puts it at the end of the block header", style))
			case !headerOK(l.start, before):
				report(l.start+open, fmt.Sprintf("opening brace follows %s, not \")\" or a name (%s)", layDescribeBefore(t, l.start, before), style))
			}
		}
		if style != "1TBS" || i+1 >= len(lines) {
			continue
		}
		closeAt := bytes.IndexByte(text, '}')
		if closeAt < 0 {
			continue
		}
		after := t[layTrimLeft(t, l.start+closeAt+1, l.end):l.end]
		if layContinuation(after) {
			continue
		}
		if next := t[lines[i+1].start:lines[i+1].end]; layContinuation(next) {
			report(l.start+closeAt, fmt.Sprintf("%q should follow the closing brace on the same line (1TBS)", layFirstWord(next)))
		}
	}
	if bad == 0 {
		return Passed(fmt.Sprintf("braces follow %s", style))
	}
	return Failed(fmt.Sprintf("%d brace placement(s) break %s", bad, style), lf.sorted()...)
}

// layContinuation mirrors the evaluator's startswith(('else',
// 'catch', 'finally')), prefix match included ("elsewhere" counts).
func layContinuation(b []byte) bool {
	return bytes.HasPrefix(b, []byte("else")) || bytes.HasPrefix(b, []byte("catch")) || bytes.HasPrefix(b, []byte("finally"))
}

func layFirstWord(b []byte) string {
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return string(b[:i])
		}
	}
	return string(b)
}

// layDescribeBefore quotes the character right before a misplaced brace.
func layDescribeBefore(t []byte, s, e int) string {
	r, _ := layRuneBefore(t[s:e], e-s)
	return fmt.Sprintf("%q", string(r))
}
