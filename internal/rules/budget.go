package rules

import (
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/work"
)

// Every rule and composer runs within a work budget proportional to the
// file's size (internal/work), counted by the meter of the unit
// (work.Of) that the rules' loops charge. A run that passes it is
// stopped: a rule's verdict is then unverified with the reason, a
// composer's findings all come back skipped with it. The budget is
// counted, not timed, so the verdict does not depend on the machine.

// guarded is r with its implementations and composer run within budget.
func guarded(r *check.Rule) *check.Rule {
	g := *r
	g.Paper, g.Lint = guardRun(r.Paper), guardRun(r.Lint)
	if r.Compose != nil {
		g.Compose = guardCompose(r.Compose)
	}
	return &g
}

// startMeter gives u's meter the budget of one run of what on u.
func startMeter(u *check.Unit, what string) {
	work.Of(u).Reset(work.Budget(len(u.Src)), fmt.Sprintf("%s on %d bytes", what, len(u.Src)))
}

func guardRun(f func(*check.Unit, constraint.Constraint) check.Result) func(*check.Unit, constraint.Constraint) check.Result {
	if f == nil {
		return nil
	}
	return func(u *check.Unit, c constraint.Constraint) (res check.Result) {
		startMeter(u, fmt.Sprintf("the %s rule (%s)", c.Type, c.Spec))
		if e := work.Guard(func() { res = f(u, c) }); e != nil {
			return check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: e.Error()}
		}
		return res
	}
}

func guardCompose(f check.Composer) check.Composer {
	return func(u *check.Unit, c constraint.Constraint, findings []check.Finding) (edits check.Edits, skipped []check.Skipped, err error) {
		startMeter(u, fmt.Sprintf("the %s fixer (%s, %d findings)", c.Type, c.Spec, len(findings)))
		if e := work.Guard(func() { edits, skipped, err = f(u, c, findings) }); e != nil {
			skipped = make([]check.Skipped, len(findings))
			for i, f := range findings {
				skipped[i] = check.Skipped{Start: f.Start, End: f.End, Reason: "not fixed: " + e.Error()}
			}
			return nil, skipped, nil
		}
		return edits, skipped, err
	}
}
