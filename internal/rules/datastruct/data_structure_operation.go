package datastruct

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// data_structure_operation: the required structure is used and every
// listed operation is called somewhere (by name, on any receiver: the
// evaluator does not tie the call to the structure).
func checkOperation(u *check.Unit, c constraint.Constraint) check.Result {
	r := operationReading(u.Profile)
	a, name, occ, res := findStructure(u, c, r, false)
	if res != nil {
		return *res
	}
	name = strings.TrimSpace(name)
	var missing, vague []string
	var forbidden []check.Finding
	m := work.Of(u)
	for _, op := range c.Items {
		m.Add(len(a.calls) * (1 + work.Log(len(a.removed)))) // callsTo's pass
		if r.notAndPhrases {
			if neg, ok := strings.CutPrefix(op, "not "); ok && isOpName(strings.TrimSpace(neg)) {
				for _, sp := range a.callsTo(opName(a.lang, strings.TrimSpace(neg)), r) {
					forbidden = append(forbidden, check.Finding{Start: sp.Start, End: sp.End, Message: fmt.Sprintf("%s is called but the task forbids it", strings.TrimSpace(neg))})
				}
				continue
			}
			if !isOpName(op) {
				vague = append(vague, op)
				continue
			}
		}
		if len(a.callsTo(opName(a.lang, op), r)) == 0 {
			missing = append(missing, op)
		}
	}
	switch {
	case len(missing) > 0:
		msg := fmt.Sprintf("%s is used but %s never called", name, quoteList(missing))
		return check.Failed(fmt.Sprintf("data structure %q is used but operation(s) %s are never called", name, quoteList(missing)),
			append(findingsAt(occ, msg), forbidden...)...)
	case len(forbidden) > 0:
		return check.Failed(fmt.Sprintf("data structure %q is used but a forbidden operation is called", name), forbidden...)
	case len(vague) > 0:
		return check.Result{Verdict: check.Unverified, Method: check.MethodRule,
			Reason: fmt.Sprintf("the other operations hold, but %s cannot be checked by rule: not a function name", quoteList(vague))}
	}
	return check.Passed(fmt.Sprintf("data structure %q is used and %s called", name, quoteList(c.Items)))
}

// isOpName reports whether op can be a (possibly qualified) function name.
func isOpName(op string) bool {
	if op == "" {
		return false
	}
	for _, r := range op {
		if r != '_' && r != '.' && r != ':' && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// opName keeps the last segment of a qualified operation, as syntax.py
// does (split on '.' or, for Rust and C++, on ':').
func opName(id lang.ID, op string) string {
	sep := "."
	if id == lang.Rust || id == lang.CPP {
		sep = ":"
	}
	if i := strings.LastIndex(op, sep); i >= 0 {
		return op[i+len(sep):]
	}
	return op
}

// callsTo returns the call sites that name op, the names read as r
// reads them (character-offsets).
func (a *analysis) callsTo(op string, r reading) []check.Span {
	var out []check.Span
	for _, c := range a.calls {
		if a.isRemoved(c.call) {
			continue
		}
		for _, n := range c.names {
			t := a.evalText(n, r)
			if c.scoped {
				if i := strings.LastIndex(t, "::"); i >= 0 {
					t = t[i+2:]
				}
			}
			if t == op {
				out = append(out, c.call)
				break
			}
		}
	}
	return out
}

func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// callSiteOf mirrors the call detection of syntax.py's contain_<lang>_function.
func callSiteOf(id lang.ID, n syntax.Node, typ string) (callSite, bool) {
	var c callSite
	switch {
	case id == lang.Python && typ == "call", id == lang.Java && typ == "method_invocation":
	case (id == lang.Go || id == lang.Rust || id == lang.CPP) && typ == "call_expression":
	default:
		return c, false
	}
	c.call = check.Span{Start: n.Start(), End: n.End()}
	add := func(m syntax.Node) {
		if m.Valid() {
			c.names = append(c.names, check.Span{Start: m.Start(), End: m.End()})
		}
	}
	switch id {
	case lang.Python:
		if typ != "call" {
			return c, false
		}
		switch f := n.Field("function"); {
		case !f.Valid():
		case f.Type() == "identifier":
			add(f)
		case f.Type() == "attribute":
			add(f.Field("attribute"))
		}
	case lang.Java:
		// Every identifier child counts, the receiver included.
		if typ != "method_invocation" {
			return c, false
		}
		for i := 0; i < n.ChildCount(); i++ {
			if ch := n.Child(i); ch.Type() == "identifier" {
				add(ch)
			}
		}
	case lang.Go, lang.Rust, lang.CPP:
		if typ != "call_expression" {
			return c, false
		}
		f := n.Field("function")
		if !f.Valid() {
			return c, false
		}
		switch ft := f.Type(); {
		case ft == "identifier":
			add(f)
		case id == lang.Go && ft == "selector_expression":
			add(f.Field("field"))
		case id != lang.Go && ft == "field_expression":
			add(f.Field("field"))
		case id == lang.Rust && ft == "scoped_identifier":
			add(f.Field("name"))
		case id == lang.CPP && (ft == "scoped_identifier" || ft == "qualified_identifier"):
			add(f)
			c.scoped = true
		}
	}
	return c, len(c.names) > 0
}
