package infer

import (
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// unitNames say what each rule counts.
var unitNames = map[constraint.Type]string{
	constraint.Indentation: "lines",
	constraint.Braces:      "braces",
	constraint.Comments:    "declarations",
}

// decide chooses the convention of type t for language id, or returns
// nil when no candidate of t applies to the language.
func (le *langEvidence) decide(cs *candidates, id lang.ID, t constraint.Type, o Options) *Decision {
	values := cs.values[t]
	if t == constraint.Comments {
		values = nil
		if v := docValue(id); v != "" {
			values = []string{v}
		}
	}
	by, ok := le.others[t]
	if !ok || len(values) == 0 {
		return nil
	}
	d := &Decision{Type: t, Chosen: -1, Unit: unitNames[t]}
	for _, v := range values {
		c, ok := by[string(id)+";"+v]
		if !ok {
			return nil // the type does not apply to the language's files
		}
		c.Value = v
		d.Candidates = append(d.Candidates, c)
	}
	d.Chosen = choose(d.Candidates, cs.prefValue(t, id), o)
	return d
}

// choose picks among candidates the one the code follows: of those at or
// above the threshold, a candidate implied by a stricter one that also
// qualifies is dropped (multiples of 4 spaces are also multiples of 2;
// say 4); of the rest, the ecosystem's own convention (pref, the
// embedded default's) when it is among them, so that a Go parameter
// stays MixedCaps when camelCase holds as often, else the highest share,
// ties going to the earlier candidate. It returns -1 when none
// qualifies.
func choose(cands []Candidate, pref string, o Options) int {
	ok := map[string]bool{}
	for _, c := range cands {
		if c.meets(o) {
			ok[c.Value] = true
		}
	}
	weaker := map[string]bool{}
	for v := range ok {
		for _, w := range implied[v] {
			weaker[w] = true
		}
	}
	best := -1
	for i, c := range cands {
		if !ok[c.Value] || weaker[c.Value] {
			continue
		}
		if c.Value == pref {
			return i
		}
		if best < 0 || better(c, cands[best], pref) {
			best = i
		}
	}
	return best
}

// better reports whether a has a higher share than b, or the same share
// and is the preferred value. Shares compare exactly, by cross products.
func better(a, b Candidate, pref string) bool {
	x, y := int64(a.Bad)*int64(max(b.Units, 1)), int64(b.Bad)*int64(max(a.Units, 1))
	if x != y {
		return x < y
	}
	return a.Value == pref && b.Value != pref
}
