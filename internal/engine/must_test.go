package engine

import "context"

// mustCheck is Check for tests: a rule's internal failure fails the test
// with its stack.
func mustCheck(ctx context.Context, files []File, o Options) *Result {
	r, err := Check(ctx, files, o)
	if err != nil {
		panic(err)
	}
	return r
}

// MustCheck is mustCheck for the external tests.
var MustCheck = mustCheck
