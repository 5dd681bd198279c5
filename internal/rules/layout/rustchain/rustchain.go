// Package rustchain reads a Rust method chain from the tree as rustfmt
// lays it out, for the layout model (internal/rules/layout): which of a
// chain's lines are its first element after the root.
package rustchain

import "github.com/iflint/iflint/internal/syntax"

// Continues reports whether the field expression at node field (the
// parent of a chain line's `.`) continues a chain begun before it, that
// is whether what it is called on is itself a method call or a field
// (`cmd.with_stderr_data(str![[r#"` ... `"#]])` / `.run()`), behind
// any `?` and `.await`: rustfmt puts such a line at the chain's indent
// even after a raw string closing at column 0, where it puts the first
// element after a root that is the string (`r#"` ... `"#` / `.trim()`)
// at the root's level.
func Continues(ft *syntax.FlatTree, field int) bool {
	nodes := ft.Nodes
	if field < 0 || nodes[field].Type != "field_expression" || nodes[field].First < 0 {
		return false
	}
	v := nodes[field].First
	for nodes[v].Type == "try_expression" || nodes[v].Type == "await_expression" {
		if nodes[v].First < 0 {
			return false
		}
		v = nodes[v].First
	}
	switch nodes[v].Type {
	case "field_expression":
		return true
	case "call_expression":
		f := nodes[v].First
		for f >= 0 && nodes[f].Type == "generic_function" {
			f = nodes[f].First
		}
		return f >= 0 && nodes[f].Type == "field_expression"
	}
	return false
}
