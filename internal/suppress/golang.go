package suppress

import (
	"regexp"
	"strings"
)

// nolintRe is golangci-lint's test on a comment's text after its leading
// slashes and spaces.
var nolintRe = regexp.MustCompile(`^nolint( |:|$)`)

// parseGo reads golangci-lint's `//nolint[:linter,...] [// reason]` with
// golangci-lint's scope: the lines of the comment's group (adjacent
// comment lines) and, when the group is directly followed by a syntax
// node starting in the group's column, that node's lines: `//nolint`
// above (or at the end of the doc comment of) a declaration covers the
// declaration.
func (f *file) parseGo(s *Set, i int) {
	c := f.comments[i]
	text := strings.TrimLeft(c.raw, "/ ")
	if !strings.HasPrefix(c.raw, "//") || !nolintRe.MatchString(text) {
		return
	}
	d := &Directive{Pos: c.start, Tool: "golangci-lint"}
	body, reason, _ := strings.Cut(text, "//")
	d.Marker, d.Reason = strings.TrimSpace(body), cleanReason(reason)
	if list, ok := strings.CutPrefix(body, "nolint:"); ok && !strings.HasPrefix(body, "nolint:all") {
		items := strings.Split(list, ",")
		all := false
		for _, it := range items {
			all = all || strings.EqualFold(strings.TrimSpace(it), "all")
		}
		if !all {
			names, ok := golangciNames.resolve(items)
			if !ok {
				return
			}
			d.Names = names
		}
	} else if !ok {
		// "nolint" followed by a space and an explanation: every linter.
		d.Marker = "nolint"
		if r := strings.TrimSpace(strings.TrimPrefix(body, "nolint")); r != "" && d.Reason == "" {
			d.Reason = cleanReason(r)
		}
	}
	from, to, col := f.goGroup(i)
	if next := to + 1; next <= f.lines() {
		off := f.starts[next-1] + col - 1
		if off < len(f.src) && f.firstCodeOffset(next) == off {
			if n := f.outermostAt(off); n.Valid() {
				to = max(to, f.endLine(n))
			}
		}
	}
	s.add(lineRegion(d, from, to))
}

// goGroup is the comment group of comment i, as go/ast forms them:
// comments separated by no blank line. A comment after code on its line
// starts its own group only at that line. It returns the group's first
// and last lines and the column of its first comment.
func (f *file) goGroup(i int) (from, to, col int) {
	first := i
	for first > 0 && f.comments[first].alone && f.comments[first-1].alone &&
		f.comments[first-1].end.Line >= f.comments[first].start.Line-1 {
		first--
	}
	last := i
	for last+1 < len(f.comments) && f.comments[last+1].alone && f.comments[last].alone &&
		f.comments[last+1].start.Line <= f.comments[last].end.Line+1 {
		last++
	}
	return f.comments[first].start.Line, f.comments[last].end.Line, f.comments[first].start.Col
}
