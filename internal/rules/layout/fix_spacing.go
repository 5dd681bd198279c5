package layout

import (
	"cmp"
	"slices"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/work"
)

// spacingEdits are the edits of the given spacing fixes: each fix's own
// (blanks added around an operator, after a comma, or removed around a
// keyword argument's "=", as the rule decided). A fix whose edits would
// overlap an edit already taken (a comma right before an operator, say)
// is skipped with that reason; identical edits are taken once.
//
// The edits taken so far are kept sorted (editSet), so each overlap test
// looks at the few edits next to it, not at all of them: a long line
// with thousands of commas composes in n·log n.
func spacingEdits(fixes []*layoutFix, taken check.Edits, m *work.Meter) (check.Edits, []check.Skipped) {
	var out check.Edits
	var skipped []check.Skipped
	before := newEditSet(taken, m)
	var added editSet
	added.m = m
	seen := map[check.Edit]bool{}
	for _, e := range taken {
		seen[e] = true
	}
	for _, fx := range fixes {
		clash := false
		for _, e := range fx.edits {
			if before.clashes(e) || added.clashes(e) {
				clash = true
			}
		}
		if clash {
			skipped = append(skipped, check.Skipped{Start: fx.start, End: fx.end, Reason: "not fixed: its blanks overlap another fix on this line; run the fixer again"})
			continue
		}
		for _, e := range fx.edits {
			if !seen[e] {
				seen[e] = true
				out = append(out, e)
				added.insert(e)
			}
		}
	}
	return out, skipped
}

// editSet holds edits that do not overlap each other, sorted by start
// then end, so that their ends are sorted too: the edits an edit could
// overlap are found by binary search.
type editSet struct {
	es check.Edits
	m  *work.Meter
}

func newEditSet(es check.Edits, m *work.Meter) *editSet {
	s := &editSet{es: slices.Clone(es), m: m}
	slices.SortFunc(s.es, compareEdits)
	m.Add(len(es) * (1 + work.Log(len(es))))
	return s
}

func compareEdits(a, b check.Edit) int {
	if c := cmp.Compare(a.Start, b.Start); c != 0 {
		return c
	}
	return cmp.Compare(a.End, b.End)
}

// clashes says whether e overlaps an edit of the set other than itself:
// their ranges intersect, or one inserts strictly inside the other.
func (s *editSet) clashes(e check.Edit) bool {
	i := sort.Search(len(s.es), func(i int) bool { return s.es[i].End >= e.Start })
	s.m.Add(1 + work.Log(len(s.es)))
	for ; i < len(s.es) && s.es[i].Start <= e.End; i++ {
		s.m.Add(1)
		t := s.es[i]
		if t == e {
			continue
		}
		if e.Start < t.End && t.Start < e.End || e.Start == e.End && t.Start < e.Start && e.Start < t.End || t.Start == t.End && e.Start < t.Start && t.Start < e.End {
			return true
		}
	}
	return false
}

// insert adds e in order; fixes come in source order, so that is at or
// near the end.
func (s *editSet) insert(e check.Edit) {
	i, _ := slices.BinarySearchFunc(s.es, e, compareEdits)
	s.m.Add(1 + work.Log(len(s.es)) + len(s.es) - i)
	s.es = slices.Insert(s.es, i, e)
}
