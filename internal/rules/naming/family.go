package naming

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Rule decides naming_convention: the paper's token-based check and the
// lint profile's declaration-based one share nothing but the spec, so
// they are two implementations (paper.go, lint.go) and there is no
// divergence in detail to name. Both attach each finding's rename fix;
// Compose combines them (fix.go).
var Rule = &check.Rule{
	Type:    constraint.Naming,
	Paper:   checkPaper,
	Lint:    checkLint,
	Compose: compose,
	Doc:     ruleDoc,
}

// Rules lists the family's rules, one per constraint type.
var Rules = []*check.Rule{Rule}
