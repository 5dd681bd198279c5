package fix

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// fixers is the explicit list of deterministic fixers still held here,
// one per constraint type a rule can fix safely, until each moves beside
// its rule (brace_block_formatting and comment_formatting have: their
// rules' Compose); every other type is left to the LLM refactor.
var fixers = map[constraint.Type]check.Composer{
	constraint.Naming:      composer(FixNaming),
	constraint.Indentation: composer(FixIndentation),
}

// composer adapts a fixer of a failing result to the findings it fixes.
func composer(fx Fixer) check.Composer {
	return func(u *check.Unit, c constraint.Constraint, fs []check.Finding) (check.Edits, []check.Skipped, error) {
		if len(fs) == 0 {
			return nil, nil, nil
		}
		return fx(u, c, check.Result{Verdict: check.Fail, Findings: fs})
	}
}

// For returns the deterministic fixer of t, or nil when there is none.
func For(t constraint.Type) check.Composer { return fixers[t] }

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
