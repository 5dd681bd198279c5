package check

// TEMPORARY: replaced by the real rules during this session.
import "github.com/iflint/iflint/internal/constraint"

func pending_naming(t constraint.Type) *Rule {
	return &Rule{Type: t, Check: func(*Unit, constraint.Constraint) Result {
		return Result{Verdict: Unverified, Reason: "not implemented"}
	}}
}

var (
	namingRule   = pending_naming(constraint.Naming)
	commentsRule = pending_naming(constraint.Comments)
)
