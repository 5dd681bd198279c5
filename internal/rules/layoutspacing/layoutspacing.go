// Package layoutspacing is the lint profile's operator and comma
// spacing on a syntax tree, for indentation_spacing's "spacing" and
// "no spacing" (internal/rules/layout turns each Issue into a finding
// with its fix).
package layoutspacing

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// Operator and comma spacing in the lint profile, for the languages
// judged by their tree (C, C++, Java, JavaScript, TypeScript, Rust,
// Kotlin, C#; Go when gofmt cannot format the file): with "spacing", an
// infix operator has a blank (or a line break) on each side, as eslint's
// space-infix-ops, checkstyle's WhitespaceAround, clang-format and
// rustfmt print it, and a comma has one after it and none before, as
// eslint's comma-spacing and checkstyle's WhitespaceAfter/NoWhitespaceBefore
// want. Infix operators are the operator tokens of binary, assignment and
// conditional expressions and the "=" of declarators, default values and
// designated initializers (`long total=0;` is one). Unary operators,
// pointers and references, member access, generics and ranges are not
// infix operators. With "no spacing", the same tokens must have no
// blank around (operators) or after (commas) them on their line.

// Authority says whose spacing rules the lint profile follows.
func Authority(id lang.ID) string {
	switch id {
	case lang.Python:
		return "operators and commas spaced as pycodestyle checks them"
	case lang.Go:
		return "operators and commas spaced as gofmt prints them"
	}
	return "infix operators and commas surrounded by blanks"
}

// infixParents are, per language, the node types whose operator
// children are infix operators; equalsParents those whose "=" is
// (declarators, default values, designated initializers), and nothing
// else (a type annotation's ":", an optional parameter's "?").
var infixParents = map[lang.ID]set{
	lang.C:          newSet("binary_expression", "assignment_expression", "conditional_expression"),
	lang.CPP:        newSet("binary_expression", "assignment_expression", "conditional_expression"),
	lang.Java:       newSet("binary_expression", "assignment_expression", "ternary_expression"),
	lang.JavaScript: newSet("binary_expression", "assignment_expression", "augmented_assignment_expression", "ternary_expression"),
	lang.TypeScript: newSet("binary_expression", "assignment_expression", "augmented_assignment_expression", "ternary_expression"),
	lang.Rust:       newSet("binary_expression", "assignment_expression", "compound_assignment_expr"),
	lang.Kotlin: newSet("additive_expression", "multiplicative_expression", "comparison_expression",
		"equality_expression", "conjunction_expression", "disjunction_expression", "elvis_expression", "assignment"),
	lang.CSharp: newSet("binary_expression", "assignment_expression", "conditional_expression"),
	// Go falls back here only when gofmt cannot format the file; the
	// spacing of its binary operators depends on precedence, so only
	// assignments are judged.
	lang.Go: newSet("assignment_statement", "short_var_declaration"),
}

var equalsParents = map[lang.ID]set{
	lang.C: newSet("init_declarator", "initializer_pair", "enumerator"),
	lang.CPP: newSet("init_declarator", "initializer_pair", "enumerator", "optional_parameter_declaration",
		"alias_declaration", "optional_type_parameter_declaration", "field_declaration"),
	lang.Java:       newSet("variable_declarator", "element_value_pair"),
	lang.JavaScript: newSet("variable_declarator", "assignment_pattern", "object_assignment_pattern", "field_definition", "public_field_definition"),
	lang.TypeScript: newSet("variable_declarator", "assignment_pattern", "object_assignment_pattern", "field_definition",
		"public_field_definition", "type_alias_declaration", "enum_assignment", "required_parameter", "optional_parameter"),
	lang.Rust:   newSet("let_declaration", "const_item", "static_item", "type_item", "enum_variant"),
	lang.Kotlin: newSet("property_declaration"),
	lang.CSharp: newSet("equals_value_clause", "variable_declarator"),
	lang.Go:     newSet("var_spec", "const_spec"),
}

// isOperatorToken: an anonymous token made of operator characters.
func isOperatorToken(t string) bool {
	if t == "" {
		return false
	}
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '=', '+', '-', '*', '/', '%', '<', '>', '!', '&', '|', '^', '?', ':', '~':
		default:
			return false
		}
	}
	return true
}

func blankByte(b byte) bool { return b == ' ' || b == '\t' }
func breakByte(b byte) bool { return b == '\n' || b == '\r' }

