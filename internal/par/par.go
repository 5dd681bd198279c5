// Package par runs indexed work on a bounded number of goroutines.
package par

import (
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
