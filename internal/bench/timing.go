package bench

import (
	"context"
	"runtime"
	"sync"
	"time"

	"github.com/iflint/iflint/internal/syntax"
)

// BareParse parses every job's code once with the tree-sitter grammar of
// its constraint's language, on all cores, and nothing else. It is the
// baseline that replay speed is measured against.
func BareParse(ctx context.Context, jobs []Job) time.Duration {
	start := time.Now()
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				id := jobs[i].Task.Constraint.Lang
				if syntax.Supported(id) {
					_, _ = syntax.Parse(ctx, id, []byte(jobs[i].Code))
				}
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return time.Since(start)
}
