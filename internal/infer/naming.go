package infer

import (
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// Naming is the naming decision for one language: a rule per kind that
// its declarations follow, written as one naming_convention spec.
type Naming struct {
	Lang lang.ID
	// Rules are the spec's kind:Convention pairs, in NameKinds order.
	Rules []NameRule
	// Kinds are the evidence of every kind the language's files
	// declare, in NameKinds order.
	Kinds []KindEvidence
	// Fixed, when set, are the rules (for the kinds other names may
	// follow instead of their own) the evidence was judged again with.
	Fixed string
	// family holds, for each parent kind, its tally under each
	// convention over every declaration its rule would govern.
	family map[constraint.NameKind][]Candidate
}

// NameRule is one kind:Convention pair of the spec.
type NameRule struct {
	Kind       constraint.NameKind
	Convention string
	// Tally is over every declaration the rule governs: its own kind's
	// and those of the kinds that fall back to it without a rule.
	Tally
	// Covers lists the kinds it governs that have declarations.
	Covers []constraint.NameKind
}

// KindEvidence is one kind's declarations under each convention.
type KindEvidence struct {
	Kind  constraint.NameKind
	Units int
	// ByConvention in the order conventions were considered.
	ByConvention []Candidate
	// Rule is the kind whose rule governs it in the spec, or "" when
	// no rule does.
	Rule constraint.NameKind
}

// Spec is the naming_convention spec, or "" when no kind has a rule.
func (n *Naming) Spec() string {
	if n == nil || len(n.Rules) == 0 {
		return ""
	}
	parts := make([]string, len(n.Rules))
	for i, r := range n.Rules {
		parts[i] = string(r.Kind) + ":" + r.Convention
	}
	return string(n.Lang) + ";" + strings.Join(parts, ",")
}

// Judged sums the rules' tallies.
func (n *Naming) Judged() Tally {
	var t Tally
	for _, r := range n.Rules {
		t.add(r.Tally)
	}
	return t
}

// rule returns the convention the spec sets for k itself, if any.
func (n *Naming) rule(k constraint.NameKind) (string, bool) {
	for _, r := range n.Rules {
		if r.Kind == k {
			return r.Convention, true
		}
	}
	return "", false
}

// alternateRules are the rules the naming rule reads alternates from
// (the class and constant conventions: a Python module-level name may
// follow them instead of the variable one) where the spec sets them to
// something other than the default they take when unset.
func (n *Naming) alternateRules() string {
	var parts []string
	for _, k := range []struct {
		kind constraint.NameKind
		def  string
	}{{constraint.KindClass, "PascalCase"}, {constraint.KindConstant, "UPPER_CASE"}} {
		if conv, ok := n.rule(k.kind); ok && conv != k.def {
			parts = append(parts, string(k.kind)+":"+conv)
		}
	}
	return strings.Join(parts, ",")
}

// decideNaming chooses, family by family (a parent kind and the kinds
// that fall back to it, such as function and method), the rules the
// language's declarations follow:
//
//   - a kind that falls back to its parent gets a rule of its own when
//     it has at least MinUnits declarations and one convention holds for
//     at least Min of them;
//   - the parent gets the convention that holds for at least Min of
//     every declaration it would govern (its own, and those of its kinds
//     without a rule of their own, among them the kinds whose own choice
//     is the same convention, which then need no rule), when they are at
//     least MinUnits;
//   - every other declaration is left unchecked.
//
// So every rule written holds for at least Min of what it governs.
func decideNaming(id lang.ID, names map[constraint.NameKind]map[string]Tally, pref map[constraint.NameKind]string, o Options) *Naming {
	n := &Naming{Lang: id, family: map[constraint.NameKind][]Candidate{}}
	convs := conventionsFor(id)
	own := map[constraint.NameKind]Candidate{} // a sub-kind's own choice
	for _, k := range constraint.NameKinds {
		by := names[k.Kind]
		if len(by) == 0 {
			continue
		}
		ke := KindEvidence{Kind: k.Kind}
		for _, conv := range convs {
			t := by[conv]
			ke.Units = max(ke.Units, t.Units)
			ke.ByConvention = append(ke.ByConvention, Candidate{Value: conv, Tally: t})
		}
		if ke.Units == 0 {
			continue
		}
		n.Kinds = append(n.Kinds, ke)
		if k.Falls != "" {
			if i := choose(ke.ByConvention, prefFor(pref, k.Kind), o); i >= 0 {
				own[k.Kind] = ke.ByConvention[i]
			}
		}
	}
	rules := map[constraint.NameKind]NameRule{}
	for _, p := range parents {
		// The parent's tally under each convention: its own declarations,
		// its sub-kinds without a choice, and those whose choice it is.
		var cands []Candidate
		for _, conv := range convs {
			c := Candidate{Value: conv}
			for _, ke := range n.Kinds {
				if family(ke.Kind) != p {
					continue
				}
				if ch, ok := own[ke.Kind]; ok && ch.Value != conv {
					continue
				}
				c.Tally.add(names[ke.Kind][conv])
			}
			cands = append(cands, c)
		}
		n.family[p] = cands
		conv := ""
		if i := choose(cands, prefFor(pref, p), o); i >= 0 {
			conv = cands[i].Value
			rules[p] = NameRule{Kind: p, Convention: conv, Tally: cands[i].Tally}
		}
		for k, ch := range own {
			if family(k) == p && ch.Value != conv {
				rules[k] = NameRule{Kind: k, Convention: ch.Value, Tally: ch.Tally}
			}
		}
	}
	for _, k := range constraint.NameKinds {
		if r, ok := rules[k.Kind]; ok {
			n.Rules = append(n.Rules, r)
		}
	}
	// Which rule governs each kind, as the naming rule resolves it.
	for i := range n.Kinds {
		ke := &n.Kinds[i]
		for k := ke.Kind; k != ""; k = k.Fallback() {
			if _, ok := rules[k]; ok {
				ke.Rule = k
				break
			}
		}
		if ke.Rule != "" {
			for j := range n.Rules {
				if n.Rules[j].Kind == ke.Rule {
					n.Rules[j].Covers = append(n.Rules[j].Covers, ke.Kind)
				}
			}
		}
	}
	return n
}

// prefFor is the embedded default's convention for k, following
// fallbacks; for a kind the default sets nothing for, the convention
// every ecosystem iflint models gives it (PascalCase types, UPPER_CASE
// constants), else the language's variable convention (an `import os`
// is snake_case in Python and camelCase in JavaScript, though the name
// is both).
func prefFor(pref map[constraint.NameKind]string, k constraint.NameKind) string {
	for kk := k; kk != ""; kk = kk.Fallback() {
		if c, ok := pref[kk]; ok {
			return c
		}
	}
	switch family(k) {
	case constraint.KindClass:
		return "PascalCase"
	case constraint.KindConstant:
		return "UPPER_CASE"
	}
	return pref[constraint.KindVariable]
}
