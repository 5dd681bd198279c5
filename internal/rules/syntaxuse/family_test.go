package syntaxuse

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// runRule runs the family's rule for c's type, as the registry would; a
// rule's internal failure fails the test with its stack.
func runRule(u *check.Unit, c constraint.Constraint) check.Result {
	for _, r := range Rules {
		if r.Type == c.Type {
			res, err := r.Run(u, c)
			if err != nil {
				panic(err)
			}
			return res
		}
	}
	panic("no rule of this family decides " + string(c.Type))
}
