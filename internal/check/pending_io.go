package check

// TEMPORARY: replaced by the real rules during this session.
import "github.com/iflint/iflint/internal/constraint"

func pending_io(t constraint.Type) *Rule {
	return &Rule{Type: t, Check: func(*Unit, constraint.Constraint) Result {
		return Result{Verdict: Unverified, Reason: "not implemented"}
	}}
}

var (
	inputTypeRule   = pending_io(constraint.InputType)
	inputOrderRule  = pending_io(constraint.InputOrder)
	outputTypeRule  = pending_io(constraint.OutputType)
	outputOrderRule = pending_io(constraint.OutputOrder)
)
