package rules

import (
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// run is Run for tests: a rule's internal failure fails the test with its
// stack.
func run(u *check.Unit, c constraint.Constraint) check.Result {
	r, err := Run(u, c)
	if err != nil {
		panic(err)
	}
	return r
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
