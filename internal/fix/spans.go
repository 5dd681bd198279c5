package fix

// What the comment fixer reads of a file: which text is a string's or a
// comment's, and where an offset of an edited text stood in the original.

import (
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/syntax"
)

// byteSpan is a half-open byte range.
type byteSpan struct{ start, end int }

// opaqueSpans are the strings and comments: a line starting inside one
// belongs to its text, so its leading blanks are content, not indentation.
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
func mapBack(sorted check.Edits, off int) int {
	delta := 0
	for _, e := range sorted {
		at := e.Start + delta
		if off < at {
			break
		}
		if off < at+len(e.New) {
			return e.Start
		}
		delta += len(e.New) - (e.End - e.Start)
	}
	return off - delta
}
