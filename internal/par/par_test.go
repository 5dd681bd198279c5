package par

import (
	"sync/atomic"
	"testing"
)

func TestForVisitsEachIndexOnce(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 64} {
		seen := make([]int32, 100)
		var inFlight, peak int32
		For(len(seen), workers, func(i int) {
			n := atomic.AddInt32(&inFlight, 1)
			for {
				p := atomic.LoadInt32(&peak)
				if n <= p || atomic.CompareAndSwapInt32(&peak, p, n) {
					break
				}
			}
			atomic.AddInt32(&seen[i], 1)
			atomic.AddInt32(&inFlight, -1)
		})
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("workers=%d: index %d visited %d times", workers, i, c)
			}
		}
		if workers > 0 && int(peak) > workers {
			t.Errorf("workers=%d: %d calls in flight", workers, peak)
		}
	}
	For(0, 2, func(int) { t.Fatal("called for n=0") })
}
