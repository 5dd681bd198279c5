package fix

import (
	"strings"

	"github.com/iflint/iflint/internal/syntax"
)

// TreeShape renders a tree's node types and nesting without positions,
// so two sources with the same structure (whitespace aside) compare equal:
// the fix loop's syntax stage (internal/verify) and the brace fixer keep
// a whitespace-only change only when it keeps the shape.
func TreeShape(root syntax.Node) string {
	var sb strings.Builder
	var rec func(n syntax.Node)
	rec = func(n syntax.Node) {
		sb.WriteString("(" + n.Type())
		for i := 0; i < n.ChildCount(); i++ {
			rec(n.Child(i))
		}
		sb.WriteString(")")
	}
	rec(root)
	return sb.String()
}
