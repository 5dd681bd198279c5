package check

import (
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// spacingAuthority names whose spacing rules the lint profile follows.
func spacingAuthority(id lang.ID) string {
	switch id {
	case lang.Python:
		return "pycodestyle checks them"
	case lang.Go:
		return "gofmt prints them"
	case lang.Rust:
		return "rustfmt prints them"
	}
	return "binary operators, assignments and commas"
}

func lintSpacingIssues(u *Unit, c constraint.Constraint, root syntax.Node) []LayoutIssue {
	return nil
}
