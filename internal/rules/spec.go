package rules

import (
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/syntaxuse"
)

// ParseSpec parses a user's spec (an .iflint.yml entry) and validates
// every field that names something from a vocabulary: constraint's
// tables (naming kinds and conventions, styles, versions) and the rules'
// own, kept by the family that checks them (advanced_syntax features per
// language, in syntaxuse). A misspelt value is an error with the accepted
// values and a did-you-mean, never a constraint that silently checks
// nothing. The benchmark parses the paper's answers with
// constraint.ParseAnswer instead: their verdicts must not change.
func ParseSpec(t constraint.Type, spec string) (constraint.Constraint, error) {
	c, err := constraint.ParseSpec(t, spec)
	if err != nil {
		return c, err
	}
	if validate, ok := ruleVocabularies[t]; ok {
		return c, validate(c)
	}
	return c, nil
}

// ruleVocabularies are the spec checks a rule family keeps for the
// fields only it knows the values of.
var ruleVocabularies = map[constraint.Type]func(constraint.Constraint) error{
	constraint.AdvancedSyntax: syntaxuse.ValidateFeature,
}
