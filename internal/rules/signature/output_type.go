package signature

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// outputTypeRule: the named function's declared return type is of the
// required kind, matched by the evaluator's per-language type tables.
var OutputTypeRule = &check.Rule{Type: constraint.OutputType, Paper: checkOutputType, Lint: checkOutputType}

func checkOutputType(u *check.Unit, c constraint.Constraint) check.Result {
	s, kind, funcs, fail := ioTypeTarget(u, c)
	if fail != nil {
		return *fail
	}
	var first ioFunc
	found := false
	for _, f := range funcs {
		if !f.Ret.Valid() {
			continue
		}
		ret := ioReturnText(f, s.id)
		if ioTypeMatch(s.id, kind, ret, false, true) {
			return check.Passed("return type " + ioQuote(ret) + " of " + ioQuote(s.fn) + " is of kind " + kind)
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
		msg := ioQuote(s.fn) + " declares no return type"
		return check.Failed(msg, ioFinding(funcs[0].Name, "%s", msg)...)
	}
	msg := "return type " + ioQuote(ioReturnText(first, s.id)) + " of " + ioQuote(s.fn) + " is not of kind " + kind
	return check.Failed(msg, ioFinding(first.Ret, "%s", msg)...)
}
