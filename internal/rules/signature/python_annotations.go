package signature

// Python parameters and annotations as the evaluator's ast sees them:
// args.args, and an annotation's text as ast.unparse renders it.

import (
	"strings"

	"github.com/iflint/iflint/internal/syntax"
)

// pyArgs returns the positional-or-keyword parameters (ast args.args):
// those after a "/" separator (the ones before it are positional-only)
// and before any "*", "*args" or "**kwargs".
func pyArgs(params syntax.Node) []param {
	var out []param
	for i := 0; i < params.ChildCount(); i++ {
		p := params.Child(i)
		switch p.Type() {
		case "positional_separator":
			out = out[:0]
			continue
		case "keyword_separator", "list_splat_pattern", "dictionary_splat_pattern":
			return out
		case "identifier", "default_parameter":
			out = append(out, param{Type: "None", Node: p, Bare: true})
		case "typed_parameter", "typed_default_parameter":
			if c := p.NamedChild(0); c.Valid() && (c.Type() == "list_splat_pattern" || c.Type() == "dictionary_splat_pattern") {
				return out
			}
			t := p.Field("type")
			out = append(out, param{Type: pyUnparse(t), Node: p})
		}
	}
	return out
}

// pyUnparse renders an annotation the way Python's ast.unparse does for
// the forms annotations take: canonical spacing (", " and " | "),
// redundant parentheses dropped, strings in single quotes.
func pyUnparse(n syntax.Node) string {
	if !n.Valid() {
		return ""
	}
	named := func() []syntax.Node {
		var out []syntax.Node
		for i := 0; i < n.NamedChildCount(); i++ {
			if c := n.NamedChild(i); !isComment(c) {
				out = append(out, c)
			}
		}
		return out
	}
	join := func(ns []syntax.Node) string {
		parts := make([]string, len(ns))
		for i, c := range ns {
			parts[i] = pyUnparse(c)
		}
		return strings.Join(parts, ", ")
	}
	switch n.Type() {
	case "type", "parenthesized_expression":
		if cs := named(); len(cs) == 1 {
			return pyUnparse(cs[0])
		}
	case "identifier", "integer", "float", "true", "false":
		return n.Text()
	case "none":
		return "None"
	case "ellipsis":
		return "..."
	case "attribute":
		return pyUnparse(n.Field("object")) + "." + n.Field("attribute").Text()
	case "generic_type":
		if cs := named(); len(cs) == 2 {
			return pyUnparse(cs[0]) + pyUnparse(cs[1])
		}
	case "type_parameter":
		return "[" + join(named()) + "]"
	case "subscript":
		var subs []syntax.Node
		for i := 0; i < n.ChildCount(); i++ {
			if n.FieldNameForChild(i) == "subscript" {
				subs = append(subs, n.Child(i))
			}
		}
		return pyUnparse(n.Field("value")) + "[" + join(subs) + "]"
	case "list":
		return "[" + join(named()) + "]"
	case "tuple":
		cs := named()
		if len(cs) == 1 {
			return "(" + pyUnparse(cs[0]) + ",)"
		}
		return "(" + join(cs) + ")"
	case "binary_operator", "union_type":
		cs := named()
		if len(cs) == 2 {
			op := "|"
			if o := n.Field("operator"); o.Valid() {
				op = o.Text()
			}
			return pyUnparse(cs[0]) + " " + op + " " + pyUnparse(cs[1])
		}
	case "member_type":
		if cs := named(); len(cs) == 2 {
			return pyUnparse(cs[0]) + "." + pyUnparse(cs[1])
		}
	case "string":
		if s, ok := pyString(n); ok {
			if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
				return `"` + s + `"`
			}
			return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
		}
	}
	return strings.Join(strings.Fields(textWithoutComments(n)), " ")
}

// pyString is a plain string literal's content (no interpolation).
func pyString(n syntax.Node) (string, bool) {
	var b strings.Builder
	for i := 0; i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch c.Type() {
		case "string_start", "string_end":
			if strings.ContainsAny(strings.ToLower(c.Text()), "fb") {
				return "", false
			}
		case "string_content":
			b.WriteString(c.Text())
		default:
			return "", false
		}
	}
	return b.String(), true
}

// pyParses approximates "ast.parse succeeds" by an error-free tree.
func pyParses(root syntax.Node) bool { return !root.HasError() }
