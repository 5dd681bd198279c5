package eslintindent

import (
	"strings"

	"github.com/iflint/iflint/internal/syntax"
)

// estreeNode is an ESTree node (the shape eslint's indent rule reads) built
// over tree-sitter-javascript's tree: parentheses are not nodes, argument
// and parameter lists are fields, `else` and `finally` have no node of
// their own. Only the fields the indent rule uses are filled.
type estreeNode struct {
	typ        string
	start, end int
	parent     *estreeNode
	kids       []*estreeNode // every child, in source order (for traversal)

	callee, object, property, test, consequent, alternate, left, right, body, init, id,
	key, value, superClass, discriminant, source, declaration, meta, quasi,
	openingElement, closingElement, name, update *estreeNode
	args, params, elements, properties, declarations, cases, conseq, quasis,
	specifiers, children, attributes, list []*estreeNode

	operator                                           string
	computed, optional, shorthand, method, selfClosing bool
	async, hasParens                                   bool
	kind                                               string
}

// estreeBuilder converts a tree-sitter-javascript program into ESTree nodes.
type estreeBuilder struct{ src []byte }

func (b *estreeBuilder) node(typ string, n syntax.FlatRef) *estreeNode {
	// tree-sitter's JSX tokens (and so their nodes) start with the blanks
	// before them.
	s := n.Start()
	for s < n.End() && (b.src[s] == ' ' || b.src[s] == '\t' || b.src[s] == '\n' || b.src[s] == '\r') {
		s++
	}
	return &estreeNode{typ: typ, start: s, end: n.End()}
}

// adopt records c (if any) as a child of p and returns it.
func adopt(p, c *estreeNode) *estreeNode {
	if c != nil {
		c.parent = p
		p.kids = append(p.kids, c)
	}
	return c
}

func adoptAll(p *estreeNode, cs []*estreeNode) []*estreeNode {
	for _, c := range cs {
		adopt(p, c)
	}
	return cs
}

// unparen strips tree-sitter's parenthesized_expression nodes.
func unparen(n syntax.FlatRef) syntax.FlatRef {
	for n.Valid() && n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1 {
		n = n.NamedChild(0)
	}
	return n
}

// namedKids lists n's named children that are not comments.
func namedKids(n syntax.FlatRef) []syntax.FlatRef {
	var out []syntax.FlatRef
	for i := 0; i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if !isCommentType(c.Type()) {
			out = append(out, c)
		}
	}
	return out
}

func (b *estreeBuilder) list(p *estreeNode, ns []syntax.FlatRef) []*estreeNode {
	var out []*estreeNode
	for _, n := range ns {
		if c := b.conv(n); c != nil {
			out = append(out, c)
		}
	}
	return adoptAll(p, out)
}

// field converts n's child of that field name.
func (b *estreeBuilder) field(p *estreeNode, n syntax.FlatRef, name string) *estreeNode {
	c := n.Field(name)
	if !c.Valid() {
		return nil
	}
	return adopt(p, b.conv(c))
}

func hasChild(n syntax.FlatRef, typ string) bool {
	for i := 0; i < n.ChildCount(); i++ {
		if n.Child(i).Type() == typ {
			return true
		}
	}
	return false
}

// conv converts one tree-sitter node (nil for nodes ESTree has not). A
// known node's children that its ESTree fields do not cover and that
// eslint does not know either (TypeScript's type arguments and
// annotations) become unknown children, whose lines eslint leaves alone.
func (b *estreeBuilder) conv(n syntax.FlatRef) *estreeNode {
	e := b.conv1(n)
	if e == nil || strings.HasPrefix(e.typ, "TS:") {
		return e
	}
	for _, c := range namedKids(unparen(n)) {
		covered := false
		for _, k := range e.kids {
			covered = covered || k.start < c.End() && c.Start() < k.end
		}
		if covered || !tsTypeNodes[c.Type()] {
			continue
		}
		if k := b.conv1(c); k != nil && strings.HasPrefix(k.typ, "TS") {
			adopt(e, k)
		}
	}
	return e
}

