package check

import (
	"fmt"
	"runtime/debug"

	"github.com/iflint/iflint/internal/constraint"
)

// Rule decides one constraint type. Where the two profiles differ in
// kind, Paper and Lint are two implementations; where they differ only in
// detail, both are the same function and each difference is a named
// Divergence of the rule's family, listed in Divergences.
type Rule struct {
	Type constraint.Type
	// Paper decides as MultiCodeIF's evaluator does (profile multicodeif),
	// Lint as the ecosystem's established linter or formatter does.
	Paper, Lint func(u *Unit, c constraint.Constraint) Result
	// Compose combines the fixes that findings of this rule carry into one
	// set of edits (nil: the rule offers no fixes). See Composer.
	Compose Composer
	// Doc is the rule's documentation, from which `iflint rules` and
	// docs/rules/ are generated.
	Doc *Doc
	// Divergences are the named differences in detail between Paper and
	// Lint.
	Divergences []*Divergence
	// LintReads, when set, names what Lint's verdict on a unit reads
	// beyond the unit's own bytes (other files, through u.Repo), as a
	// digest a result cache's key includes: "" when it reads nothing
	// else. Paper reads one file only.
	LintReads func(u *Unit, c constraint.Constraint) string
}

// Reads is what r's verdict on u under c reads beyond u's bytes (see
// LintReads).
func (r *Rule) Reads(u *Unit, c constraint.Constraint) string {
	if u.Profile == MultiCodeIF || r.LintReads == nil || u.Repo == nil {
		return ""
	}
	return r.LintReads(u, c)
}

// For returns the implementation deciding profile p.
func (r *Rule) For(p Profile) func(u *Unit, c constraint.Constraint) Result {
	if p == MultiCodeIF {
		return r.Paper
	}
	return r.Lint
}

// RuleError is a rule that failed on an input: an internal failure of
// iflint, reported with the rule, the file and the stack, never a verdict.
type RuleError struct {
	Type  constraint.Type
	Path  string
	Panic any
	Stack []byte
}

func (e *RuleError) Error() string {
	return fmt.Sprintf("internal error: the %s rule panicked on %s: %v\n%s", e.Type, e.Path, e.Panic, e.Stack)
}

// Run checks c on u with the implementation of u's profile. A rule that
// panics is a *RuleError.
func (r *Rule) Run(u *Unit, c constraint.Constraint) (res Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			stack := debug.Stack()
			// A guard between here and the panic (the registry's work
			// budget) passes it on with the stack where it happened.
			if w, ok := p.(interface {
				PanicValue() any
				PanicStack() []byte
			}); ok {
				p, stack = w.PanicValue(), w.PanicStack()
			}
			res, err = Result{}, &RuleError{Type: c.Type, Path: u.Path, Panic: p, Stack: stack}
		}
	}()
	res = r.For(u.Profile)(u, c)
	if res.Method == "" {
		res.Method = MethodRule
	}
	return res, nil
}
