package braces

import (
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Rules lists the family's rules, one per constraint type.
var Rules = []*check.Rule{
	Rule,
}

// Rule decides brace_block_formatting. The two profiles differ in kind:
// the paper reads lines of text as MultiCodeIF's evaluator does
// (paper.go), lint reads the syntax tree (lint.go, reading.go), where a
// brace knows whether it opens a block, which header it belongs to and
// which keyword follows it.
var Rule = &check.Rule{
	Type:        constraint.Braces,
	Paper:       checkPaper,
	Lint:        checkLint,
	Compose:     compose,
	Doc:         doc,
	Divergences: divergences,
}

// knownStyle fails a style no profile knows, before either reading.
func knownStyle(c constraint.Constraint) (check.Result, bool) {
	if s := c.Name; s != "K&R" && s != "1TBS" && s != "Allman" {
		return check.Failed(fmt.Sprintf("unknown brace style %q (expected K&R, 1TBS or Allman)", s)), false
	}
	return check.Result{}, true
}
