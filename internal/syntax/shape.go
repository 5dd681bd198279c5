package syntax

import "strings"

// Shape renders a tree's node types and nesting without positions, so
// two sources with the same structure (blanks aside) compare equal: the
// fix loop's syntax stage (internal/verify) and the brace fixer keep a
// change of blanks only when it keeps the shape.
func Shape(root Node) string {
	var sb strings.Builder
	var rec func(n Node)
	rec = func(n Node) {
		sb.WriteString("(" + n.Type())
		for i := 0; i < n.ChildCount(); i++ {
			rec(n.Child(i))
		}
		sb.WriteString(")")
	}
	rec(root)
	return sb.String()
}
