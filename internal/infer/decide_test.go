package infer

import (
	"testing"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

var opts = Options{Min: 0.95, MinUnits: 20}

func cand(v string, units, bad int) Candidate {
	return Candidate{Value: v, Tally: Tally{Units: units, Bad: bad}}
}

func TestChoose(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cands []Candidate
		pref  string
		want  string
	}{
		{"highest share among those qualifying", []Candidate{cand("a", 100, 4), cand("b", 100, 1), cand("c", 100, 50)}, "", "b"},
		{"none at the threshold", []Candidate{cand("a", 100, 6), cand("b", 100, 10)}, "", ""},
		{"exactly at the threshold", []Candidate{cand("a", 100, 5)}, "", "a"},
		{"too few units", []Candidate{cand("a", 19, 0)}, "", ""},
		{"the ecosystem's convention when it qualifies", []Candidate{cand("go", 100, 2), cand("camelCase", 100, 0)}, "go", "go"},
		{"not the ecosystem's when it does not", []Candidate{cand("go", 100, 6), cand("camelCase", 100, 0)}, "go", "camelCase"},
		{"tie: the earlier one", []Candidate{cand("a", 100, 1), cand("b", 100, 1)}, "", "a"},
		{"a stricter candidate that holds wins over what it implies", []Candidate{cand("tabs", 100, 60), cand("spaces:8", 100, 40), cand("spaces:4", 100, 2), cand("spaces:2", 100, 0)}, "", "spaces:4"},
		{"the implied one when the stricter fails", []Candidate{cand("spaces:4", 100, 30), cand("spaces:2", 100, 1)}, "", "spaces:2"},
		{"1TBS over K&R, even when K&R is the default", []Candidate{cand("1TBS", 120, 1), cand("K&R", 100, 0), cand("Allman", 100, 99)}, "K&R", "1TBS"},
		{"K&R when 1TBS does not hold", []Candidate{cand("1TBS", 120, 20), cand("K&R", 100, 0), cand("Allman", 100, 99)}, "K&R", "K&R"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			if i := choose(tc.cands, tc.pref, opts); i >= 0 {
				got = tc.cands[i].Value
			}
			if got != tc.want {
				t.Errorf("choose = %q, want %q", got, tc.want)
			}
		})
	}
}

// names builds naming evidence: kind -> convention -> (units, bad).
func names(m map[constraint.NameKind]map[string][2]int) map[constraint.NameKind]map[string]Tally {
	out := map[constraint.NameKind]map[string]Tally{}
	for k, by := range m {
		out[k] = map[string]Tally{}
		for conv, ub := range by {
			out[k][conv] = Tally{Units: ub[0], Bad: ub[1]}
		}
	}
	return out
}

// all gives every convention of a Python declaration set the same units,
// with bad for those not listed as good.
func all(units int, bad map[string]int) map[string][2]int {
	out := map[string][2]int{}
	for _, c := range conventionsFor(lang.Python) {
		b, ok := bad[c]
		if !ok {
			b = units
		}
		out[c] = [2]int{units, b}
	}
	return out
}

func TestDecideNaming(t *testing.T) {
	ev := names(map[constraint.NameKind]map[string][2]int{
		// Classes follow PascalCase, but the type aliases a class rule
		// would also govern do not: no class rule.
		constraint.KindClass: all(100, map[string]int{"PascalCase": 0}),
		constraint.KindAlias: all(30, map[string]int{"PascalCase": 20}),
		// Functions and methods agree: one function rule governs both.
		constraint.KindFunction: all(100, map[string]int{"snake_case": 1}),
		constraint.KindMethod:   all(50, map[string]int{"snake_case": 0, "camelCase": 40}),
		// Parameters differ from variables: a rule of their own.
		constraint.KindVariable:  all(200, map[string]int{"snake_case": 2}),
		constraint.KindParameter: all(40, map[string]int{"camelCase": 0}),
		// Too few fields for a rule of their own; they follow variables.
		constraint.KindField: all(5, map[string]int{"snake_case": 0}),
		// Imports hold no convention.
		constraint.KindImport: all(60, map[string]int{"snake_case": 30, "PascalCase": 30}),
	})
	pref := map[constraint.NameKind]string{constraint.KindClass: "PascalCase", constraint.KindFunction: "snake_case", constraint.KindVariable: "snake_case"}
	n := decideNaming(lang.Python, ev, pref, opts)
	if got, want := n.Spec(), "python;function:snake_case,variable:snake_case,parameter:camelCase"; got != want {
		t.Errorf("spec = %q, want %q", got, want)
	}
	want := map[constraint.NameKind]Tally{
		constraint.KindFunction:  {Units: 150, Bad: 1},
		constraint.KindVariable:  {Units: 205, Bad: 2},
		constraint.KindParameter: {Units: 40, Bad: 0},
	}
	for _, r := range n.Rules {
		if r.Tally != want[r.Kind] {
			t.Errorf("%s rule tally = %+v, want %+v", r.Kind, r.Tally, want[r.Kind])
		}
	}
	rule := map[constraint.NameKind]constraint.NameKind{}
	for _, ke := range n.Kinds {
		rule[ke.Kind] = ke.Rule
	}
	for k, r := range map[constraint.NameKind]constraint.NameKind{
		constraint.KindClass: "", constraint.KindAlias: "", constraint.KindImport: "",
		constraint.KindMethod: constraint.KindFunction, constraint.KindField: constraint.KindVariable,
		constraint.KindParameter: constraint.KindParameter,
	} {
		if rule[k] != r {
			t.Errorf("%s governed by %q, want %q", k, rule[k], r)
		}
	}
	// Every rule written holds for at least Min of what it governs.
	if j := n.Judged(); j.Share() < opts.Min {
		t.Errorf("judged share %.3f below %.2f", j.Share(), opts.Min)
	}
}

// A parent kind without declarations of its own still gets the rule its
// sub-kinds agree on (Java's functions are all methods).
func TestDecideNamingParentOfSubKindsOnly(t *testing.T) {
	ev := names(map[constraint.NameKind]map[string][2]int{
		constraint.KindMethod: all(500, map[string]int{"camelCase": 3}),
	})
	n := decideNaming(lang.Java, ev, map[constraint.NameKind]string{constraint.KindFunction: "camelCase"}, opts)
	if got, want := n.Spec(), "java;function:camelCase"; got != want {
		t.Errorf("spec = %q, want %q", got, want)
	}
}

func TestAlternateRules(t *testing.T) {
	n := &Naming{Rules: []NameRule{{Kind: constraint.KindClass, Convention: "PascalCase"}, {Kind: constraint.KindConstant, Convention: "PascalCase"}}}
	if got := n.alternateRules(); got != "constant:PascalCase" {
		t.Errorf("alternateRules = %q, want constant:PascalCase (class is at its default)", got)
	}
}
