package signature

// The text the evaluator matches a type against. It first strips
// comments (Pygments) and then reads type nodes' source text; here
// comments are skipped while collecting a node's text, which gives the
// same strings without re-lexing the file.

import (
	"strings"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// textWithoutComments is n's source text without the comments inside it.
func textWithoutComments(n syntax.Node) string {
	if !n.Valid() {
		return ""
	}
	text := n.Text()
	if !strings.ContainsAny(text, "/#") {
		return text // no comment can hide in it
	}
	var comments [][2]int
	n.Walk(func(m syntax.Node) bool {
		if isComment(m) {
			comments = append(comments, [2]int{m.Start() - n.Start(), m.End() - n.Start()})
			return false
		}
		return true
	})
	if len(comments) == 0 {
		return text
	}
	var b strings.Builder
	at := 0
	for _, c := range comments {
		if c[0] < at || c[1] > len(text) {
			continue
		}
		b.WriteString(text[at:c[0]])
		at = c[1]
	}
	b.WriteString(text[at:])
	return b.String()
}

func isComment(n syntax.Node) bool {
	switch n.Type() {
	case "comment", "line_comment", "block_comment":
		return true
	}
	return false
}

// returnText is f's return type as the evaluator reads it.
func returnText(f definition, id lang.ID) string {
	switch id {
	case lang.Python:
		return pyUnparse(f.Ret)
	case lang.Rust:
		return strings.TrimSpace(textWithoutComments(f.Ret))
	}
	return textWithoutComments(f.Ret)
}
