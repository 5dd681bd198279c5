package signature

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// output_order: the named function returns exactly the listed kinds, in
// order (a Python Tuple[...] annotation, a Rust tuple, Go's result list).
// Each returned type matches when it and the listed kind contain one
// another as text, so "Vec" matches "Vec<String>" and "[]int" "int".

func checkOutputOrder(u *check.Unit, c constraint.Constraint) check.Result {
	r := outputOrderReading(u.Profile)
	s := readTask(c, r, true)
	if !checkedIn(s, r, "python", "rust", "go") {
		return unsupported(r, "output_order is not checked for %s", c.LangName)
	}
	funcs, fail := definitionsOf(u, c, s, r)
	if fail != nil {
		return *fail
	}
	f, outs, found := returnValues(funcs, s.id, r)
	if !found {
		msg := quote(s.fn) + " declares no return types the checker can read"
		if s.id == lang.Python {
			msg = quote(s.fn) + " has no subscripted return annotation such as Tuple[...]"
		}
		return check.Failed(msg, findingAt(funcs[0].Name, "%s", msg)...)
	}
	if len(outs) == 0 {
		msg := quote(s.fn) + " declares no return values"
		return check.Failed(msg, findingAt(f.Name, "%s", msg)...)
	}
	var types []string
	for _, o := range outs {
		types = append(types, o.Type)
	}
	if len(outs) != len(s.kinds) {
		msg := fmt.Sprintf("%s returns %s (%s), expected %d (%s)", quote(s.fn), plural(len(outs), "value"), quoteAll(types), len(s.kinds), kindList(s.kinds))
		return check.Failed(msg, findingAt(f.Ret, "%s", msg)...)
	}
	for i, o := range outs {
		k := s.kinds[i]
		if !strings.Contains(k, o.Type) && !strings.Contains(o.Type, k) {
			msg := fmt.Sprintf("return value %d of %s has type %s, expected %s", i+1, quote(s.fn), quote(o.Type), strings.TrimSpace(k))
			return check.Failed(msg, findingAt(o.Node, "%s", msg)...)
		}
	}
	return check.Passed(fmt.Sprintf("%s returns %s, matching (%s) in order", quote(s.fn), quoteAll(types), kindList(s.kinds)))
}

// returnValues finds the definition whose return types the reading
// reads and splits them into values. found is false when none is
// readable.
func returnValues(funcs []definition, id lang.ID, r reading) (definition, []param, bool) {
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
			ann := pyUnparse(f.Ret)
			open := strings.IndexByte(ann, '[')
			if open < 0 {
				continue
			}
			if r.topLevelCommas {
				if inner, ok := bracketBody(ann[open:]); ok {
					return f, splitTopLevel(inner, f.Ret), true
				}
				continue
			}
			end := strings.IndexByte(ann[open+1:], ']')
			if end < 0 {
				continue
			}
			return f, splitTypes(strings.Split(ann[open+1:open+1+end], ","), f.Ret), true
		case lang.Rust:
			// A tuple's parentheses are trimmed and the rest split at
			// every comma, generic arguments included.
			ret := strings.TrimSpace(textWithoutComments(f.Ret))
			if r.topLevelCommas {
				if inner, ok := bracketBody(ret); ok && ret[0] == '(' {
					return f, splitTopLevel(inner, f.Ret), true
				}
				return f, splitTypes([]string{ret}, f.Ret), true
			}
			return f, splitTypes(strings.Split(strings.Trim(ret, "()"), ","), f.Ret), true
		case lang.Go:
			switch f.Ret.Type() {
			case "type_identifier":
				return f, []param{{Type: textWithoutComments(f.Ret), Node: f.Ret}}, true
			case "parameter_list":
				// One entry per declaration: (a, b int) is one value.
				var outs []param
				for i := 0; i < f.Ret.ChildCount(); i++ {
					if d := f.Ret.Child(i); d.Type() == "parameter_declaration" {
						outs = append(outs, param{Type: textWithoutComments(d.Field("type")), Node: d})
					}
				}
				return f, outs, true
			}
			if r.goSingleResult {
				// A single unnamed result of any type ([]int, *User,
				// map[string]int) is one value.
				return f, []param{{Type: textWithoutComments(f.Ret), Node: f.Ret}}, true
			}
		}
	}
	return definition{}, nil, false
}

// splitTypes makes trimmed entries of parts, each located at n (the
// return type) for findings.
func splitTypes(parts []string, n syntax.Node) []param {
	out := make([]param, 0, len(parts))
	for _, p := range parts {
		out = append(out, param{Type: strings.TrimSpace(p), Node: n})
	}
	return out
}

// bracketBody returns what lies inside s's leading bracket, up to the
// bracket that closes it; ok is false when s does not open with one or
// never closes it.
func bracketBody(s string) (string, bool) {
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

// splitTopLevel splits s at commas outside brackets.
func splitTopLevel(s string, n syntax.Node) []param {
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
	return splitTypes(parts, n)
}
