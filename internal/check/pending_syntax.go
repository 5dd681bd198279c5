package check

// TEMPORARY: replaced by the real rules during this session.
import "github.com/iflint/iflint/internal/constraint"

func pending_syntax(t constraint.Type) *Rule {
	return &Rule{Type: t, Check: func(*Unit, constraint.Constraint) Result {
		return Result{Verdict: Unverified, Reason: "not implemented"}
	}}
}

var (
	advancedSyntaxRule = pending_syntax(constraint.AdvancedSyntax)
	functionRule       = pending_syntax(constraint.Function)
	libraryRule        = pending_syntax(constraint.Library)
)
