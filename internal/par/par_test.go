package par

import (
	"context"
	"errors"
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

// TestForCtxStopsPromptly: once ctx is cancelled ForCtx returns its
// error while a call that ignores ctx is still running, and starts no
// further call.
func TestForCtxStopsPromptly(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer close(release)
	var started atomic.Int32
	errc := make(chan error, 1)
	go func() {
		errc <- ForCtx(ctx, 100, 2, func(i int) {
			started.Add(1)
			if i == 0 {
				cancel()
			}
			<-release // a call that does not watch ctx
		})
	}()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("ForCtx = %v, want context.Canceled", err)
	}
	if n := started.Load(); n > 2 {
		t.Errorf("%d calls started on 2 workers after the cancel", n)
	}
	ran := make([]int32, 50)
	if err := ForCtx(context.Background(), len(ran), 3, func(i int) { atomic.AddInt32(&ran[i], 1) }); err != nil {
		t.Fatal(err)
	}
	for i, c := range ran {
		if c != 1 {
			t.Fatalf("index %d ran %d times", i, c)
		}
	}
}
