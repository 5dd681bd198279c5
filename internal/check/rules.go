package check

import (
	"sort"

	"github.com/iflint/iflint/internal/constraint"
)

// Rules lists every rule-based checker, one per constraint type, each in
// its own file. Adding a rule means adding its file and one line here.
var Rules = []*Rule{
	languageTypeRule,
	languageVersionRule,
	advancedSyntaxRule,
	functionRule,
	libraryRule,
	inputTypeRule,
	inputOrderRule,
	outputTypeRule,
	outputOrderRule,
	dsTypeRule,
	dsSizeRule,
	dsOperationRule,
	namingRule,
	indentationRule,
	bracesRule,
	commentsRule,
}

var registry = func() map[constraint.Type]*Rule {
	m := map[constraint.Type]*Rule{}
	for _, r := range Rules {
		if _, dup := m[r.Type]; dup {
			panic("duplicate rule for " + string(r.Type))
		}
		m[r.Type] = r
	}
	return m
}()

// For returns the rule deciding t, if t is rule-decided.
func For(t constraint.Type) (*Rule, bool) {
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
// until a judge decides them.
func Run(u *Unit, c constraint.Constraint) Result {
	r, ok := registry[c.Type]
	if !ok {
		return Result{Verdict: Unverified, Method: MethodLLM, Reason: "decided by an LLM judge; no judge configured"}
	}
	return r.Run(u, c)
}
