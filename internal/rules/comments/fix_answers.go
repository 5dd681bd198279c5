package comments

// Which change a re-check withdraws, found in n·log n: settle used to map
// every re-check finding back and ask every change whether it answers it
// (findings × changes per round, each mapping rebuilt from the edits).

import (
	"container/heap"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/work"
)

// firstAnswer is the first finding of fs (in their order) that some
// change answers, as the index of the first change (in changes' order)
// answering it and the finding's message; k is -1 when no change answers
// any. It is what scanning fs and, for each, changes in order finds
// (held to that scan by TestFirstAnswerAgreesWithTheScan).
func firstAnswer(changes []change, fs []check.Finding, sorted check.Edits, m *work.Meter) (k int, msg string) {
	if len(changes) == 0 || len(fs) == 0 {
		return -1, ""
	}
	m.Add((len(changes) + len(fs)) * (1 + work.Log(len(changes)+len(fs)+len(sorted))))
	back := newBackMap(sorted)
	ats := make([]int, len(fs))
	for i, fd := range fs {
		ats[i] = back.of(fd.Start)
	}
	// A change with still answers only its message at its at: the first
	// such change per (message, offset).
	type key struct {
		msg string
		at  int
	}
	exact := map[key]int{}
	var spans []int // indexes of the changes answering a span lo..hi
	for i, ch := range changes {
		if ch.still == "" {
			spans = append(spans, i)
			continue
		}
		if _, ok := exact[key{ch.still, ch.at}]; !ok {
			exact[key{ch.still, ch.at}] = i
		}
	}
	best := make([]int, len(fs))
	for i, fd := range fs {
		best[i] = -1
		if j, ok := exact[key{fd.Message, ats[i]}]; ok {
			best[i] = j
		}
	}
	// The spans, swept in the order of the offsets asked about: a change
	// joins the heap once its lo is reached and leaves it (lazily) once
	// its hi is passed, which no later offset undoes; the heap's top is
	// then the first change holding the offset.
	sort.Slice(spans, func(a, b int) bool { return changes[spans[a]].lo < changes[spans[b]].lo })
	order := make([]int, len(fs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ats[order[a]] < ats[order[b]] })
	open := &indexHeap{}
	next := 0
	for _, i := range order {
		at := ats[i]
		for next < len(spans) && changes[spans[next]].lo <= at {
			heap.Push(open, spans[next])
			next++
		}
		for open.Len() > 0 && changes[(*open)[0]].hi < at {
			heap.Pop(open)
		}
		if open.Len() > 0 && (best[i] < 0 || (*open)[0] < best[i]) {
			best[i] = (*open)[0]
		}
	}
	for i, j := range best {
		if j >= 0 {
			return j, fs[i].Message
		}
	}
	return -1, ""
}

// indexHeap is a min-heap of change indexes.
type indexHeap []int

func (h indexHeap) Len() int           { return len(h) }
func (h indexHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h indexHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *indexHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *indexHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
