// Package editset holds a fixer's edits that do not overlap, sorted, so
// that whether a new edit clashes with one of them is a binary search
// (the layout family's spacing fixes on a line with thousands of commas).
package editset

import (
	"cmp"
	"slices"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/work"
)

// Set holds edits that do not overlap each other, sorted by start
// then end, so that their ends are sorted too: the edits an edit could
// overlap are found by binary search.
type Set struct {
	es check.Edits
	m  *work.Meter
}

// New is a set of es (sorted into a copy), charging m.
func New(es check.Edits, m *work.Meter) *Set {
	s := &Set{es: slices.Clone(es), m: m}
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

// Clashes says whether e overlaps an edit of the set other than itself:
// their ranges intersect, or one inserts strictly inside the other.
func (s *Set) Clashes(e check.Edit) bool {
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

// Insert adds e in order; fixes come in source order, so that is at or
// near the end.
func (s *Set) Insert(e check.Edit) {
	i, _ := slices.BinarySearchFunc(s.es, e, compareEdits)
	s.m.Add(1 + work.Log(len(s.es)) + len(s.es) - i)
	s.es = slices.Insert(s.es, i, e)
}
