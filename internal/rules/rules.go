package rules

import (
	"slices"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/braces"
	"github.com/iflint/iflint/internal/rules/comments"
	"github.com/iflint/iflint/internal/rules/datastruct"
	"github.com/iflint/iflint/internal/rules/langtype"
	"github.com/iflint/iflint/internal/rules/langversion"
	"github.com/iflint/iflint/internal/rules/layout"
	"github.com/iflint/iflint/internal/rules/naming"
	"github.com/iflint/iflint/internal/rules/signature"
	"github.com/iflint/iflint/internal/rules/syntaxuse"
)

// Rules lists every rule-based checker, family by family; each family
// lists its own rules (one per constraint type) in its family.go.
var Rules = slices.Concat(
	langtype.Rules,
	langversion.Rules,
	syntaxuse.Rules,
	signature.Rules,
	datastruct.Rules,
	naming.Rules,
	layout.Rules,
	braces.Rules,
	comments.Rules,
)

// declared is each type's rule as its family declares it (unguarded):
// its functions name the family's package, which the documentation
// links (Declared).
var declared = func() map[constraint.Type]*check.Rule {
	m := map[constraint.Type]*check.Rule{}
	for _, r := range Rules {
		m[r.Type] = r
	}
	return m
}()

// Declared is t's rule as its family declares it, for documentation;
// run rules through For or Run, which keep them within budget.
func Declared(t constraint.Type) (*check.Rule, bool) {
	r, ok := declared[t]
	return r, ok
}

var registry = func() map[constraint.Type]*check.Rule {
	m := map[constraint.Type]*check.Rule{}
	for _, r := range Rules {
		if _, dup := m[r.Type]; dup {
			panic("duplicate rule for " + string(r.Type))
		}
		m[r.Type] = guarded(r)
	}
	return m
}()

// For returns the rule deciding t, if t is rule-decided, its runs within
// the work budget (budget.go).
func For(t constraint.Type) (*check.Rule, bool) {
	r, ok := registry[t]
	return r, ok
}

// RuleTypes lists the rule-decided types, sorted.
func RuleTypes() []constraint.Type {
	out := make([]constraint.Type, 0, len(registry))
	for t := range registry {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Run checks c on u. Types without a rule are Unverified (method llm)
// until a judge decides them. The error is a rule's internal failure
// (*check.RuleError), never a finding.
func Run(u *check.Unit, c constraint.Constraint) (check.Result, error) {
	r, ok := registry[c.Type]
	if !ok {
		return check.Result{Verdict: check.Unverified, Method: check.MethodLLM, Reason: "decided by an LLM judge; no judge configured"}, nil
	}
	return r.Run(u, c)
}
