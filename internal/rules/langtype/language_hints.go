package langtype

// Feature hints located in one pass. Each language feature runs its
// regexp only on the lines holding one of its hint literals; looking for
// every hint of every feature separately scanned a text a couple of
// hundred times. An Aho-Corasick automaton over all hints finds, in one
// scan, which lines hold which hint, and a feature then reads the union
// of its hints' lines: the same lines. Of those it skips the lines that
// lack literals its regexp needs (needs), where the regexp finds nothing,
// so the counts are the same.

import (
	"regexp/syntax"
	"sort"
	"strings"
)

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

// countFeatureIn counts f's matches (up to its cap) on the lines holding
// one of its hints, or in the whole text for a feature without hints.
func countFeatureIn(text string, f langFeature, hl *hintLines) int {
	if len(f.hints) == 0 {
		return len(f.re.FindAllStringIndex(text, f.cap))
	}
	var lines []int32
	for _, id := range f.hintIDs {
		lines = append(lines, hl.byHint[id]...)
	}
	if len(lines) == 0 {
		return 0
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i] < lines[j] })
	n, prev := 0, int32(-1)
	for _, l := range lines {
		if l == prev {
			continue
		}
		prev = l
		sp := hl.spans[l]
		line := text[sp[0]:sp[1]]
		if !holds(f.needs, line) {
			continue
		}
		n += len(f.re.FindAllStringIndex(line, f.cap-n))
		if n >= f.cap {
			return f.cap
		}
	}
	return n
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

// needs lists, for a feature regexp, alternatives of literals a line must
// all hold for the regexp to match in it (any one alternative will do).
// It is read off the parsed regexp: literals required by every match of a
// branch, through captures and repetitions of at least one. Anything it
// cannot read (case folding, an alternation too wide to multiply out)
// only weakens the condition, so a line it rules out has no match; nil
// means no condition.
func needs(pattern string) [][]string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	alts := required(re.Simplify())
	for _, a := range alts {
		if len(a) == 0 {
			return nil
		}
	}
	return alts
}

const maxNeeds = 32

func required(re *syntax.Regexp) [][]string {
	none := [][]string{{}}
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 || len(re.Rune) == 0 {
			return none
		}
		return [][]string{{string(re.Rune)}}
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpAlternate:
		var out [][]string
		for _, s := range re.Sub {
			out = append(out, required(s)...)
			if len(out) > maxNeeds {
				return none
			}
		}
		return out
	case syntax.OpConcat:
		out := none
		for _, s := range re.Sub {
			d := required(s)
			if len(out)*len(d) > maxNeeds {
				continue // dropping a requirement only weakens the condition
			}
			var next [][]string
			for _, a := range out {
				for _, b := range d {
					next = append(next, append(append([]string(nil), a...), b...))
				}
			}
			out = next
		}
		return out
	}
	return none
}

// holds reports whether line meets one of needs' alternatives.
func holds(alts [][]string, line string) bool {
	if alts == nil {
		return true
	}
	for _, a := range alts {
		ok := true
		for _, lit := range a {
			if !strings.Contains(line, lit) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
