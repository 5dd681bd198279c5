package layout

import (
	"math/rand"
	"slices"
	"testing"
)

// dependentsEager is how dependents built every line's list up front
// (quadratic on a chain of nested lines): the reference lineDeps.of must
// agree with.
func dependentsEager(m *indentModel, flaggedToo bool) [][]int {
	out := make([][]int, len(m.lines))
	for i := len(m.lines) - 1; i >= 0; i-- {
		l := m.lines[i]
		if a := l.anchor; a >= 0 && l.kind != lineSkip && (l.mode == attached || flaggedToo && l.mode == flagged) {
			out[a] = append(out[a], i)
			out[a] = append(out[a], out[i]...)
		}
		if l.host >= 0 {
			out[l.host] = append(out[l.host], i)
		}
	}
	return out
}

func TestLineDepsAgreeWithTheEagerLists(t *testing.T) {
	r := rand.New(rand.NewSource(22))
	modes := []lineMode{attached, detached, flagged}
	for round := 0; round < 2000; round++ {
		m := &indentModel{lines: make([]indentLine, r.Intn(12))}
		for i := range m.lines {
			l := &m.lines[i]
			l.anchor, l.host = -1, -1
			if i > 0 && r.Intn(4) > 0 {
				l.anchor = r.Intn(i)
			}
			if i > 0 && r.Intn(3) == 0 {
				l.host = r.Intn(i)
			}
			l.mode = modes[r.Intn(len(modes))]
			if r.Intn(6) == 0 {
				l.kind = lineSkip
			}
		}
		for _, flaggedToo := range []bool{false, true} {
			want := dependentsEager(m, flaggedToo)
			d := m.dependents(flaggedToo)
			for i := range m.lines {
				if got := d.of(i); !slices.Equal(got, want[i]) {
					t.Fatalf("lines %+v (flagged too: %v), line %d: %v, eagerly %v", m.lines, flaggedToo, i, got, want[i])
				}
			}
		}
	}
}
