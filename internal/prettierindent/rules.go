package prettierindent

import (
	"strings"

	"github.com/iflint/iflint/internal/syntax"
)

// visit places n, printed at indentation at, and its children.
func (w *walker) visit(n syntax.FlatRef, at ind) {
	t := n.Type()
	switch {
	case isComment(t):
		w.comment(n, at)
		return
	case n.IsError() || n.IsMissing() && n.End() > n.Start():
		// A region the grammar could not read: what prettier would do
		// with it is unknown, so its lines are left alone.
		w.leaveAlone(n.Start(), n.End())
		return
	}
	if w.decidesNothing(n) {
		return
	}
	w.assign(n.Start(), at)
	switch {
	case t == "string" || t == "regex":
		w.leaveAlone(n.Start(), n.End())
	case t == "template_string":
		w.template(n, at)
	case bracketTypes[t]:
		w.bracket(n, at)
	case chainTypes[t]:
		w.chain(n, at)
	case t == "binary_expression":
		w.binary(n, at)
	case t == "ternary_expression" || t == "conditional_type":
		w.ternary(n, at)
	case t == "intersection_type":
		w.intersection(n, at)
	case t == "union_type":
		w.union(n, at)
	case t == "arrow_function":
		w.arrow(n, at)
	case t == "lexical_declaration" || t == "variable_declaration":
		w.declaration(n, at)
	case t == "switch_case" || t == "switch_default":
		w.switchCase(n, at)
	case t == "jsx_element":
		w.jsxElement(n, at)
	case t == "jsx_opening_element" || t == "jsx_self_closing_element":
		w.jsxTag(n, at)
	case assignLike[t] != "":
		w.assignment(n, at)
	case indentIfBroken[t]:
		w.kids(n, func(c syntax.FlatRef) ind {
			// A block (or class or interface body) stays with its
			// header, an else with its if.
			body := bracketTypes[c.Type()] && c.Type() != "parenthesized_expression"
			if t == "function_type" && (w.field(c) != "return_type" || c.Type() != "union_type" && c.Type() != "conditional_type") {
				// Only a union or conditional return type breaks after
				// `=>`; anything else on the next line is the next member
				// of a type literal without semicolons, which
				// tree-sitter-typescript reads as this one's return type.
				return at
			}
			if c.IsNamed() && !body && c.Type() != "else_clause" && !isComment(c.Type()) && w.brokenBefore(c) {
				return at.in()
			}
			return at
		})
	default:
		w.kids(n, func(syntax.FlatRef) ind { return at })
	}
}

