package check

// TEMPORARY: replaced by the real rules during this session.
import "github.com/iflint/iflint/internal/constraint"

func pending_ds(t constraint.Type) *Rule {
	return &Rule{Type: t, Check: func(*Unit, constraint.Constraint) Result {
		return Result{Verdict: Unverified, Reason: "not implemented"}
	}}
}

var (
	dsTypeRule      = pending_ds(constraint.DSType)
	dsSizeRule      = pending_ds(constraint.DSSize)
	dsOperationRule = pending_ds(constraint.DSOperation)
)
