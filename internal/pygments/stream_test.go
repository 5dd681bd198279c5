package pygments

import (
	"math/rand"
	"testing"
)

// TestNormMapMatchesTable pins the shift form of normMap to the per-byte
// table it replaces for sources without carriage returns.
func TestNormMapMatchesTable(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	pieces := []string{"\n", "\n\n", "a", "bc", " ", "é", "\r", "\r\n"}
	for i := 0; i < 20000; i++ {
		var b []byte
		for n := r.Intn(10); n > 0; n-- {
			b = append(b, pieces[r.Intn(len(pieces))]...)
		}
		table := normOffsets(b)
		m := newNormMap(b)
		if m.size() != len(table) {
			t.Fatalf("%q: size %d, table %d", b, m.size(), len(table))
		}
		for k := 0; k < len(table)+3; k++ {
			want := len(b)
			if k < len(table) {
				want = table[k]
			}
			if got := m.at(k); got != want {
				t.Fatalf("%q: at(%d) = %d, table %d", b, k, got, want)
			}
		}
	}
}
