package signature

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// output_type: the named function's declared return type is of the
// required kind, matched by the evaluator's per-language type tables
// (kinds.go).
func checkOutputType(u *check.Unit, c constraint.Constraint) check.Result {
	s, kind, funcs, fail := typeTask(u, c, outputTypeReading(u.Profile))
	if fail != nil {
		return *fail
	}
	var first definition
	found := false
	for _, f := range funcs {
		if !f.Ret.Valid() {
			continue
		}
		ret := returnText(f, s.id)
		if typeMatches(s.id, kind, ret, false, true) {
			return check.Passed("return type " + quote(ret) + " of " + quote(s.fn) + " is of kind " + kind)
		}
		if !found {
			first, found = f, true
		}
		// Rust's evaluator reads only the first definition with a return type.
		if s.id == lang.Rust {
			break
		}
	}
	if !found {
		msg := quote(s.fn) + " declares no return type"
		return check.Failed(msg, findingAt(funcs[0].Name, "%s", msg)...)
	}
	msg := "return type " + quote(returnText(first, s.id)) + " of " + quote(s.fn) + " is not of kind " + kind
	return check.Failed(msg, findingAt(first.Ret, "%s", msg)...)
}
