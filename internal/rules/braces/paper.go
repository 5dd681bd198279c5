package braces

import (
	"bytes"
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/work"
)

// checkPaper is the paper's reading of brace_block_formatting: K&R
// and 1TBS put an opening brace at the end of the line that opens the
// block, Allman on a line of its own; 1TBS also keeps else/catch/finally
// on the closing brace's line.
func checkPaper(u *check.Unit, c constraint.Constraint) check.Result {
	if r, ok := knownStyle(c); !ok {
		return r
	}
	return readText(u, c, textReadingFor(u.Profile))
}

// readText reads braces as lines of text. Like the reference evaluator
// it removes comments (not strings), keeps the non-blank lines, and
// looks at the first "{" and "}" of each line. An opening brace counts
// as well placed only after ")" or a word character, so `x = {` fails
// K&R/1TBS and a Python dict or f-string brace fails every style in the
// paper's reading. The lint profile uses it, with the corrections opt
// says (divergences.go), only for languages the tree reading does not
// cover. Its findings carry the tree reading's fix of the brace at the
// same offset, where there is one (fix.go).
func readText(u *check.Unit, c constraint.Constraint, opt textReading) check.Result {
	style := c.Name
	sp, err := layoutview.SpansFor(u, c.Lang)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: fmt.Sprintf("cannot parse as %s: %v", c.Lang, err)}
	}
	var v *layoutview.View
	if opt.literalsAreText {
		v = layoutview.LintView(u, c.Lang, sp, true)
	} else {
		v = layoutview.PaperView(u, c.Lang, sp, false)
	}
	t := v.Text
	m := work.Of(u)
	m.Add(len(t))               // the split into lines
	var lines []layoutview.Line // non-blank lines, stripped of surrounding space
	for _, l := range layoutview.SplitLines(t) {
		s := layoutview.TrimLeft(t, l.Start, l.End)
		e := layoutview.TrimRight(t, s, l.End)
		if s < e {
			lines = append(lines, layoutview.Line{Start: s, End: e})
		}
	}
	lf := layoutview.NewLineFindings(u)
	bad := 0
	report := func(at int, msg string) {
		bad++
		s, e := v.SrcRange(at, at+1)
		lf.Add(s, e, msg)
	}
	// headerOK: what precedes a brace (on its line for K&R/1TBS, on the
	// previous line for Allman) may introduce a block.
	headerOK := func(s, e int) bool {
		if e <= s {
			return false
		}
		if opt.anyHeader {
			return true
		}
		r, _ := layoutview.RuneBefore(t, e)
		return r == ')' || layoutview.IsWord(r)
	}
	for i, l := range lines {
		text := t[l.Start:l.End]
		m.Add(1 + len(text)) // each line's text is searched a bounded number of times
		open := bytes.IndexByte(text, '{')
		if style == "Allman" {
			switch {
			case l.End-l.Start == 1 && open == 0:
				if i == 0 || !headerOK(lines[i-1].Start, lines[i-1].End) {
					report(l.Start, "opening brace on its own line does not follow a block header ending in \")\" or a name")
				}
			case open >= 0:
				report(l.Start+open, "opening brace should be on its own line (Allman)")
			}
			continue
		}
		if open >= 0 {
			before := layoutview.TrimRight(t, l.Start, l.Start+open)
			switch {
			case l.End-l.Start == 1:
				report(l.Start, fmt.Sprintf("opening brace on its own line; %s puts it at the end of the block header", style))
			case before == l.Start:
				report(l.Start+open, fmt.Sprintf("opening brace starts the line; %s puts it at the end of the block header", style))
			case !headerOK(l.Start, before):
				report(l.Start+open, fmt.Sprintf("opening brace follows %s, not \")\" or a name (%s)", describeBefore(t, l.Start, before), style))
			}
		}
		if style != "1TBS" || i+1 >= len(lines) {
			continue
		}
		closeAt := bytes.IndexByte(text, '}')
		if closeAt < 0 {
			continue
		}
		after := t[layoutview.TrimLeft(t, l.Start+closeAt+1, l.End):l.End]
		if continuation(after) {
			continue
		}
		if next := t[lines[i+1].Start:lines[i+1].End]; continuation(next) {
			report(l.Start+closeAt, fmt.Sprintf("%q should follow the closing brace on the same line (1TBS)", firstWord(next)))
		}
	}
	if bad == 0 {
		return check.Passed(fmt.Sprintf("braces follow %s", style))
	}
	fs := lf.Sorted()
	attachTextFixes(u, c, fs)
	return check.Failed(fmt.Sprintf("%d brace placement(s) break %s", bad, style), fs...)
}

// layContinuation mirrors the evaluator's startswith(('else',
// 'catch', 'finally')), prefix match included ("elsewhere" counts).
func continuation(b []byte) bool {
	return bytes.HasPrefix(b, []byte("else")) || bytes.HasPrefix(b, []byte("catch")) || bytes.HasPrefix(b, []byte("finally"))
}

func firstWord(b []byte) string {
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return string(b[:i])
		}
	}
	return string(b)
}

// layDescribeBefore quotes the character right before a misplaced brace.
func describeBefore(t []byte, s, e int) string {
	r, _ := layoutview.RuneBefore(t[s:e], e-s)
	return fmt.Sprintf("%q", string(r))
}
