package bench

import (
	"context"
	"time"

	"github.com/iflint/iflint/internal/par"
	"github.com/iflint/iflint/internal/syntax"
)

// BareParse parses every job's code once with the tree-sitter grammar of
// its constraint's language, on all cores, and nothing else. It is the
// baseline that replay speed is measured against.
func BareParse(ctx context.Context, jobs []Job) time.Duration {
	start := time.Now()
	par.For(len(jobs), 0, func(i int) {
		if id := jobs[i].Task.Constraint.Lang; syntax.Supported(id) {
			_, _ = syntax.Parse(ctx, id, []byte(jobs[i].Code))
		}
	})
	return time.Since(start)
}
