package syntaxuse

import (
	"bytes"
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// The evaluator parses Python with ast.parse first: code that does not
// parse uses no feature, calls nothing and imports nothing, and the rules
// say so with a finding at the error.

// pythonSyntaxError approximates "ast.parse raises SyntaxError" by the
// tree-sitter Python tree containing an ERROR or MISSING node. It returns
// the first such node (a MISSING one first: it marks the exact spot) so a
// finding can point at it.
func pythonSyntaxError(root syntax.Node, m *work.Meter) (syntax.Node, bool) {
	if !root.HasError() {
		return syntax.Node{}, false
	}
	var missing, errNode syntax.Node
	root.Walk(func(n syntax.Node) bool {
		m.Add(1)
		if missing.Valid() {
			return false
		}
		switch {
		case n.IsMissing():
			missing = n
			return false
		case n.IsError() && !errNode.Valid():
			errNode = n
		}
		return n.HasError()
	})
	switch {
	case missing.Valid():
		return missing, true
	case errNode.Valid():
		return errNode, true
	}
	return root, true
}

// syntaxErrorResult is the Fail the evaluator gives Python code that
// ast.parse rejects. The finding covers the first line of the error, as
// ERROR nodes can span the rest of the file.
func syntaxErrorResult(u *check.Unit, bad syntax.Node, what string) check.Result {
	start, end := bad.Start(), bad.End()
	if start > len(u.Src) {
		start = len(u.Src)
	}
	if end > len(u.Src) {
		end = len(u.Src)
	}
	if nl := bytes.IndexByte(u.Src[start:end], '\n'); nl >= 0 {
		end = start + nl
	}
	if end <= start && start < len(u.Src) {
		end = start + 1
	}
	line, _ := u.Position(start)
	msg := "syntax error"
	if bad.IsMissing() {
		msg = fmt.Sprintf("syntax error: missing %q", bad.Type())
	}
	return check.Failed(fmt.Sprintf("Python code does not parse (line %d), so %s cannot be confirmed", line, what),
		check.Finding{Start: start, End: end, Message: msg})
}