func Issues(u *check.Unit, c constraint.Constraint, ft *syntax.FlatTree) []Issue {
	infix, equals := infixParents[c.Lang], equalsParents[c.Lang]
	if infix == nil {
		return nil
	}
	src := u.Src
	required := c.Spacing == constraint.SpacingRequired
	var out []Issue
	m := work.Of(u)
	var walk func(n syntax.FlatRef, parent string)
	walk = func(n syntax.FlatRef, parent string) {
		m.Add(1)
		t := n.Type()
		if n.IsError() || isCommentType(t) || c.Lang == lang.Rust && t == "token_tree" {
			// rustfmt leaves macro bodies as written.
			return
		}
		if n.ChildCount() > 0 {
			for i := 0; i < n.ChildCount(); i++ {
				walk(n.Child(i), t)
			}
			return
		}
		s, e := n.Start(), n.End()
		switch {
		case n.IsNamed() || e <= s:
		case t == ",":
			m.Add(blanksAround(src, s, e))
			if is, ok := commaIssue(src, s, e, required); ok {
				out = append(out, is)
			}
		case infix[parent] && isOperatorToken(t) || equals[parent] && t == "=":
			if c.Lang == lang.Go && t != "=" && t != ":=" || c.Lang == lang.Rust && (t == ".." || t == "..=" || s >= 2 && string(src[s-2:s]) == "..") {
				return
			}
			m.Add(blanksAround(src, s, e))
			if is, ok := operatorIssue(src, s, e, t, required); ok {
				out = append(out, is)
			}
		}
	}
	walk(ft.Root(), "")
	return out
}

// blanksAround is the work of scanning the blanks on either side of
// src[s:e] (each run of blanks is scanned by the tokens beside it only).
func blanksAround(src []byte, s, e int) int {
	n := 1
	for i := s; i > 0 && blankByte(src[i-1]); i-- {
		n++
	}
	for j := e; j < len(src) && blankByte(src[j]); j++ {
		n++
	}
	return n
}

// operatorIssue judges the blanks around the operator src[s:e].
func operatorIssue(src []byte, s, e int, op string, required bool) (Issue, bool) {
	before := s == 0 || blankByte(src[s-1]) || breakByte(src[s-1])
	after := e >= len(src) || blankByte(src[e]) || breakByte(src[e])
	is := Issue{}
	if required {
		if before && after {
			return is, false
		}
		var where string
		switch {
		case !before && !after:
			where = "on either side"
		case !before:
			where = "before it"
		default:
			where = "after it"
		}
		is.Finding = check.Finding{Start: s, End: e, Message: fmt.Sprintf("operator %q has no blank %s", op, where)}
		if !before {
			is.Edits = append(is.Edits, check.Edit{Start: s, End: s, New: " "})
		}
		if !after {
			is.Edits = append(is.Edits, check.Edit{Start: e, End: e, New: " "})
		}
		return is, true
	}
	// No spacing: blanks on both sides of the operator, on its line.
	i, j := s, e
	for i > 0 && blankByte(src[i-1]) {
		i--
	}
	for j < len(src) && blankByte(src[j]) {
		j++
	}
	if i == s || j == e || i == 0 || breakByte(src[i-1]) || j >= len(src) || breakByte(src[j]) {
		return is, false
	}
	is.Finding = check.Finding{Start: s, End: e, Message: fmt.Sprintf("operator %q surrounded by blanks (no spacing required)", op)}
	if isOperatorToken(string(src[i-1])) || isOperatorToken(string(src[j])) {
		is.Refusal = "removing the blanks would join the operator to its neighbour into another token"
		return is, true
	}
	is.Edits = check.Edits{{Start: i, End: s, New: ""}, {Start: e, End: j, New: ""}}
	return is, true
}

// commaIssue judges the blanks around the comma src[s:e].
func commaIssue(src []byte, s, e int, required bool) (Issue, bool) {
	is := Issue{}
	j := e
	for j < len(src) && blankByte(src[j]) {
		j++
	}
	if required {
		i := s
		for i > 0 && blankByte(src[i-1]) {
			i--
		}
		blankBefore := i < s && i > 0 && !breakByte(src[i-1])
		closes := j < len(src) && (src[j] == ')' || src[j] == ']' || src[j] == '}' || src[j] == ',')
		noAfter := e < len(src) && j == e && !breakByte(src[e]) && !closes
		switch {
		case blankBefore && noAfter:
			is.Finding = check.Finding{Start: s, End: e, Message: "comma has a blank before it and none after it"}
			is.Edits = check.Edits{{Start: i, End: s, New: ""}, {Start: e, End: e, New: " "}}
		case blankBefore:
			is.Finding = check.Finding{Start: s, End: e, Message: "comma has a blank before it"}
			is.Edits = check.Edits{{Start: i, End: s, New: ""}}
		case noAfter:
			is.Finding = check.Finding{Start: s, End: e, Message: "comma not followed by a blank"}
			is.Edits = check.Edits{{Start: e, End: e, New: " "}}
		default:
			return is, false
		}
		return is, true
	}
	if j == e || j >= len(src) || breakByte(src[j]) {
		return is, false
	}
	is.Finding = check.Finding{Start: s, End: e, Message: "comma followed by a blank (no spacing required)"}
	is.Edits = check.Edits{{Start: e, End: j, New: ""}}
	return is, true
}

// Issue is a spacing mistake and the edits that clear it, or why none
// is offered (Refusal).
type Issue struct {
	check.Finding
	Edits   check.Edits
	Refusal string
}

type set map[string]bool

func newSet(names ...string) set {
	s := set{}
	for _, n := range names {
		s[n] = true
	}
	return s
}

func isCommentType(t string) bool { return strings.Contains(t, "comment") }
