package layoutview

import (
	"sort"

	"github.com/iflint/iflint/internal/check"
)

// LineFindings keeps at most one finding per source line, as the paper's
// evaluator counts lines. There is no cap: every finding is reported (a
// cap of 200 used to drop the rest silently).
type LineFindings struct {
	starts []int // source offsets where lines start
	seen   map[int]bool
	list   []check.Finding
}

func NewLineFindings(u *check.Unit) *LineFindings {
	return &LineFindings{starts: u.LineStarts(), seen: map[int]bool{}}
}

// Add adds a finding unless its line has one, and reports whether it did.
func (lf *LineFindings) Add(start, end int, msg string) bool {
	line := sort.SearchInts(lf.starts, start+1)
	if lf.seen[line] {
		return false
	}
	lf.seen[line] = true
	lf.list = append(lf.list, check.Finding{Start: start, End: end, Message: msg})
	return true
}

// Sorted returns the findings in source order.
func (lf *LineFindings) Sorted() []check.Finding {
	sort.SliceStable(lf.list, func(i, j int) bool { return lf.list[i].Start < lf.list[j].Start })
	return lf.list
}
