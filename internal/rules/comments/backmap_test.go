package comments

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
)

// mapBackScan is the linear scan backMap replaced: the reference it
// must agree with on every offset.
func mapBackScan(sorted check.Edits, off int) int {
	delta := 0
	for _, e := range sorted {
		at := e.Start + delta
		if off < at {
			break
		}
		if off < at+len(e.New) {
			return e.Start
		}
		delta += len(e.New) - (e.End - e.Start)
	}
	return off - delta
}

func TestBackMapAgreesWithTheScan(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for round := 0; round < 2000; round++ {
		var sorted check.Edits
		pos := 0
		for k := r.Intn(6); k > 0; k-- {
			start := pos + r.Intn(4)
			end := start + r.Intn(3)
			sorted = append(sorted, check.Edit{Start: start, End: end, New: strings.Repeat("x", r.Intn(4))})
			pos = end
		}
		m := newBackMap(sorted)
		for off := 0; off < pos+20; off++ {
			if got, want := m.of(off), mapBackScan(sorted, off); got != want {
				t.Fatalf("edits %+v, offset %d: %d, the scan says %d", sorted, off, got, want)
			}
		}
	}
}
