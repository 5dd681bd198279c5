// Package rustkeep finds, for the layout model (internal/rules/layout),
// the Rust code rustfmt keeps as written rather than formats: a
// statement it cannot bring within max_width, and a match whose arms'
// patterns hold a comment.
package rustkeep

import "github.com/iflint/iflint/internal/syntax"

// Statement is the node rustfmt fails to format, keeping it as written,
// when the line holding offset off is wider than max_width: the line's
// nearest ancestor that stands in a block (or at an item's level), or
// that of the outermost closure holding it, whose failure fails the
// expression holding it (`let x = y.ok_or_else(|| { ..wide.. })`): a
// control-flow block's statements are formatted one by one. -1 when
// there is none.
func Statement(ft *syntax.FlatTree, off int) int {
	nodes := ft.Nodes
	leaf := -1
	for k, n := range nodes { // pre-order: the last node holding off is the deepest
		if n.Start <= off && off < n.End {
			leaf = k
		}
	}
	// From the outermost closure holding the line, if any: a failure
	// inside a closure's body fails the expression holding the closure,
	// whatever blocks stand between.
	from := leaf
	for cur := leaf; cur >= 0; cur = nodes[cur].Parent {
		if t := nodes[cur].Type; t == "function_item" || t == "impl_item" {
			break
		} else if t == "closure_expression" {
			from = cur
		}
	}
	for cur := from; cur >= 0 && nodes[cur].Parent >= 0; cur = nodes[cur].Parent {
		if t := nodes[nodes[cur].Parent].Type; t == "block" || t == "source_file" || t == "declaration_list" {
			return cur
		}
	}
	return -1
}

// Matches are the match expressions one of whose arms has a comment in
// its pattern (`None` / `// why` / `| Some(A)` / `=> {`): rustfmt
// cannot place the comment and keeps the whole match as written, its
// arms' bodies too; only its first line is placed.
func Matches(ft *syntax.FlatTree) []int {
	nodes := ft.Nodes
	var out []int
	seen := map[int]bool{}
	for k, n := range nodes {
		if n.Type != "line_comment" && n.Type != "block_comment" {
			continue
		}
		inPattern := false
	up:
		for cur := nodes[k].Parent; cur >= 0; cur = nodes[cur].Parent {
			switch nodes[cur].Type {
			case "match_pattern":
				inPattern = true
			case "match_arm":
				if !inPattern {
					break up // in an arm's body: formatted as any code
				}
			case "match_expression":
				if inPattern && !seen[cur] {
					seen[cur] = true
					out = append(out, cur)
				}
				break up
			}
		}
	}
	return out
}
