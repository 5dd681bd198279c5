// Package rustelse finds the comments rustfmt cannot attach: one that
// stands between a block's `}` and its `else`. rustfmt then keeps the
// `else` on a line of its own and the comment at the `}`'s level where
// the if-else is an expression (`let x = if ..`), and leaves the whole
// if-else as written where it is a statement or a block's tail (cargo:
// `}` / `// Starting with 1.60, ...` / `else {`). The layout rule's
// Rust reading (model_rust.go) applies what it finds.
package rustelse

import (
	"bytes"

	"github.com/iflint/iflint/internal/syntax"
)

// Gap is one comment-holding gap before an `else`.
type Gap struct {
	// Close is the offset just past the code before the comment (the
	// block's `}`), Else the else clause's start.
	Close, Else int
	// Statement: the if-else chain is a statement or a block's tail,
	// which rustfmt leaves as written.
	Statement bool
}

// Find returns the gaps of the file whose source is src and tree ft.
func Find(src []byte, ft *syntax.FlatTree) []Gap {
	var out []Gap
	for k, n := range ft.Nodes {
		if n.Type != "else_clause" || n.Parent < 0 {
			continue
		}
		prevEnd := -1
		for _, c := range ft.Children(n.Parent) {
			if c == k {
				break
			}
			if t := ft.Nodes[c].Type; t != "line_comment" && t != "block_comment" {
				prevEnd = ft.Nodes[c].End
			}
		}
		if prevEnd < 0 {
			continue
		}
		if gap := src[prevEnd:n.Start]; !bytes.Contains(gap, []byte("//")) && !bytes.Contains(gap, []byte("/*")) {
			continue
		}
		// The chain's outermost if: else-ifs nest in else clauses.
		top := n.Parent
		for ft.Nodes[top].Parent >= 0 {
			t := ft.Nodes[ft.Nodes[top].Parent].Type
			if t != "else_clause" && t != "if_expression" {
				break
			}
			top = ft.Nodes[top].Parent
		}
		p := ft.Nodes[top].Parent
		stmt := p >= 0 && (ft.Nodes[p].Type == "expression_statement" || ft.Nodes[p].Type == "block")
		out = append(out, Gap{Close: prevEnd, Else: n.Start, Statement: stmt})
	}
	return out
}