// tsTypeNodes are tree-sitter-typescript's type-level children of
// otherwise known nodes.
var tsTypeNodes = newSet("type_arguments", "type_parameters", "type_annotation", "asserts_annotation",
	"type_predicate_annotation", "opting_type_annotation", "omitting_type_annotation", "adding_type_annotation")

func (b *estreeBuilder) conv1(n syntax.FlatRef) *estreeNode {
	n = unparen(n)
	if !n.Valid() || isCommentType(n.Type()) {
		return nil
	}
	t := n.Type()
	switch t {
	case "program":
		e := b.node("Program", n)
		e.list = b.list(e, namedKids(n))
		return e
	case "expression_statement":
		e := b.node("ExpressionStatement", n)
		ks := namedKids(n)
		if len(ks) > 0 {
			e.body = adopt(e, b.conv(ks[0]))
		}
		return e
	case "statement_block":
		e := b.node("BlockStatement", n)
		e.list = b.list(e, namedKids(n))
		return e
	case "class_static_block":
		e := b.node("StaticBlock", n)
		if blk := n.Field("body"); blk.Valid() {
			e.list = b.list(e, namedKids(blk))
		}
		return e
	case "class_body":
		e := b.node("ClassBody", n)
		e.list = b.list(e, namedKids(n))
		return e
	case "if_statement":
		e := b.node("IfStatement", n)
		e.test = b.field(e, n, "condition")
		e.consequent = b.field(e, n, "consequence")
		if alt := n.Field("alternative"); alt.Valid() {
			if ks := namedKids(alt); len(ks) > 0 {
				e.alternate = adopt(e, b.conv(ks[0]))
			}
		}
		return e
	case "for_statement":
		e := b.node("ForStatement", n)
		for _, f := range []struct {
			name string
			dst  **estreeNode
		}{{"initializer", &e.init}, {"condition", &e.test}, {"increment", &e.update}} {
			c := n.Field(f.name)
			if c.Valid() && c.Type() == "expression_statement" {
				if ks := namedKids(c); len(ks) > 0 {
					c = ks[0]
				}
			}
			if c.Valid() && c.Type() != "empty_statement" {
				*f.dst = adopt(e, b.conv(c))
			}
		}
		e.body = b.field(e, n, "body")
		return e
	case "for_in_statement":
		e := b.node("ForInStatement", n)
		if op := n.Field("operator"); op.Valid() && op.Type() == "of" {
			e.typ = "ForOfStatement"
		}
		e.left = b.field(e, n, "left")
		e.right = b.field(e, n, "right")
		e.body = b.field(e, n, "body")
		return e
	case "while_statement":
		e := b.node("WhileStatement", n)
		e.test = b.field(e, n, "condition")
		e.body = b.field(e, n, "body")
		return e
	case "do_statement":
		e := b.node("DoWhileStatement", n)
		e.body = b.field(e, n, "body")
		e.test = b.field(e, n, "condition")
		return e
	case "with_statement":
		e := b.node("WithStatement", n)
		e.object = b.field(e, n, "object")
		e.body = b.field(e, n, "body")
		return e
	case "try_statement":
		e := b.node("TryStatement", n)
		e.body = b.field(e, n, "body")
		e.init = b.field(e, n, "handler")
		if f := n.Field("finalizer"); f.Valid() {
			e.alternate = b.field(e, f, "body")
		}
		return e
	case "catch_clause":
		e := b.node("CatchClause", n)
		e.id = b.field(e, n, "parameter")
		e.body = b.field(e, n, "body")
		return e
	case "switch_statement":
		e := b.node("SwitchStatement", n)
		e.discriminant = b.field(e, n, "value")
		if body := n.Field("body"); body.Valid() {
			e.cases = b.list(e, namedKids(body))
		}
		return e
	case "switch_case", "switch_default":
		e := b.node("SwitchCase", n)
		e.test = b.field(e, n, "value")
		var body []syntax.FlatRef
		for _, k := range namedKids(n) {
			if e.test == nil || k.Start() >= e.test.end {
				body = append(body, k)
			}
		}
		e.conseq = b.list(e, body)
		return e
	case "labeled_statement":
		e := b.node("LabeledStatement", n)
		e.body = b.field(e, n, "body")
		return e
	case "return_statement", "throw_statement":
		e := b.node(map[string]string{"return_statement": "ReturnStatement", "throw_statement": "ThrowStatement"}[t], n)
		if ks := namedKids(n); len(ks) > 0 {
			e.body = adopt(e, b.conv(ks[0]))
		}
		return e
	case "break_statement", "continue_statement", "debugger_statement", "empty_statement":
		return b.node(map[string]string{"break_statement": "BreakStatement", "continue_statement": "ContinueStatement",
			"debugger_statement": "DebuggerStatement", "empty_statement": "EmptyStatement"}[t], n)
	case "variable_declaration", "lexical_declaration", "using_declaration":
		e := b.node("VariableDeclaration", n)
		if n.ChildCount() > 0 {
			e.kind = n.Child(0).Type()
		}
		var ds []syntax.FlatRef
		for _, k := range namedKids(n) {
			if k.Type() == "variable_declarator" {
				ds = append(ds, k)
			}
		}
		e.declarations = b.list(e, ds)
		return e
	case "variable_declarator":
		e := b.node("VariableDeclarator", n)
		e.id = b.field(e, n, "name")
		e.init = b.field(e, n, "value")
		return e
	case "function_declaration", "generator_function_declaration", "function_expression", "function", "generator_function":
		typ := "FunctionExpression"
		if t == "function_declaration" || t == "generator_function_declaration" {
			typ = "FunctionDeclaration"
		}
		e := b.node(typ, n)
		e.async = hasChild(n, "async")
		e.id = b.field(e, n, "name")
		b.params(e, n)
		e.body = b.field(e, n, "body")
		return e
	case "arrow_function":
		e := b.node("ArrowFunctionExpression", n)
		e.async = hasChild(n, "async")
		if p := n.Field("parameter"); p.Valid() {
			e.params = adoptAll(e, []*estreeNode{b.conv(p)})
		} else {
			b.params(e, n)
		}
		e.body = b.field(e, n, "body")
		return e
	case "method_definition":
		// A class member is a MethodDefinition holding a FunctionExpression;
		// an object member a Property with method: true.
		e := b.node("MethodDefinition", n)
		if n.Parent().Valid() && n.Parent().Type() == "object" {
			e.typ = "Property"
			e.method = true
		}
		e.key = b.field(e, n, "name")
		fn := &estreeNode{typ: "FunctionExpression", parent: e}
		if p := n.Field("parameters"); p.Valid() {
			fn.start = p.Start()
		}
		fn.end = n.End()
		b.params(fn, n)
		fn.body = b.field(fn, n, "body")
		e.value = adopt(e, fn)
		return e
	case "class_declaration", "class":
		typ := "ClassExpression"
		if t == "class_declaration" {
			typ = "ClassDeclaration"
		}
		e := b.node(typ, n)
		e.id = b.field(e, n, "name")
		for _, k := range namedKids(n) {
			if k.Type() == "class_heritage" {
				if ks := namedKids(k); len(ks) > 0 {
					e.superClass = adopt(e, b.conv(ks[0]))
				}
			}
		}
		e.body = b.field(e, n, "body")
		return e
	case "field_definition", "public_field_definition":
		e := b.node("PropertyDefinition", n)
		e.key = b.field(e, n, "property")
		if e.key == nil {
			e.key = b.field(e, n, "name")
		}
		e.computed = e.key != nil && n.Field("property").Valid() && n.Field("property").Type() == "computed_property_name"
		e.value = b.field(e, n, "value")
		// tree-sitter leaves the ";" to the class body; eslint's node has it.
		if nx := n.NextSibling(); nx.Valid() && nx.Type() == ";" {
			e.end = nx.End()
		}
		return e
	case "call_expression":
		e := b.node("CallExpression", n)
		args := n.Field("arguments")
		if args.Valid() && args.Type() == "template_string" {
			e.typ = "TaggedTemplateExpression"
			e.callee = b.field(e, n, "function")
			e.quasi = adopt(e, b.conv(args))
			return e
		}
		e.callee = b.field(e, n, "function")
		e.optional = n.Field("optional_chain").Valid()
		if args.Valid() {
			e.args = b.list(e, namedKids(args))
		}
		return e
	case "new_expression":
		e := b.node("NewExpression", n)
		e.callee = b.field(e, n, "constructor")
		if args := n.Field("arguments"); args.Valid() {
			e.args = b.list(e, namedKids(args))
			e.hasParens = true
		}
		return e
	case "member_expression", "subscript_expression":
		e := b.node("MemberExpression", n)
		e.computed = t == "subscript_expression"
		e.object = b.field(e, n, "object")
		if e.computed {
			e.property = b.field(e, n, "index")
		} else {
			e.property = b.field(e, n, "property")
		}
		e.optional = n.Field("optional_chain").Valid()
		return e
	case "meta_property":
		e := b.node("MetaProperty", n)
		if n.ChildCount() >= 3 {
			e.meta = adopt(e, &estreeNode{typ: "Identifier", start: n.Child(0).Start(), end: n.Child(0).End()})
			e.property = adopt(e, &estreeNode{typ: "Identifier", start: n.Child(n.ChildCount() - 1).Start(), end: n.End()})
		}
		return e
	case "ternary_expression":
		e := b.node("ConditionalExpression", n)
		e.test = b.field(e, n, "condition")
		e.consequent = b.field(e, n, "consequence")
		e.alternate = b.field(e, n, "alternative")
		return e
	case "binary_expression":
		e := b.node("BinaryExpression", n)
		if op := n.Field("operator"); op.Valid() {
			e.operator = op.Type()
			if e.operator == "&&" || e.operator == "||" || e.operator == "??" {
				e.typ = "LogicalExpression"
			}
		}
		e.left = b.field(e, n, "left")
		e.right = b.field(e, n, "right")
		return e
	case "assignment_expression", "augmented_assignment_expression", "assignment_pattern", "object_assignment_pattern":
		typ := "AssignmentExpression"
		if t == "assignment_pattern" || t == "object_assignment_pattern" {
			typ = "AssignmentPattern"
		}
		e := b.node(typ, n)
		e.left = b.field(e, n, "left")
		if op := n.Field("operator"); op.Valid() {
			e.operator = op.Type()
		} else {
			e.operator = "="
		}
		e.right = b.field(e, n, "right")
		if t == "object_assignment_pattern" {
			// `{a = 1}` is a shorthand Property whose value is the pattern.
			p := &estreeNode{typ: "Property", start: e.start, end: e.end, shorthand: true, kind: "init"}
			e.parent = p
			p.kids = []*estreeNode{e}
			p.key, p.value = e.left, e
			return p
		}
		return e
	case "sequence_expression":
		e := b.node("SequenceExpression", n)
		e.list = b.list(e, namedKids(n))
		return e
	case "unary_expression", "update_expression", "await_expression", "yield_expression", "spread_element", "rest_pattern":
		typ := map[string]string{"unary_expression": "UnaryExpression", "update_expression": "UpdateExpression",
			"await_expression": "AwaitExpression", "yield_expression": "YieldExpression",
			"spread_element": "SpreadElement", "rest_pattern": "RestElement"}[t]
		e := b.node(typ, n)
		if op := n.Field("operator"); op.Valid() {
			e.operator = op.Type()
		} else if n.ChildCount() > 0 {
			e.operator = n.Child(0).Type()
		}
		e.list = b.list(e, namedKids(n))
		return e
	case "array", "array_pattern":
		typ := "ArrayExpression"
		if t == "array_pattern" {
			typ = "ArrayPattern"
		}
		e := b.node(typ, n)
		// Holes: a "," right after "[" or another ",".
		prev := "["
		for i := 0; i < n.ChildCount(); i++ {
			c := n.Child(i)
			switch {
			case isCommentType(c.Type()):
			case c.Type() == ",":
				if prev == "," || prev == "[" {
					e.elements = append(e.elements, nil)
				}
				prev = ","
			case c.Type() == "[" || c.Type() == "]":
			default:
				e.elements = append(e.elements, adopt(e, b.conv(c)))
				prev = "x"
			}
		}
		return e
	case "object", "object_pattern":
		typ := "ObjectExpression"
		if t == "object_pattern" {
			typ = "ObjectPattern"
		}
		e := b.node(typ, n)
		e.properties = b.list(e, namedKids(n))
		return e
	case "pair", "pair_pattern":
		e := b.node("Property", n)
		e.kind = "init"
		e.key = b.field(e, n, "key")
		e.computed = n.Field("key").Valid() && n.Field("key").Type() == "computed_property_name"
		e.value = b.field(e, n, "value")
		return e
	case "shorthand_property_identifier", "shorthand_property_identifier_pattern":
		e := b.node("Property", n)
		e.kind = "init"
		e.shorthand = true
		e.key = adopt(e, &estreeNode{typ: "Identifier", start: n.Start(), end: n.End()})
		e.value = e.key
		return e
	case "computed_property_name":
		ks := namedKids(n)
		if len(ks) == 0 {
			return nil
		}
		return b.conv(ks[0])
	case "template_string":
		return b.template(n)
	case "import_statement":
		e := b.node("ImportDeclaration", n)
		for _, k := range namedKids(n) {
			switch k.Type() {
			case "import_clause":
				for _, c := range namedKids(k) {
					switch c.Type() {
					case "named_imports":
						for _, s := range namedKids(c) {
							sp := adopt(e, b.node("ImportSpecifier", s))
							e.specifiers = append(e.specifiers, sp)
						}
					case "namespace_import":
						e.specifiers = append(e.specifiers, adopt(e, b.node("ImportNamespaceSpecifier", c)))
					default:
						e.specifiers = append(e.specifiers, adopt(e, b.node("ImportDefaultSpecifier", c)))
					}
				}
			case "string":
				e.source = adopt(e, b.node("Literal", k))
			}
		}
		return e
	case "export_statement":
		e := b.node("ExportNamedDeclaration", n)
		if hasChild(n, "default") {
			e.typ = "ExportDefaultDeclaration"
		} else if hasChild(n, "*") {
			e.typ = "ExportAllDeclaration"
		}
		e.declaration = b.field(e, n, "declaration")
		if e.declaration == nil {
			e.declaration = b.field(e, n, "value")
		}
		for _, k := range namedKids(n) {
			if k.Type() == "export_clause" {
				for _, s := range namedKids(k) {
					e.specifiers = append(e.specifiers, adopt(e, b.node("ExportSpecifier", s)))
				}
			}
		}
		e.source = b.field(e, n, "source")
		return e
	case "jsx_element":
		e := b.node("JSXElement", n)
		open, close := n.Field("open_tag"), n.Field("close_tag")
		if open.Valid() && open.ChildCount() == 2 {
			e.typ = "JSXFragment"
			e.openingElement = adopt(e, b.node("JSXOpeningFragment", open))
			if close.Valid() {
				e.closingElement = adopt(e, b.node("JSXClosingFragment", close))
			}
		} else {
			e.openingElement = adopt(e, b.jsxOpening(open, false))
			if close.Valid() {
				c := adopt(e, b.node("JSXClosingElement", close))
				c.name = b.field(c, close, "name")
				e.closingElement = c
			}
		}
		var kids []syntax.FlatRef
		for i := 0; i < n.NamedChildCount(); i++ {
			c := n.NamedChild(i)
			if c.Start() >= open.End() && (!close.Valid() || c.End() <= close.Start()) {
				kids = append(kids, c)
			}
		}
		e.children = b.list(e, kids)
		return e
	case "jsx_self_closing_element":
		e := b.node("JSXElement", n)
		e.openingElement = adopt(e, b.jsxOpening(n, true))
		return e
	case "jsx_attribute":
		e := b.node("JSXAttribute", n)
		ks := namedKids(n)
		if len(ks) > 0 {
			e.name = adopt(e, b.conv(ks[0]))
		}
		if len(ks) > 1 {
			e.value = adopt(e, b.conv(ks[len(ks)-1]))
		}
		return e
	case "jsx_expression":
		e := b.node("JSXExpressionContainer", n)
		ks := namedKids(n)
		if len(ks) == 1 && ks[0].Type() == "spread_element" && n.Parent().Valid() && n.Parent().Type() != "jsx_element" {
			e.typ = "JSXSpreadAttribute"
		}
		if len(ks) == 0 {
			adopt(e, &estreeNode{typ: "JSXEmptyExpression", start: e.start + 1, end: e.end - 1})
		}
		e.list = b.list(e, ks)
		return e
	case "jsx_text":
		return &estreeNode{typ: "JSXText", start: n.Start(), end: n.End()}
	case "jsx_namespace_name":
		return b.node("JSXNamespacedName", n)
	case "nested_identifier", "member_expression_jsx":
		return b.node("JSXMemberExpression", n)
	case "identifier", "property_identifier", "shorthand_property_identifier_pattern_", "statement_identifier",
		"private_property_identifier", "undefined":
		return b.node("Identifier", n)
	case "this":
		return b.node("ThisExpression", n)
	case "super":
		return b.node("Super", n)
	case "string", "number", "regex", "true", "false", "null":
		return b.node("Literal", n)
	case "import":
		return b.node("Identifier", n)
	case "type_parameters", "type_arguments":
		// Known as @stylistic/indent (the rule TypeScript projects run,
		// eslint's own being unaware of TypeScript) knows them: a
		// generic arrow function's offsets then hang from its `<`, not
		// from the statement around it (ky's `const f = <T>(...) =>
		// ({...})` body at one indent, as xo accepts).
		typ := "TSTypeParameterDeclaration"
		if t == "type_arguments" {
			typ = "TSTypeParameterInstantiation"
		}
		e := b.node(typ, n)
		e.params = b.list(e, namedKids(n))
		return e
	}
	// Anything else is a node eslint's rule does not know: its tokens'
	// indentation is not checked.
	e := b.node("TS:"+t, n)
	e.list = b.list(e, namedKids(n))
	return e
}

