package langtype

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Rules lists the family's rules, one per constraint type.
var Rules = []*check.Rule{Rule}

// Rule decides whether the code is written in the required language. The
// two profiles differ in kind and share no code: the paper's evaluator
// asks the Guesslang model for its single reliable guess (paper.go);
// lint identifies the language from its syntax (lint.go), because the
// model, trained on whole files, mistakes short answers for a neighbour.
var Rule = &check.Rule{
	Type:  constraint.LanguageType,
	Paper: checkPaper,
	Lint:  checkLint,
	Doc:   languageTypeDoc,
}
