package layoutview

import (
	"sort"

	"github.com/iflint/iflint/internal/check"
)

// layFindings keeps at most one finding per source line, as the paper's
// evaluator counts lines. There is no cap: every finding is reported (a
// cap of 200 used to drop the rest silently).
type LayFindings struct {
	Starts []int // source offsets where lines start
	Seen   map[int]bool
	list   []check.Finding
}

func NewLayFindings(u *check.Unit) *LayFindings {
	return &LayFindings{Starts: u.LineStarts(), Seen: map[int]bool{}}
}

// Add adds a finding unless its line has one, and reports whether it did.
func (lf *LayFindings) Add(start, end int, msg string) bool {
	line := sort.SearchInts(lf.Starts, start+1)
	if lf.Seen[line] {
		return false
	}
	lf.Seen[line] = true
	lf.list = append(lf.list, check.Finding{Start: start, End: end, Message: msg})
	return true
}

// sorted returns the findings in source order.
func (lf *LayFindings) Sorted() []check.Finding {
	sort.SliceStable(lf.list, func(i, j int) bool { return lf.list[i].Start < lf.list[j].Start })
	return lf.list
}
