package pycodestyle

import "container/heap"

// The sets continued_indentation rescans whole in pycodestyle, kept so
// that each step costs O(log n) amortized: the same answers, without the
// quadratic cost of a long line with many brackets or a deep nesting.

// openList is one depth's open_rows: the rows that opened a bracket (or
// ended in ":") at that depth, in order. pycodestyle walks it backwards
// for the last row the current one hangs from by a valid hang; last
// indexes each row's relative indent to its last position instead (a
// row's relative indent is set before the row can be added, see
// continuedIndentation).
type openList struct {
	rows      []int
	last      map[int]int // relative indent -> last position in rows
	relIndent []int
}

func newOpenList(row int, relIndent []int) *openList {
	l := &openList{last: map[int]int{}, relIndent: relIndent}
	if row >= 0 {
		l.add(row)
	}
	return l
}

func (l *openList) add(row int) {
	l.last[l.relIndent[row]] = len(l.rows)
	l.rows = append(l.rows, row)
}

// hang is what pycodestyle's loop over reversed(open_rows[depth]) leaves:
// the hang from the last row with a valid hang, or from the first row
// (not hanging) when none has one.
func (l *openList) hang(rel int, valid []int) (int, bool) {
	best := -1
	for _, h := range valid {
		if j, ok := l.last[rel-h]; ok && j > best {
			best = j
		}
	}
	switch {
	case best >= 0:
		return rel - l.relIndent[l.rows[best]], true
	case len(l.rows) > 0:
		h := rel - l.relIndent[l.rows[0]]
		return h, containsInt(valid, h)
	}
	return 0, false
}

// chanceSet is indent_chances: a map from column to chance, and a
// max-heap of its columns, so that dropping every column from a bracket's
// on pops just those.
type chanceSet struct {
	m    map[int]indentChance
	cols maxHeap
}

func newChanceSet() *chanceSet { return &chanceSet{m: map[int]indentChance{}} }

func (s *chanceSet) set(col int, ch indentChance) {
	if _, ok := s.m[col]; !ok {
		heap.Push(&s.cols, col)
	}
	s.m[col] = ch
}

func (s *chanceSet) dropFrom(col int) {
	for len(s.cols) > 0 && s.cols[0] >= col {
		delete(s.m, heap.Pop(&s.cols).(int))
	}
}

type maxHeap []int

func (h maxHeap) Len() int           { return len(h) }
func (h maxHeap) Less(i, j int) bool { return h[i] > h[j] }
func (h maxHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *maxHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *maxHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// indentStack tracks the non-zero entries of the indent stack in a
// max-heap, so that resetting every entry above a column (on each
// closing bracket) pops just those. An entry is stale once its depth is
// set again (its stamp changes) or popped.
type indentStack struct {
	stamp   []int
	entries entryHeap
}

type indentEntry struct{ col, depth, stamp int }

func newIndentStack() *indentStack { return &indentStack{} }

// set is indent[d] = col.
func (s *indentStack) set(indent []int, d, col int) {
	indent[d] = col
	for len(s.stamp) <= d {
		s.stamp = append(s.stamp, 0)
	}
	s.stamp[d]++
	if col > 0 {
		heap.Push(&s.entries, indentEntry{col, d, s.stamp[d]})
	}
}

// zeroAbove is `for d in range(depth): if indent[d] > col: indent[d] = 0`
// with len(indent) == depth.
func (s *indentStack) zeroAbove(indent []int, col int) {
	for len(s.entries) > 0 && s.entries[0].col > col {
		e := heap.Pop(&s.entries).(indentEntry)
		if e.depth < len(indent) && s.stamp[e.depth] == e.stamp {
			indent[e.depth] = 0
			s.stamp[e.depth]++
		}
	}
}

type entryHeap []indentEntry

func (h entryHeap) Len() int           { return len(h) }
func (h entryHeap) Less(i, j int) bool { return h[i].col > h[j].col }
func (h entryHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *entryHeap) Push(x any)        { *h = append(*h, x.(indentEntry)) }
func (h *entryHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
