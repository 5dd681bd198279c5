package fix

import "github.com/iflint/iflint/internal/constraint"

// fixers is the explicit list of deterministic fixers, one per
// constraint type a rule can fix safely; every other type is left to the
// LLM refactor.
var fixers = map[constraint.Type]Fixer{
	constraint.Naming:      FixNaming,
	constraint.Indentation: FixIndentation,
	constraint.Braces:      FixBraces,
	constraint.Comments:    FixComments,
}

// For returns the deterministic fixer of t, or nil when there is none.
func For(t constraint.Type) Fixer { return fixers[t] }

// Fixable lists the types that have a deterministic fixer, sorted.
func Fixable() []constraint.Type {
	var out []constraint.Type
	for _, in := range constraint.All() {
		if fixers[in.Type] != nil {
			out = append(out, in.Type)
		}
	}
	return out
}
