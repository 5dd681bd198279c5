package doclint

// A Python docstring as ast.get_docstring reads it, for the paper's rule
// and pydocstyle's alike.

import (
	"strings"

	"github.com/iflint/iflint/internal/syntax"
)

// A Python docstring as ast.get_docstring reads it, for the paper's rule
// and pydocstyle's alike.

// HasDocstring mirrors ast.get_docstring being truthy: the first
// statement is a plain (non-f, non-bytes) string whose cleaned text is
// not empty.
func HasDocstring(body syntax.Node) bool {
	if !body.Valid() {
		return false
	}
	for i := 0; i < body.NamedChildCount(); i++ {
		st := body.NamedChild(i)
		if st.Type() == "comment" {
			continue
		}
		if st.Type() != "expression_statement" || st.NamedChildCount() != 1 {
			return false
		}
		e := st.NamedChild(0)
		var parts []syntax.Node
		switch e.Type() {
		case "string":
			parts = []syntax.Node{e}
		case "concatenated_string":
			for j := 0; j < e.NamedChildCount(); j++ {
				parts = append(parts, e.NamedChild(j))
			}
		default:
			return false
		}
		text := ""
		for _, p := range parts {
			s, ok := docstringPart(p)
			if !ok {
				return false
			}
			text += s
		}
		return docStrip(text) != ""
	}
	return false
}

// docstringPart returns a string literal's approximate value, or false
// for f-strings and bytes (which are never docstrings).
func docstringPart(n syntax.Node) (string, bool) {
	if n.Type() != "string" {
		return "", false
	}
	txt := n.Text()
	q := strings.IndexAny(txt, `'"`)
	if q < 0 {
		return "", false
	}
	prefix := strings.ToLower(txt[:q])
	if strings.ContainsAny(prefix, "fb") {
		return "", false
	}
	var sb strings.Builder
	for i := 0; i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch c.Type() {
		case "string_content":
			sb.WriteString(c.Text())
		case "escape_sequence":
			if strings.Contains(prefix, "r") {
				sb.WriteString(c.Text())
			} else if t := c.Text(); len(t) == 2 && strings.ContainsRune("ntrvf", rune(t[1])) {
				sb.WriteByte(' ')
			} else {
				sb.WriteString("x")
			}
		case "interpolation":
			return "", false
		}
	}
	return sb.String(), true
}

// docStrip trims what Python's str.strip() trims, which includes the
// \x1c-\x1f separators that Go's unicode.IsSpace does not.
func docStrip(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		switch r {
		case ' ', '\t', '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0xa0, 0x1680,
			0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
			return true
		}
		return r >= 0x2000 && r <= 0x200a
	})
}
