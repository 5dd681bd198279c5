package langtype

// Feature hints located in one pass. Each language feature runs its
// regexp only on the lines holding one of its hint literals; looking for
// every hint of every feature separately scanned a text a couple of
// hundred times. An Aho-Corasick automaton over all hints finds, in one
// scan, which lines hold which hint, and a feature then reads the union
// of its hints' lines: the same lines (countFeatureIn, features.go).

// hintScanner is the automaton, built once with the features.
type hintScanner struct {
	next []int32   // next[state<<8|byte]: a complete transition table
	out  [][]int32 // hint ids that end on reaching a state
	n    int       // number of hints
}

func newHintScanner(hints []string) *hintScanner {
	h := &hintScanner{next: make([]int32, 256), out: [][]int32{nil}, n: len(hints)}
	for id, s := range hints {
		st := int32(0)
		for i := 0; i < len(s); i++ {
			nx := h.next[int(st)<<8|int(s[i])]
			if nx == 0 {
				nx = int32(len(h.out))
				h.out = append(h.out, nil)
				h.next = append(h.next, make([]int32, 256)...)
				h.next[int(st)<<8|int(s[i])] = nx
			}
			st = nx
		}
		h.out[st] = append(h.out[st], int32(id))
	}
	// Breadth-first failure links, folded into the table so that every
	// transition is one lookup.
	fail := make([]int32, len(h.out))
	var queue []int32
	for b := 0; b < 256; b++ {
		if nx := h.next[b]; nx != 0 {
			queue = append(queue, nx)
		}
	}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		h.out[st] = append(h.out[st], h.out[fail[st]]...)
		for b := 0; b < 256; b++ {
			nx := h.next[int(st)<<8|b]
			if nx != 0 {
				fail[nx] = h.next[int(fail[st])<<8|b]
				queue = append(queue, nx)
			} else {
				h.next[int(st)<<8|b] = h.next[int(fail[st])<<8|b]
			}
		}
	}
	return h
}

// hintLines is one text's lines and, per hint id, the lines holding it.
type hintLines struct {
	spans  [][2]int // [start, end) of each line, without its '\n'
	byHint [][]int32
}

func (h *hintScanner) scan(text string) *hintLines {
	hl := &hintLines{byHint: make([][]int32, h.n)}
	st, line, start := int32(0), int32(0), 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		st = h.next[int(st)<<8|int(c)]
		for _, id := range h.out[st] {
			if ls := hl.byHint[id]; len(ls) == 0 || ls[len(ls)-1] != line {
				hl.byHint[id] = append(ls, line)
			}
		}
		if c == '\n' {
			hl.spans = append(hl.spans, [2]int{start, i})
			line++
			start = i + 1
		}
	}
	hl.spans = append(hl.spans, [2]int{start, len(text)})
	return hl
}

// hintIDs numbers the distinct hints of all features (strings.Fields
// splits them, so none holds a line break).
func hintIDs(fs []langFeature) (hints []string) {
	ids := map[string]int{}
	for i := range fs {
		for _, s := range fs[i].hints {
			id, ok := ids[s]
			if !ok {
				id = len(hints)
				ids[s] = id
				hints = append(hints, s)
			}
			fs[i].hintIDs = append(fs[i].hintIDs, id)
		}
	}
	return hints
}
