package comments

// The comment fixes that change a comment's delimiters or its line
// (single-line, multi-line, inline and block comments). Which comment
// a finding points at comes from flagged (fix_file.go).

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/srclines"
)

// planSingleLine turns each flagged block comment into // lines at its
// place.
func (f *commentFile) planSingleLine(given []check.Finding) ([]change, []check.Skipped) {
	if len(given) == 0 {
		return nil, []check.Skipped{f.wholeFile("no comment to convert; write a single-line comment by hand (the fixer never invents text)")}
	}
	flags, skipped := f.flagged(given) // the rule reports every block comment
	var changes []change
	for _, fl := range flags {
		k := fl.k
		text := f.text(k)
		lines := []string(nil)
		why := ""
		switch {
		case !cStyle(f.id) || !closedBlock(text):
			why = fmt.Sprintf("converting this %s comment to a line comment is not supported; do it by hand", lang.Get(f.id).Name)
		case !blank(f.src[k.end:f.lineEnd(k.last)]):
			why = "code follows this block comment on its line; a // comment would swallow it"
		default:
			lines = blockCommentLines(text)
			for _, l := range lines {
				if (f.id == lang.C || f.id == lang.CPP) && strings.HasSuffix(l, `\`) {
					why = "a line of this comment ends with a backslash, which would continue a // comment onto the next line"
				}
			}
		}
		if why != "" {
			skipped = append(skipped, skipAll(fl.finds, why)...)
			continue
		}
		changes = append(changes, change{edits: check.Edits{{Start: k.start, End: k.end, New: asLines("//", lines, srclines.Indent(f.src, k.start), f.lb)}}, lo: k.start, hi: k.end, finds: fl.finds})
	}
	return changes, skipped
}

// planMultiLine turns each run of flagged // lines (same indentation, no
// gap) into one /* */ block, and a flagged trailing // comment into /* */
// in place. A run never takes in a comment no finding flagged.
func (f *commentFile) planMultiLine(given []check.Finding) ([]change, []check.Skipped) {
	if !cStyle(f.id) {
		why := fmt.Sprintf("%s has no block comment syntax this fixer writes; convert by hand", lang.Get(f.id).Name)
		if f.id == lang.Python {
			why = "Python has no block comment syntax the rule accepts (a docstring is a string, not a comment), so no comment can become a multi-line comment"
		}
		if len(given) == 0 {
			return nil, []check.Skipped{f.wholeFile(why)}
		}
		return nil, skipAll(given, why)
	}
	if len(given) == 0 {
		return nil, []check.Skipped{f.wholeFile("no comment to convert; write a /* */ comment by hand (the fixer never invents text)")}
	}
	bad, skipped := f.flagged(given) // the rule reports every line comment
	var changes []change
	for i := 0; i < len(bad); {
		run := bad[i : i+1]
		for j := i + 1; bad[i].k.alone && j < len(bad) && bad[j].k.alone && bad[j].k.line == bad[j-1].k.last+1 &&
			srclines.Indent(f.src, bad[j].k.start) == srclines.Indent(f.src, bad[i].k.start); j++ {
			run = bad[i : j+1]
		}
		i += len(run)
		ch, why := f.toBlock(run)
		if why != "" {
			for _, fl := range run {
				skipped = append(skipped, skipAll(fl.finds, why)...)
			}
			continue
		}
		changes = append(changes, ch)
	}
	return changes, skipped
}

// toBlock renders a run of // comments as one /* */ comment. A run of
// several lines is rewritten line by line (the first opens the block, the
// last closes it), so each edit stays on the line of its own finding.
func (f *commentFile) toBlock(run []flaggedComment) (change, string) {
	var lines []string
	var finds []check.Finding
	for _, fl := range run {
		k := fl.k
		t := f.text(k)
		switch {
		case !strings.HasPrefix(t, "//"):
			return change{}, "not a // comment; convert it by hand"
		case strings.Contains(t, "\n"):
			return change{}, "this // comment continues onto the next line (a trailing backslash); convert it by hand"
		case f.isDirective(k):
			return change{}, "a tool directive, which works only as written; left as a // comment"
		case strings.Contains(t, "*/") || strings.Contains(t, "/*"):
			return change{}, "the comment's text contains /* or */, which would end or nest a block comment"
		}
		lines = append(lines, lineCommentText(t, "//"))
		finds = append(finds, fl.finds...)
	}
	first, last := run[0].k, run[len(run)-1].k
	if len(run) == 1 {
		s := "/* */"
		if lines[0] != "" {
			s = "/* " + lines[0] + " */"
		}
		return change{edits: check.Edits{{Start: first.start, End: first.end, New: s}}, lo: first.start, hi: first.end, finds: finds}, ""
	}
	indent := srclines.Indent(f.src, first.start)
	var edits check.Edits
	for i, fl := range run {
		s := " *"
		if lines[i] != "" {
			s += " " + lines[i]
		}
		switch i {
		case 0:
			s = "/*" + f.lb + indent + s
		case len(run) - 1:
			s += f.lb + indent + " */"
		}
		// Blanks after the comment on its line go with it.
		end := f.lineEnd(fl.k.last)
		if end > fl.k.end && f.src[end-1] == '\r' {
			end--
		}
		edits = append(edits, check.Edit{Start: fl.k.start, End: max(fl.k.end, end), New: s})
	}
	return change{edits: edits, lo: first.start, hi: last.end, finds: finds}, ""
}

// planInline moves each flagged comment standing alone on its line to
// the end of the code line below it. A run of comment lines, or one with
// no code below, is Skipped: joining text or picking a line is not
// mechanical.
func (f *commentFile) planInline(given []check.Finding) ([]change, []check.Skipped) {
	flags, skipped := f.flagged(given)
	commentOnly := func(l int) bool {
		if l < 0 || l >= len(f.starts) {
			return false
		}
		k, ok := f.commentAt(f.contentEnd(l) - 1)
		return ok && k.alone && k.last == l
	}
	var changes []change
	for _, fl := range flags {
		k := fl.k
		next := k.last + 1
		why := ""
		switch {
		case k.last > k.line:
			why = "this block comment spans several lines, and the ones after the first hold no code; shorten it by hand"
		case !k.alone:
			// It shares its line with code: the rule reports the line
			// after it, which the comment's token reaches into.
			why = "the rule's lexer counts this comment's line break as part of it, so the line after it, which holds no code, reads as a comment line; remove that line or move the comment by hand"
		case f.isDirective(k):
			why = "a tool directive, which must stay on its own line"
		case commentOnly(k.line-1) || commentOnly(next):
			why = "one of several consecutive comment lines; merging them into one inline comment is left to you"
		case next >= len(f.starts) || blank(f.src[f.starts[next]:f.lineEnd(next)]):
			why = "no code on the line below to attach this comment to"
		}
		if why == "" {
			why = f.attachable(next)
		}
		if why != "" {
			skipped = append(skipped, skipAll(fl.finds, why)...)
			continue
		}
		sep := " "
		if lang.Get(f.id).LineComment == "#" {
			sep = "  " // PEP 8: two spaces before an inline comment
		}
		e := f.contentEnd(next)
		changes = append(changes, change{edits: check.Edits{{Start: f.starts[k.line], End: f.starts[next], New: ""}, {Start: e, End: e, New: sep + f.text(k)}}, lo: f.starts[k.line], hi: e, at: k.start, end: k.end, finds: fl.finds})
	}
	return changes, skipped
}

// attachable says why a comment cannot go at the end of code line l.
func (f *commentFile) attachable(l int) string {
	s := f.starts[l] + len(f.lineText(l)) - len(strings.TrimLeft(f.lineText(l), " \t\f\v"))
	e := f.contentEnd(l)
	if _, ok := f.commentAt(s); ok || insideSpan(f.opaque, s) {
		return "the line below starts inside a comment or string"
	}
	if _, ok := f.commentAt(e - 1); ok {
		return "the line below already ends with a comment"
	}
	if insideSpan(f.opaque, e) {
		return "the line below ends inside a string"
	}
	if f.src[e-1] == '\\' {
		return "the line below ends with a line continuation"
	}
	return ""
}

// planBlock proposes, for a failure of the whole file (the rule names
// no comment), moving each trailing comment onto a line of its own above
// its code line, at that line's indentation, so a comment block precedes
// code; settleFirst keeps the first that makes the file pass.
func (f *commentFile) planBlock(given []check.Finding) ([]change, []check.Skipped) {
	if len(given) > 0 {
		return nil, skipAll(given, "the Block comment rule judges the whole file, not this place, so there is nothing to move here")
	}
	var changes []change
	var skipped []check.Skipped
	for _, k := range f.list {
		if k.own || k.last != k.line || !blank(f.src[k.end:f.lineEnd(k.line)]) {
			continue
		}
		ls := f.starts[k.line]
		why := ""
		switch {
		case f.isDirective(k):
			why = "a tool directive tied to its line; left beside the code"
		case insideSpan(f.opaque, ls):
			why = "the line starts inside a string or comment, so there is no place above it for this comment"
		case k.line > 0 && f.contentEnd(k.line-1) > f.starts[k.line-1] && f.src[f.contentEnd(k.line-1)-1] == '\\':
			why = "the line continues the one above (backslash), so no comment line can go between them"
		}
		if why != "" {
			skipped = append(skipped, check.Skipped{Start: k.start, End: k.end, Reason: why})
			continue
		}
		q := k.start
		for q > ls && isBlankByte(f.src[q-1]) {
			q--
		}
		changes = append(changes, change{edits: check.Edits{{Start: ls, End: ls, New: srclines.Indent(f.src, ls) + f.text(k) + f.lb}, {Start: q, End: k.end, New: ""}}, lo: ls, hi: k.end, at: k.start, end: k.end})
	}
	if len(changes) == 0 && len(skipped) == 0 {
		skipped = append(skipped, f.wholeFile("no comment stands directly above a line of code and no trailing comment can be moved there; write one by hand (the fixer never invents text)"))
	}
	return changes, skipped
}
