package fix

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Fixer proposes edits for the findings of r, a failing check.Run result
// of c on u. The edits address u.Src and fix only what the fixer can fix
// safely; every other finding comes back as Skipped. Callers re-check
// the edited source before trusting it: a fixer proves its own cases in
// tests, not every input. The error is for broken inputs (no parse),
// never for findings that merely cannot be fixed.
type Fixer func(u *check.Unit, c constraint.Constraint, r check.Result) (check.Edits, []check.Skipped, error)
