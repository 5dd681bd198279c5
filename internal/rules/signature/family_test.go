package signature

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// runRule runs the family's rule for c's type, as the registry would.
func runRule(u *check.Unit, c constraint.Constraint) check.Result {
	for _, r := range Rules {
		if r.Type == c.Type {
			return r.Run(u, c)
		}
	}
	panic("no rule of this family decides " + string(c.Type))
}
