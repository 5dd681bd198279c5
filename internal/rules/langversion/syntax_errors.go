package langversion

// A syntax error is a version issue in every language: the static
// analysis reports the first ERROR or MISSING node of the parse.

import (
	"fmt"

	"github.com/iflint/iflint/internal/syntax"
)

type nodeRange = syntax.Node

// firstSyntaxError returns the first ERROR or MISSING node, if any.
func firstSyntaxError(root syntax.Node) (syntax.Node, bool) {
	var bad syntax.Node
	if !root.HasError() {
		return bad, false
	}
	root.Walk(func(n syntax.Node) bool {
		if bad.Valid() {
			return false
		}
		if n.IsError() || n.IsMissing() {
			bad = n
			return false
		}
		return n.HasError()
	})
	return bad, bad.Valid()
}

func syntaxIssue(n syntax.Node) versionIssue {
	what := "syntax error"
	if n.IsMissing() {
		what = fmt.Sprintf("syntax error (missing %s)", n.Type())
	}
	return versionIssue{n.Start(), n.End(), fmt.Sprintf("%s at line %d", what, n.StartPoint().Row+1)}
}
