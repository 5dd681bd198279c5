package fix

import (
	"context"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/rules"
)

// mustRun is rules.Run for tests: a rule's internal failure fails the
// test with its stack.
func mustRun(u *check.Unit, c constraint.Constraint) check.Result {
	r, err := rules.Run(u, c)
	if err != nil {
		panic(err)
	}
	return r
}

// mustCheck is engine.Check for tests.
func mustCheck(ctx context.Context, files []engine.File, o engine.Options) *engine.Result {
	r, err := engine.Check(ctx, files, o)
	if err != nil {
		panic(err)
	}
	return r
}
