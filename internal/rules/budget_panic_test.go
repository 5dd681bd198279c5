package rules

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// A rule that panics under the budget's guard is still an internal
// failure reported with the stack of the panic itself.
func TestGuardedRulePanicKeepsItsStack(t *testing.T) {
	r := guarded(&check.Rule{Type: constraint.Naming, Paper: panickingRule, Lint: panickingRule})
	u := check.NewUnit(context.Background(), "a.py", []byte("x = 1\n"), check.Lint)
	c, err := constraint.ParseAnswer(constraint.Naming, "python;variable:snake_case")
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Run(u, c)
	var re *check.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("err = %v, want a *check.RuleError", err)
	}
	if re.Panic != "index out of reach" || !strings.Contains(string(re.Stack), "rules.panickingRule") {
		t.Fatalf("panic %v, stack:\n%s", re.Panic, re.Stack)
	}
}

func panickingRule(*check.Unit, constraint.Constraint) check.Result { panic("index out of reach") }
