// Package par runs indexed work on a bounded number of goroutines.
package par

import (
	"context"
	"runtime"
	"sync"
)

// For calls fn(i) for every i in [0, n) on at most workers goroutines
// (GOMAXPROCS when workers <= 0) and returns when all calls have.
// Callers write results into slots of a pre-sized slice, so output order
// never depends on scheduling.
func For(n, workers int, fn func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// ForCtx is For that stops with ctx. Once ctx is done no further call
// starts, and ForCtx returns ctx's error at once, without waiting for the
// calls in flight: a call that cannot watch ctx (a rule busy on one
// pathological file) would otherwise hold the caller, and an interrupted
// command, for as long as it runs. Those calls finish in the background;
// after an error the caller must not read the slots fn writes. nil means
// every call has returned.
func ForCtx(ctx context.Context, n, workers int, fn func(i int)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	all := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	go func() { wg.Wait(); close(all) }()
	for i := 0; i < n; i++ {
		select {
		case next <- i:
			continue
		case <-ctx.Done():
		}
		close(next) // the workers stop after their current call
		return ctx.Err()
	}
	close(next)
	select {
	case <-all:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
