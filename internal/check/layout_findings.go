package check

import "sort"

// layFindings keeps at most one finding per source line, as the paper's
// evaluator counts lines. There is no cap: every finding is reported (a
// cap of 200 used to drop the rest silently).
type layFindings struct {
	starts []int // source offsets where lines start
	seen   map[int]bool
	list   []Finding
}

func newLayFindings(u *Unit) *layFindings {
	return &layFindings{starts: u.lineStarts(), seen: map[int]bool{}}
}

func (lf *layFindings) add(start, end int, msg string) {
	line := sort.SearchInts(lf.starts, start+1)
	if lf.seen[line] {
		return
	}
	lf.seen[line] = true
	lf.list = append(lf.list, Finding{Start: start, End: end, Message: msg})
}

// sorted returns the findings in source order.
func (lf *layFindings) sorted() []Finding {
	sort.SliceStable(lf.list, func(i, j int) bool { return lf.list[i].Start < lf.list[j].Start })
	return lf.list
}
