package naming

// Reading the syntax tree around an identifier: whether it declares its
// name, whether that declaration is local to a function, and whether
// other files can see it. The paper profile's findings have no
// declaration model behind them, so their renames decide from these
// alone; the lint profile's use the model and ask only exported.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

func isUpper(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsUpper(r)
}

// fieldOf returns the field name under which n hangs from its parent.
func fieldOf(n syntax.Node) string {
	p := n.Parent()
	for i := 0; i < p.ChildCount(); i++ {
		if c := p.Child(i); c.Start() == n.Start() && c.End() == n.End() && c.Type() == n.Type() {
			return p.FieldNameForChild(i)
		}
	}
	return ""
}

// notBinding are parents whose name-like fields refer to something
// declared elsewhere: a call's method, a keyword argument's parameter,
// a member access.
var notBinding = map[string]bool{
	"keyword_argument": true, "method_invocation": true, "field_access": true,
	"attribute": true, "member_expression": true, "call_expression": true,
	"assignment_expression": true, "augmented_assignment": true,
	"method_reference": true, "selector_expression": true, "field_expression": true,
	"scoped_identifier": true, "qualified_identifier": true,
}

// isBinding reports whether identifier n declares its name (a
// definition, parameter, local or pattern variable) rather than uses it.
// It is a syntactic approximation across grammars; it errs towards "not
// a declaration", which only makes the fixer skip more.
func isBinding(n syntax.Node) bool {
	if n.Type() == "shorthand_property_identifier_pattern" {
		return true
	}
	p := n.Parent()
	if !p.Valid() {
		return false
	}
	pt, f := p.Type(), fieldOf(n)
	switch f {
	case "name", "declarator", "pattern", "left", "parameter", "alias":
		return !notBinding[pt]
	case "":
		switch pt {
		case "pattern_list", "tuple_pattern", "list_splat_pattern", "as_pattern_target", "closure_parameters":
			return true
		case "expression_list":
			gp := p.Parent().Type()
			return (gp == "short_var_declaration" || gp == "range_clause") && fieldOf(p) == "left"
		}
		for _, s := range []string{"declarator", "declaration", "definition", "parameter", "spec"} {
			if strings.Contains(pt, s) {
				return true
			}
		}
	}
	return false
}

// isFuncLike matches function, method, lambda and closure nodes, not
// calls or function types.
func isFuncLike(t string) bool {
	for _, no := range []string{"call", "type", "invocation", "reference", "signature", "parameter"} {
		if strings.Contains(t, no) {
			return false
		}
	}
	for _, s := range []string{"function", "method", "lambda", "closure", "constructor", "arrow"} {
		if strings.Contains(t, s) {
			return true
		}
	}
	return false
}

// isLocal reports whether binding n lives inside a function body, where
// no other file can refer to it. A function's own name is not inside its
// body, so the function that n names is skipped.
func isLocal(n syntax.Node) bool {
	cur := n
	for cur.Parent().Valid() && strings.Contains(cur.Parent().Type(), "declarator") {
		cur = cur.Parent()
	}
	d := cur.Parent()
	if isFuncLike(d.Type()) {
		switch fieldOf(cur) {
		case "name", "declarator", "":
			d = d.Parent()
		}
	}
	for ; d.Valid(); d = d.Parent() {
		if isFuncLike(d.Type()) {
			return true
		}
	}
	return false
}

// exported reports whether a file-level binding can be seen from other
// files: by Go's capital letter, by public/protected modifiers (Java,
// C#), by the absence of private/internal (Kotlin, public by default),
// by pub (Rust, Zig), or, for languages without visibility markers, by
// the file declaring a module interface (JS export, Python __all__).
// C, C++ and the rest have no marker a single file shows; a generated
// solution there is treated as self-contained.
func (f *fileNames) exported(n syntax.Node) bool {
	decl := n.Parent()
	for decl.Valid() && !strings.HasSuffix(decl.Type(), "_declaration") && !strings.HasSuffix(decl.Type(), "_item") {
		decl = decl.Parent()
	}
	modifiers := func() string {
		var sb strings.Builder
		for _, c := range decl.Children() {
			if t := c.Type(); t == "modifiers" || t == "modifier" || t == "visibility_modifier" || t == "pub" {
				sb.WriteString(" " + c.Text() + " " + t)
			}
		}
		return sb.String()
	}
	switch f.id {
	case lang.Go:
		return isUpper(n.Text())
	case lang.Java, lang.CSharp:
		// Interface members are public without saying so, and an
		// override's name is fixed by the type it overrides.
		m := modifiers()
		return strings.Contains(m, "public") || strings.Contains(m, "protected") ||
			strings.Contains(m, "Override") || strings.Contains(m, "override") || inInterface(n)
	case lang.Kotlin:
		m := modifiers()
		return !strings.Contains(m, "private") && !strings.Contains(m, "internal") || strings.Contains(m, "override")
	case lang.Rust, lang.Zig:
		return strings.Contains(modifiers(), "pub")
	case lang.Python:
		return f.exports && !strings.HasPrefix(n.Text(), "_")
	}
	return f.exports
}

func inInterface(n syntax.Node) bool {
	for a := n.Parent(); a.Valid(); a = a.Parent() {
		if a.Type() == "interface_declaration" || a.Type() == "interface_body" {
			return true
		}
	}
	return false
}
