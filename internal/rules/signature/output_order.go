package signature

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// outputOrderRule: the named function returns exactly the listed kinds,
// in order (a Python Tuple[...] annotation, a Rust tuple, Go's result
// list). Each returned type matches when it and the listed kind contain
// one another as text, so "Vec" matches "Vec<String>" and "[]int" "int".
var OutputOrderRule = &check.Rule{Type: constraint.OutputOrder, Paper: checkOutputOrder, Lint: checkOutputOrder}

func checkOutputOrder(u *check.Unit, c constraint.Constraint) check.Result {
	s := ioParseSpec(u, c, true)
	if !ioSupported(s, u, "python", "rust", "go") {
		return ioUnsupported(u, "output_order is not checked for %s", c.LangName)
	}
	funcs, fail := ioDefinitionsOf(u, c, s)
	if fail != nil {
		return *fail
	}
	f, outs, found := ioOutputs(u, funcs, s.id)
	if !found {
		msg := ioQuote(s.fn) + " declares no return types the checker can read"
		if s.id == lang.Python {
			msg = ioQuote(s.fn) + " has no subscripted return annotation such as Tuple[...]"
		}
		return check.Failed(msg, ioFinding(funcs[0].Name, "%s", msg)...)
	}
	if len(outs) == 0 {
		msg := ioQuote(s.fn) + " declares no return values"
		return check.Failed(msg, ioFinding(f.Name, "%s", msg)...)
	}
	var types []string
	for _, o := range outs {
		types = append(types, o.Type)
	}
	if len(outs) != len(s.kinds) {
		msg := fmt.Sprintf("%s returns %s (%s), expected %d (%s)", ioQuote(s.fn), ioPlural(len(outs), "value"), ioQuoteAll(types), len(s.kinds), ioKindList(s.kinds))
		return check.Failed(msg, ioFinding(f.Ret, "%s", msg)...)
	}
	for i, o := range outs {
		k := s.kinds[i]
		if u.Profile != check.MultiCodeIF {
			k = strings.TrimSpace(k)
		}
		if !strings.Contains(k, o.Type) && !strings.Contains(o.Type, k) {
			msg := fmt.Sprintf("return value %d of %s has type %s, expected %s", i+1, ioQuote(s.fn), ioQuote(o.Type), strings.TrimSpace(k))
			return check.Failed(msg, ioFinding(o.Node, "%s", msg)...)
		}
	}
	return check.Passed(fmt.Sprintf("%s returns %s, matching (%s) in order", ioQuote(s.fn), ioQuoteAll(types), ioKindList(s.kinds)))
}

// ioOutputs finds the definition whose return types the evaluator reads
// and splits them into values. found is false when none is readable.
//
// Divergence (lint profile): Python and Rust return types are split at
// top-level commas only, so Tuple[List[int], int] and
// (HashMap<String, i32>, usize) are two values each; the evaluator splits
// at every comma (and stops Python's list at the first "]"). A unit
// return type () has no values, where the evaluator reads one empty
// type that every kind contains.
func ioOutputs(u *check.Unit, funcs []ioFunc, id lang.ID) (ioFunc, []ioParam, bool) {
	lint := u.Profile != check.MultiCodeIF
	for _, f := range funcs {
		if !f.Ret.Valid() {
			// Go stops at the first definition with the name, result or not.
			if id == lang.Go {
				return f, nil, true
			}
			continue
		}
		switch id {
		case lang.Python:
			// The values are what the first [...] of the annotation holds,
			// split at every comma: Tuple[List[int], int] reads as one
			// value "List[int".
			ann := ioPyUnparse(f.Ret)
			open := strings.IndexByte(ann, '[')
			if open < 0 {
				continue
			}
			if lint {
				if inner, ok := ioBracketBody(ann[open:]); ok {
					return f, ioSplitTopLevel(inner, f.Ret), true
				}
				continue
			}
			end := strings.IndexByte(ann[open+1:], ']')
			if end < 0 {
				continue
			}
			return f, ioSplitTypes(strings.Split(ann[open+1:open+1+end], ","), f.Ret), true
		case lang.Rust:
			// A tuple's parentheses are trimmed and the rest split at
			// every comma, generic arguments included.
			ret := strings.TrimSpace(ioText(f.Ret))
			if lint {
				if inner, ok := ioBracketBody(ret); ok && ret[0] == '(' {
					return f, ioSplitTopLevel(inner, f.Ret), true
				}
				return f, ioSplitTypes([]string{ret}, f.Ret), true
			}
			return f, ioSplitTypes(strings.Split(strings.Trim(ret, "()"), ","), f.Ret), true
		case lang.Go:
			switch f.Ret.Type() {
			case "type_identifier":
				return f, []ioParam{{Type: ioText(f.Ret), Node: f.Ret}}, true
			case "parameter_list":
				// One entry per declaration: (a, b int) is one value.
				var outs []ioParam
				for i := 0; i < f.Ret.ChildCount(); i++ {
					if d := f.Ret.Child(i); d.Type() == "parameter_declaration" {
						outs = append(outs, ioParam{Type: ioText(d.Field("type")), Node: d})
					}
				}
				return f, outs, true
			}
			if u.Profile != check.MultiCodeIF {
				// Divergence (lint profile): a single unnamed result of any
				// type ([]int, *User, map[string]int) is one value; the
				// evaluator reads only a bare type name and fails the rest.
				return f, []ioParam{{Type: ioText(f.Ret), Node: f.Ret}}, true
			}
		}
	}
	return ioFunc{}, nil, false
}

// ioSplitTypes makes trimmed entries of parts, each located at n (the
// return type) for findings.
func ioSplitTypes(parts []string, n syntax.Node) []ioParam {
	out := make([]ioParam, 0, len(parts))
	for _, p := range parts {
		out = append(out, ioParam{Type: strings.TrimSpace(p), Node: n})
	}
	return out
}

// ioBracketBody returns what lies inside s's leading bracket, up to the
// bracket that closes it; ok is false when s does not open with one or
// never closes it.
func ioBracketBody(s string) (string, bool) {
	if s == "" || (s[0] != '[' && s[0] != '(') {
		return "", false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[', '(', '<', '{':
			depth++
		case '>':
			if i > 0 && s[i-1] == '-' {
				continue // Rust's "->", not a bracket
			}
			depth--
		case ']', ')', '}':
			depth--
		}
		if depth == 0 {
			return s[1:i], true
		}
	}
	return "", false
}

// ioSplitTopLevel splits s at commas outside brackets.
func ioSplitTopLevel(s string, n syntax.Node) []ioParam {
	if strings.TrimSpace(s) == "" {
		return nil // the unit type (): no values
	}
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[', '(', '<', '{':
			depth++
		case '>':
			if i == 0 || s[i-1] != '-' {
				depth--
			}
		case ']', ')', '}':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	parts = append(parts, s[start:])
	// A trailing comma, as in the one-tuple (T,), is not another value.
	if len(parts) > 1 && strings.TrimSpace(parts[len(parts)-1]) == "" {
		parts = parts[:len(parts)-1]
	}
	return ioSplitTypes(parts, n)
}