// decidesNothing reports whether nothing in n can set or skip a line:
// n stands on one line, after the code that leads it. Every offset its
// nodes pass to assign lies between n's first non-blank and the first
// non-blank at or after its end (the end only for a zero-width node
// there, such as an automatic semicolon, which then speaks for the next
// line's code), so on that line and not leading it; leaveAlone and
// comment judge only the lines after a node's first, or a comment that
// leads its line. Most nodes of a file are inside such a node (the
// arguments of a call on one line, an expression after `=`), and
// visiting them was a third of a TypeScript check (issue 21).
// TestPruneMatchesFullWalk compares the walk with and without.
func (w *walker) decidesNothing(n syntax.FlatRef) bool {
	if w.full {
		return false
	}
	s, e := w.skipBlanks(n.Start()), n.End()
	l := w.lineOf(s)
	if e <= s || w.lineOf(e-1) != l || w.leads(l, s) {
		return false
	}
	if w.lineOf(w.skipBlanks(e)) == l {
		return true
	}
	if isBlank(w.src[e-1]) {
		return false // a node starting in those blanks speaks for the next line
	}
	// A zero-width node at e stands last on n's last-child spine.
	for c := n; c.ChildCount() > 0; {
		c = c.Child(c.ChildCount() - 1)
		if c.Start() == c.End() {
			return false
		}
	}
	return true
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// kids visits n's children, each at the indentation level gives it.
func (w *walker) kids(n syntax.FlatRef, level func(c syntax.FlatRef) ind) {
	for k := 0; k < n.ChildCount(); k++ {
		c := n.Child(k)
		w.place(c, level(c))
	}
}

// place visits a child: a token starts its line at at, a node is
// visited.
func (w *walker) place(c syntax.FlatRef, at ind) {
	if c.IsNamed() || c.ChildCount() > 0 || isComment(c.Type()) {
		w.visit(c, at)
		return
	}
	w.assign(c.Start(), at)
}

// brokenBefore reports whether c starts a line of its own (prettier
// broke the group before it).
func (w *walker) brokenBefore(c syntax.FlatRef) bool {
	return w.startsLine(c.Start()) && c.Start() != c.Parent().Start()
}

func isComment(t string) bool { return strings.Contains(t, "comment") || t == "hash_bang_line" }

// bracketTypes are the nodes prettier prints as an opening bracket, its
// contents indented when the group breaks, and the closing bracket.
var bracketTypes = set("statement_block", "class_body", "object", "object_pattern", "array", "array_pattern",
	"arguments", "formal_parameters", "named_imports", "export_clause", "object_type", "interface_body",
	"enum_body", "type_arguments", "type_parameters", "tuple_type", "switch_body", "parenthesized_expression",
	"jsx_expression", "import_attribute", "class_static_block", "parenthesized_type", "index_signature")

// assignLike maps the nodes prettier prints with printAssignment to the
// field of their right-hand side: broken after the operator, the
// right-hand side is indented.
var assignLike = map[string]string{
	"variable_declarator": "value", "assignment_expression": "right", "augmented_assignment_expression": "right",
	"pair": "value", "public_field_definition": "value", "type_alias_declaration": "value", "enum_assignment": "value",
	"assignment_pattern": "right", "property_signature": "type", "field_definition": "value",
}

// indentIfBroken are the nodes whose children, when they start a line
// of their own, prettier indents: a statement's body without braces, a
// type after its colon, a class's heritage.
var indentIfBroken = set("if_statement", "else_clause", "for_statement", "for_in_statement", "while_statement",
	"do_statement", "with_statement", "type_annotation", "function_type", "class_declaration", "class", "abstract_class_declaration",
	"interface_declaration", "extends_type_clause", "implements_clause", "extends_clause", "as_expression", "satisfies_expression", "opting_type_annotation", "asserts_annotation", "default_type")

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// bracket prints an opening bracket, its contents one indent in when
// the group is broken (a line break after the opener, or the closer
// starting a line), and the closer. A hugged last (or first) argument
// leaves the brackets unbroken: `f(a, () => {` keeps the callback at
// the call's indentation.
func (w *walker) bracket(n syntax.FlatRef, at ind) {
	open, close := -1, -1
	for k := 0; k < n.ChildCount(); k++ {
		c := n.Child(k)
		if c.IsNamed() {
			continue
		}
		switch c.Type() {
		case "{", "[", "(", "<", "${", "{|":
			if open < 0 {
				open = k
			}
		case "}", "]", ")", ">", "|}":
			close = k
		}
	}
	if open < 0 || close <= open {
		w.kids(n, func(syntax.FlatRef) ind { return at })
		return
	}
	inner := at
	oc, cc := n.Child(open), n.Child(close)
	// Broken: the first thing inside starts a line of its own. (The
	// closer starting a line is not enough: a hugged last argument's
	// arrow puts `)` on its own line after its broken body.)
	broken := w.startsLine(cc.Start()) && w.lineOf(cc.Start()) > w.lineOf(oc.Start())
	for k := open + 1; k < close; k++ {
		if c := n.Child(k); !isComment(c.Type()) {
			broken = w.lineOf(c.Start()) > w.lineOf(oc.End())
			break
		}
	}
	if broken {
		inner = at.in()
	}
	for k := 0; k < n.ChildCount(); k++ {
		lvl := at
		if k > open && k < close {
			lvl = inner
		}
		w.place(n.Child(k), lvl)
	}
}

// declaration prints a variable declaration: declarators after the
// first one indent in (printVariableDeclaration).
func (w *walker) declaration(n syntax.FlatRef, at ind) {
	first := true
	w.kids(n, func(c syntax.FlatRef) ind {
		if c.Type() == "variable_declarator" {
			if first {
				first = false
				return at
			}
			return at.in()
		}
		return at
	})
}

// switchCase prints a case: the statements after its colon, each on a
// line of its own, one indent in; a block on the case's line stays.
func (w *walker) switchCase(n syntax.FlatRef, at ind) {
	colon := false
	w.kids(n, func(c syntax.FlatRef) ind {
		if !c.IsNamed() && c.Type() == ":" {
			colon = true
			return at
		}
		if colon && w.startsLine(c.Start()) {
			return at.in()
		}
		return at
	})
}

// jsxTag prints an opening or self-closing tag: its attributes one
// indent in, `>` or `/>` back at the tag's indentation.
func (w *walker) jsxTag(n syntax.FlatRef, at ind) {
	w.kids(n, func(c syntax.FlatRef) ind {
		if c.IsNamed() && w.field(c) != "name" && !isComment(c.Type()) || c.Type() == "{" {
			return at.in()
		}
		return at
	})
}

// assignment prints what prettier prints with printAssignment: broken
// after its operator (`=`, `:`), the right-hand side (and a comment
// before it) one indent in; in a chain of assignments the links share
// one indentation and the last value goes one further.
func (w *walker) assignment(n syntax.FlatRef, at ind) {
	value := assignLike[n.Type()]
	past, broke := false, false // past the operator; broken after it
	w.kids(n, func(c syntax.FlatRef) ind {
		if c.Type() == ";" || c.Type() == "," {
			return at // a statement's end (`;(x)` under semi: false)
		}
		if broke {
			return at.in()
		}
		if !c.IsNamed() && (c.Type() == "=" || c.Type() == ":" || strings.HasSuffix(c.Type(), "=")) {
			past = true
		}
		if w.field(c) == value || past && isComment(c.Type()) && w.brokenBefore(c) {
			past = true
		}
		if past && w.brokenBefore(c) {
			if c.Type() == "assignment_expression" && w.assignValue(n) {
				return at
			}
			broke = true
			return at.in()
		}
		return at
	})
}
