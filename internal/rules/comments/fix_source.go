package comments

// Source helpers of the fixer: lines, indentation, line breaks, the
// spans of strings and comments, and offsets mapped back through edits.
// (internal/fix's indentation fixer has its own copies of a few; each
// family keeps what its fixer needs rather than share a package of odds
// and ends.)

import (
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/syntax"
)

// skipAll refuses every finding of fs for the same reason.
func skipAll(fs []check.Finding, why string) []check.Skipped {
	out := make([]check.Skipped, len(fs))
	for i, f := range fs {
		out[i] = check.Skipped{Start: f.Start, End: f.End, Reason: why}
	}
	return out
}

func isWS(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// byteSpan is a half-open byte range.
type byteSpan struct{ start, end int }

// opaqueSpans are the strings and comments: a line starting inside one
// belongs to its text.
func opaqueSpans(root syntax.Node) []byteSpan {
	var out []byteSpan
	root.Walk(func(n syntax.Node) bool {
		t := n.Type()
		if strings.Contains(t, "comment") || strings.Contains(t, "string") || strings.Contains(t, "heredoc") || t == "template_literal" {
			out = append(out, byteSpan{n.Start(), n.End()})
			return false
		}
		return true
	})
	return out
}

func insideSpan(sp []byteSpan, off int) bool {
	for _, s := range sp {
		if s.start < off && off < s.end {
			return true
		}
	}
	return false
}

// mapBack maps an offset of the edited text to the original: text an
// edit inserted maps to the start of the range it replaced.
func mapBack(sorted check.Edits, off int) int { return newBackMap(sorted).of(off) }

// backMap is mapBack for many offsets of one edited text, each mapped
// in log time: at[i] is where edit i's new text starts in the edited
// text, shift[i] how far the text after it moved.
type backMap struct {
	sorted    check.Edits
	at, shift []int
}

func newBackMap(sorted check.Edits) *backMap {
	m := &backMap{sorted: sorted, at: make([]int, len(sorted)), shift: make([]int, len(sorted))}
	delta := 0
	for i, e := range sorted {
		m.at[i] = e.Start + delta
		delta += len(e.New) - (e.End - e.Start)
		m.shift[i] = delta
	}
	return m
}

func (m *backMap) of(off int) int {
	// The last edit whose new text starts at or before off: only its
	// text can hold off, and the shift after it applies past it.
	i := sort.SearchInts(m.at, off+1) - 1
	if i < 0 {
		return off
	}
	if e := m.sorted[i]; off < m.at[i]+len(e.New) {
		return e.Start
	}
	return off - m.shift[i]
}