// params fills fn.params from n's formal_parameters.
func (b *estreeBuilder) params(fn *estreeNode, n syntax.FlatRef) {
	p := n.Field("parameters")
	if !p.Valid() {
		return
	}
	fn.hasParens = true
	fn.params = b.list(fn, namedKids(p))
}

func (b *estreeBuilder) jsxOpening(n syntax.FlatRef, self bool) *estreeNode {
	e := b.node("JSXOpeningElement", n)
	e.selfClosing = self
	if !n.Valid() {
		return e
	}
	e.name = b.field(e, n, "name")
	var attrs []syntax.FlatRef
	for _, k := range namedKids(n) {
		if e.name != nil && k.Start() == e.name.start {
			continue
		}
		attrs = append(attrs, k)
	}
	e.attributes = b.list(e, attrs)
	return e
}

// template builds a TemplateLiteral whose quasis span espree's template
// tokens ("`a${", "}b${", "}c`").
func (b *estreeBuilder) template(n syntax.FlatRef) *estreeNode {
	e := b.node("TemplateLiteral", n)
	qs := n.Start()
	for i := 0; i < n.ChildCount(); i++ {
		c := n.Child(i)
		if c.Type() != "template_substitution" {
			continue
		}
		open := c.Child(0)
		e.quasis = append(e.quasis, adopt(e, &estreeNode{typ: "TemplateElement", start: qs, end: open.End()}))
		if ks := namedKids(c); len(ks) > 0 {
			adopt(e, b.conv(ks[0]))
		}
		qs = c.Child(c.ChildCount() - 1).Start()
	}
	e.quasis = append(e.quasis, adopt(e, &estreeNode{typ: "TemplateElement", start: qs, end: n.End()}))
	return e
}
