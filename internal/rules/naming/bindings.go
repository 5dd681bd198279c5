package naming

// Destructuring patterns and C declarators nest without bound, which a
// tree-sitter query cannot follow; these walkers find the names a
// @pattern capture binds. Only binding positions are followed: a
// default value, a computed key, a type or an attribute target
// (`self.x, y = ...`) binds nothing.

import (
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/syntax"
)

type bindEmit = func(syntax.Node, constraint.NameKind)

// pythonBindings: assignment, for and with targets, and parameters.
func pythonBindings(n syntax.Node, emit bindEmit) {
	switch n.Type() {
	case "identifier":
		emit(n, "")
	case "pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "parenthesized_expression", "list_splat_pattern", "dictionary_splat_pattern":
		for i := 0; i < n.NamedChildCount(); i++ {
			pythonBindings(n.NamedChild(i), emit)
		}
	case "default_parameter", "typed_default_parameter":
		pythonBindings(n.Field("name"), emit)
	case "typed_parameter":
		// The parameter is its first named child: an identifier or a
		// splat pattern; the type is a field.
		if c := n.NamedChild(0); c.Type() != "type" {
			pythonBindings(c, emit)
		}
	case "as_pattern_target", "list_splat", "parenthesized_list_splat":
		if n.NamedChildCount() > 0 {
			pythonBindings(n.NamedChild(0), emit)
		}
	}
}

// jsBindings: variable declarators, parameters, catch clauses and
// for-in/of heads, JavaScript and TypeScript.
func jsBindings(n syntax.Node, emit bindEmit) {
	switch n.Type() {
	case "identifier", "shorthand_property_identifier_pattern":
		emit(n, "")
	case "object_pattern", "array_pattern":
		for i := 0; i < n.NamedChildCount(); i++ {
			jsBindings(n.NamedChild(i), emit)
		}
	case "pair_pattern":
		jsBindings(n.Field("value"), emit)
	case "assignment_pattern", "object_assignment_pattern":
		jsBindings(n.Field("left"), emit)
	case "rest_pattern":
		if n.NamedChildCount() > 0 {
			jsBindings(n.NamedChild(0), emit)
		}
	case "required_parameter", "optional_parameter":
		jsBindings(n.Field("pattern"), emit)
	}
}

// rustBindings: let, parameter, closure, for and if-let patterns. A
// bare identifier in a pattern may also be a unit variant or constant
// (`None`); in these positions it is a binding in practice, and match
// arms, where both are common, are not followed.
func rustBindings(n syntax.Node, emit bindEmit) {
	switch n.Type() {
	case "identifier":
		emit(n, "")
	case "tuple_pattern", "slice_pattern", "mut_pattern", "ref_pattern", "reference_pattern", "or_pattern", "closure_parameters":
		for i := 0; i < n.NamedChildCount(); i++ {
			rustBindings(n.NamedChild(i), emit)
		}
	case "tuple_struct_pattern":
		for i := 0; i < n.ChildCount(); i++ {
			if n.FieldNameForChild(i) != "type" && n.Child(i).IsNamed() {
				rustBindings(n.Child(i), emit)
			}
		}
	case "struct_pattern":
		for i := 0; i < n.NamedChildCount(); i++ {
			if c := n.NamedChild(i); c.Type() == "field_pattern" {
				if p := c.Field("pattern"); p.Valid() {
					rustBindings(p, emit)
				} else if name := c.Field("name"); name.Type() == "shorthand_field_identifier" {
					emit(name, "")
				}
			}
		}
	case "captured_pattern":
		if c := n.NamedChild(0); c.Type() == "identifier" {
			emit(c, "")
		}
	case "parameter":
		rustBindings(n.Field("pattern"), emit)
	}
}

// cBindings follows a C or C++ declarator to the name it declares. A
// declarator that applies parameters to a plain name declares a function
// (a prototype or, inside a class, a method); one that applies them to a
// parenthesized pointer declares a variable holding a function pointer.
func cBindings(n syntax.Node, emit bindEmit) {
	var kind constraint.NameKind
	for n.Valid() {
		switch n.Type() {
		case "identifier", "field_identifier", "type_identifier":
			emit(n, kind)
			return
		case "qualified_identifier":
			// Foo::bar defines a member declared in Foo.
			n = n.Field("name")
			if kind == constraint.KindFunction {
				kind = constraint.KindMethod
			}
		case "template_function":
			n = n.Field("name")
		case "function_declarator":
			d := n.Field("declarator")
			if d.Type() != "parenthesized_declarator" && kind == "" {
				kind = constraint.KindFunction
				if d.Type() == "field_identifier" {
					kind = constraint.KindMethod
				}
			}
			n = d
		case "init_declarator", "pointer_declarator", "array_declarator", "attributed_declarator":
			n = n.Field("declarator")
		case "reference_declarator", "parenthesized_declarator":
			n = n.NamedChild(n.NamedChildCount() - 1)
			if n.Type() == "parameter_list" {
				return
			}
		case "structured_binding_declarator":
			for i := 0; i < n.NamedChildCount(); i++ {
				if c := n.NamedChild(i); c.Type() == "identifier" {
					emit(c, kind)
				}
			}
			return
		default:
			// destructor_name, operator_name, abstract declarators:
			// nothing the author spells as a case convention.
			return
		}
	}
}
