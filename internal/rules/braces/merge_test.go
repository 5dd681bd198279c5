package braces

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
)

// forwardMap answers what the scan mapForward answers, and mergeAll what
// merging the parts one at a time with check.Merge gives, on random
// edits (overlapping ones and duplicates included).
func TestForwardMapAndMergeAllAgreeWithTheScans(t *testing.T) {
	r := rand.New(rand.NewSource(22))
	for round := 0; round < 3000; round++ {
		var parts []part
		for k := r.Intn(5); k > 0; k-- {
			var es check.Edits
			for j := r.Intn(3); j >= 0; j-- {
				s := r.Intn(20)
				es = append(es, check.Edit{Start: s, End: s + r.Intn(3), New: strings.Repeat("x", r.Intn(2))})
			}
			parts = append(parts, part{edits: es})
		}
		var want check.Edits
		ok := true
		for _, p := range parts {
			merged, err := check.Merge(want, p.edits)
			if err != nil {
				ok = false
				break
			}
			want = merged
		}
		got, gotOK := mergeAll(parts, nil)
		if gotOK != ok || ok && !slices.Equal(got, want) {
			t.Fatalf("parts %+v: %v %v, Merge gives %v %v", parts, got, gotOK, want, ok)
		}
		if !ok {
			continue
		}
		f := newForwardMap(got)
		for off := 0; off < 30; off++ {
			if a, b := f.of(off), mapForward(got, off); a != b {
				t.Fatalf("edits %v, offset %d: %d, the scan says %d", got, off, a, b)
			}
		}
	}
}
