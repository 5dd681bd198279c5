// Package fix models proposed source changes as byte-range edits and
// renders them for people: unified diffs and GitHub suggestion comments.
//
// Edits address the ORIGINAL source, never a partially edited one, so
// fixes computed independently for different findings can be merged and
// checked for conflicts before anything is written.
package check

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// ErrConflict reports edits that overlap, so applying both is ambiguous.
var ErrConflict = errors.New("conflicting edits")

// ErrRange reports an edit or suggestion whose offsets or lines do not
// fit the source.
var ErrRange = errors.New("edit out of range")

// Edit replaces src[Start:End] with New. Start == End is an insertion.
type Edit struct {
	Start, End int
	New        string
}

func (e Edit) String() string { return fmt.Sprintf("[%d:%d)→%q", e.Start, e.End, e.New) }

// Edits is one fix: a set of edits against the same original source.
// Order matters only between insertions at the same offset, which are
// applied in the order given.
type Edits []Edit

// Validate reports the first edit that does not fit src or that overlaps
// another edit.
func (es Edits) Validate(src []byte) error {
	_, err := es.Normalize(len(src), EditName)
	return err
}

// Apply returns a new buffer with every edit applied, or an error and no
// output: a fix is applied completely or not at all.
func (es Edits) Apply(src []byte) ([]byte, error) {
	sorted, err := es.Normalize(len(src), EditName)
	if err != nil {
		return nil, err
	}
	size := len(src)
	for _, e := range sorted {
		size += len(e.New) - (e.End - e.Start)
	}
	out := make([]byte, 0, size)
	last := 0
	for _, e := range sorted {
		out = append(out, src[last:e.Start]...)
		out = append(out, e.New...)
		last = e.End
	}
	return append(out, src[last:]...), nil
}

// Merge combines the fixes of different findings into one. An edit of b
// identical to one of a is dropped, since two findings often propose the
// same change (e.g. the same import). Different insertions at the same
// offset are kept, a's first, so the result is deterministic; any other
// overlap is an ErrConflict naming both edits. Offsets cannot be checked
// against a source here; Apply or Validate does that.
func Merge(a, b Edits) (Edits, error) {
	if _, err := a.Normalize(-1, fixName("first")); err != nil {
		return nil, err
	}
	if _, err := b.Normalize(-1, fixName("second")); err != nil {
		return nil, err
	}
	out := slices.Clone(a)
	origin := make([]int, 0, len(b)) // origin[k]: index in b of out[len(a)+k]
	for j, e := range b {
		if !slices.Contains(a, e) {
			out = append(out, e)
			origin = append(origin, j)
		}
	}
	return out.Normalize(-1, func(i int) string {
		if i < len(a) {
			return fixName("first")(i)
		}
		return fixName("second")(origin[i-len(a)])
	})
}

func EditName(i int) string { return fmt.Sprintf("edit #%d", i) }

func fixName(fix string) func(int) string {
	return func(i int) string { return fmt.Sprintf("%s fix's edit #%d", fix, i) }
}

// normalize returns the edits sorted by offset (stably, so insertions at
// one offset keep their order) after checking each fits a source of
// length n (n < 0: unknown) and none overlaps its successor. name(i)
// says which edit es[i] is in errors, in the caller's terms.
func (es Edits) Normalize(n int, name func(int) string) (Edits, error) {
	idx := make([]int, len(es))
	for i, e := range es {
		idx[i] = i
		switch {
		case e.Start < 0:
			return nil, fmt.Errorf("%w: %s %v: want Start >= 0", ErrRange, name(i), e)
		case e.Start > e.End:
			return nil, fmt.Errorf("%w: %s %v: want Start <= End", ErrRange, name(i), e)
		case n >= 0 && e.End > n:
			return nil, fmt.Errorf("%w: %s %v: want End <= source length %d", ErrRange, name(i), e, n)
		}
	}
	// Sorting by End as well puts an insertion before a replacement that
	// starts at the same offset, which is the only order in which they
	// do not overlap.
	slices.SortStableFunc(idx, func(i, j int) int {
		return cmp.Or(cmp.Compare(es[i].Start, es[j].Start), cmp.Compare(es[i].End, es[j].End))
	})
	sorted := make(Edits, len(es))
	for k, i := range idx {
		sorted[k] = es[i]
		if k == 0 {
			continue
		}
		p := idx[k-1]
		prev := es[p]
		if prev.End > es[i].Start {
			return nil, fmt.Errorf("%w: %s %v overlaps %s %v", ErrConflict, name(p), prev, name(i), es[i])
		}
	}
	return sorted, nil
}
