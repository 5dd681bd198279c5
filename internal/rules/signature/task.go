package signature

// The task as a rule reads it from the spec, and the verdict for what
// the evaluator has no checker for.

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// task is a constraint as a reading sees it: the evaluator's raw spec
// fields (it neither trims list elements nor normalizes "Struct: X", and
// dispatches on the language as spelled), or the parsed constraint's
// (divergence spec-as-parsed).
type task struct {
	lang  string // lowercased language spelling: selects the evaluator's checker
	id    lang.ID
	fn    string
	kinds []string
}

// readTask reads c. For the order types the list is split the way the
// evaluator does it, quirks included: strip('[]') eats every leading and
// trailing bracket, so "[[]int,error]" yields ["int", "error"].
func readTask(c constraint.Constraint, r reading, order bool) task {
	s := task{lang: strings.ToLower(strings.TrimSpace(c.LangName)), id: c.Lang, fn: c.Name, kinds: c.Items}
	if s.lang == "" {
		s.lang = string(c.Lang)
	}
	if r.parsedSpec {
		return s
	}
	parts := strings.Split(c.Spec, ";")
	if len(parts) != 3 {
		return s
	}
	s.lang, s.fn = strings.ToLower(parts[0]), parts[1]
	if order {
		s.kinds = strings.Split(strings.Trim(parts[2], "[]"), ",")
	} else {
		s.kinds = []string{parts[2]}
	}
	return s
}

// checkedIn reports whether the rule checks the task's language: the
// evaluator dispatches on the spelling (check_<lang>_<type>; any other
// spelling raises, which scores as a failure), the parsed spec on the
// language itself.
func checkedIn(s task, r reading, langs ...string) bool {
	want := s.lang
	if r.parsedSpec {
		want = string(s.id)
	}
	for _, l := range langs {
		if want == l {
			return true
		}
	}
	return false
}

// unsupported is the verdict for a language or kind the evaluator has
// no table for: it raises, which counts as a failure, unless the reading
// reports it unverified (divergence unsupported-unverified).
func unsupported(r reading, format string, args ...any) check.Result {
	reason := fmt.Sprintf(format, args...)
	if !r.unsupportedUnverified {
		return check.Failed(reason + " (the reference evaluator raises here, scored as a failure)")
	}
	return check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: reason}
}
