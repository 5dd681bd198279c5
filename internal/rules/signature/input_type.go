package signature

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// input_type: some parameter of the named function has a type of the
// required kind (List, Map, Matrix, Struct:Name, ...), matched by the
// evaluator's per-language tables of type names (kinds.go).
func checkInputType(u *check.Unit, c constraint.Constraint) check.Result {
	s, kind, funcs, fail := typeTask(u, c, inputTypeReading(u.Profile))
	if fail != nil {
		return *fail
	}
	var seen []string
	for _, f := range funcs {
		for _, p := range parametersOf(f, s.id) {
			if p.Bare {
				continue
			}
			if typeMatches(s.id, kind, p.Type, p.Array, false) {
				return check.Passed("parameter " + quote(p.Node.Text()) + " of " + quote(s.fn) + " is of kind " + kind)
			}
			seen = append(seen, p.Type)
		}
	}
	msg := "no parameter of " + quote(s.fn) + " is of kind " + kind
	if len(seen) > 0 {
		msg += " (parameter types: " + quoteAll(seen) + ")"
	} else {
		msg += " (it has no typed parameters)"
	}
	return check.Failed(msg, findingAt(signatureSpan(funcs[0]), "%s", msg)...)
}
