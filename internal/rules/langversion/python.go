package langversion

// Static version analysis for Python: what `python3.X -m py_compile`
// would reject, judged from the tree-sitter parse and the Python versions
// that introduced each syntax; the lint profile also flags what fails
// when the module is imported (divergence import-time-checks).

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// pyFeature is a syntax node kind that needs at least Python 3.<minor>.
type pyFeature struct {
	minor int
	what  string
}

var pyFeatures = map[string]pyFeature{
	"named_expression":     {8, "assignment expression (:=)"},
	"positional_separator": {8, "positional-only parameter marker (/)"},
	"match_statement":      {10, "match statement"},
	"except_group_clause":  {11, "except* clause"},
	"type_alias_statement": {12, "type alias statement"},
}

// pyRemoved lists standard modules removed in 3.<minor> (PEP 594, 632 and
// earlier removals); pyAdded lists modules first shipped in 3.<minor>.
var pyRemoved = map[string]int{
	"formatter": 10, "parser": 10, "symbol": 10, "binhex": 11,
	"distutils": 12, "imp": 12, "asynchat": 12, "asyncore": 12, "smtpd": 12,
	"aifc": 13, "audioop": 13, "cgi": 13, "cgitb": 13, "chunk": 13, "crypt": 13,
	"imghdr": 13, "mailcap": 13, "msilib": 13, "nis": 13, "nntplib": 13,
	"ossaudiodev": 13, "pipes": 13, "sndhdr": 13, "spwd": 13, "sunau": 13,
	"telnetlib": 13, "uu": 13, "xdrlib": 13, "lib2to3": 13,
}

var pyAdded = map[string]int{"zoneinfo": 9, "graphlib": 9, "tomllib": 11}

// pyQuery selects every node kind pythonVersionIssues looks at; a query
// runs inside tree-sitter, far faster than walking every node from Go.
// Strings matter only before 3.12 and imports and annotations only to
// the import-time checks, so they are left out of the query when
// irrelevant.
func pyQuery(importTime bool, t target) string {
	q := `(print_statement) (exec_statement) (named_expression) (positional_separator)
 (match_statement) (except_group_clause) (type_alias_statement) (type_parameter)
 (return_statement) (yield) (await) (break_statement) (continue_statement) (decorator)
 (with_clause)`
	if !t.atLeast(3, 12) {
		q += " (string)"
	}
	if importTime {
		q += " (import_statement) (import_from_statement) (type)"
	}
	return "[" + q + "] @n"
}

// pythonVersionIssues approximates `python3.X -m py_compile`: the file
// must parse as Python 3 and use no syntax newer than 3.X. With the
// import-time checks it also flags what fails at import time on that
// version.
func pythonVersionIssues(u *check.Unit, t target, r reading) []versionIssue {
	tree, err := u.Tree(lang.Python)
	if err != nil {
		return []versionIssue{{0, 0, "could not parse: " + err.Error()}}
	}
	var issues []versionIssue
	add := func(n nodeRange, msg string) {
		issues = append(issues, versionIssue{n.Start(), n.End(), msg})
	}
	futureAnnotations := strings.Contains(string(u.Src), "from __future__ import annotations")
	root := tree.Root()
	if bad, ok := firstSyntaxError(root); ok {
		issues = append(issues, syntaxIssue(bad))
	}
	caps := syntax.MustQuery(lang.Python, pyQuery(r.importTime, t)).Captures(root)
	work.Of(u).Add(len(u.Src) + len(caps)) // the query's pass, then a visit per capture
	for _, c := range caps {
		n := c.Node
		typ := n.Type()
		if typ == "print_statement" || typ == "exec_statement" {
			add(n, fmt.Sprintf("Python 2 %s statement is a syntax error in Python 3", strings.TrimSuffix(typ, "_statement")))
			continue
		}
		if f, ok := pyFeatures[typ]; ok && !t.atLeast(3, f.minor) {
			add(n, fmt.Sprintf("%s needs Python 3.%d", f.what, f.minor))
		}
		switch typ {
		case "return_statement", "yield":
			if !n.IsNamed() {
				break
			}
			if fn := pyEnclosing(n, "function_definition", "lambda"); !fn.Valid() || (typ == "return_statement" && fn.Type() == "lambda") {
				add(n, fmt.Sprintf("'%s' outside function", strings.TrimSuffix(typ, "_statement")))
			}
		case "await":
			if n.IsNamed() { // the expression, not the keyword token
				fn := pyEnclosing(n, "function_definition", "lambda")
				if !fn.Valid() {
					add(n, "'await' outside function")
				} else if fn.Type() == "lambda" || fn.Child(0).Type() != "async" {
					add(n, "'await' outside async function")
				}
			}
		case "break_statement", "continue_statement":
			if l := pyEnclosing(n, "for_statement", "while_statement", "function_definition", "class_definition", "lambda"); !l.Valid() || (l.Type() != "for_statement" && l.Type() != "while_statement") {
				add(n, fmt.Sprintf("'%s' outside loop", strings.TrimSuffix(typ, "_statement")))
			}
		case "type_parameter":
			// Also the [..] of List[int]; only a def/class list is PEP 695.
			if p := n.Parent(); !t.atLeast(3, 12) && p.Valid() && (p.Type() == "function_definition" || p.Type() == "class_definition") {
				add(n, "PEP 695 type parameter list needs Python 3.12")
			}
		case "decorator":
			if !t.atLeast(3, 9) && !pyPlainDecorator(n) {
				add(n, "decorator with an arbitrary expression needs Python 3.9")
			}
		case "with_clause":
			if !t.atLeast(3, 9) && n.ChildCount() > 0 && n.Child(0).Type() == "(" && pyParenthesizedWith(n) {
				add(n, "parenthesized context managers need Python 3.9 (officially 3.10)")
			}
		case "string":
			if !t.atLeast(3, 12) {
				if msg := pyFStringNesting(n); msg != "" {
					add(n, msg)
				}
			}
		}
		if r.importTime {
			switch typ {
			case "import_statement", "import_from_statement":
				for _, m := range pyImportedModules(n) {
					if gone, ok := pyRemoved[m]; ok && t.atLeast(3, gone) {
						add(n, fmt.Sprintf("module %s was removed in Python 3.%d", m, gone))
					}
					if a, ok := pyAdded[m]; ok && !t.atLeast(3, a) {
						add(n, fmt.Sprintf("module %s needs Python 3.%d", m, a))
					}
				}
			case "type":
				if !t.atLeast(3, 10) && !futureAnnotations && pyEvaluatedAnnotation(n) && pyHasUnion(n) {
					add(n, "X | Y union in an evaluated annotation needs Python 3.10")
				}
			}
		}
	}
	return issues
}

type pyNode = nodeRange

func pyEnclosing(n pyNode, types ...string) pyNode {
	for p := n.Parent(); p.Valid(); p = p.Parent() {
		for _, t := range types {
			if p.Type() == t {
				return p
			}
		}
	}
	return pyNode{}
}

// pyPlainDecorator reports whether a decorator has the pre-3.9 shape: a
// dotted name, optionally called once.
func pyPlainDecorator(d pyNode) bool {
	e := d.NamedChild(0)
	if e.Valid() && e.Type() == "call" {
		e = e.Field("function")
	}
	for e.Valid() && e.Type() == "attribute" {
		e = e.Field("object")
	}
	return e.Valid() && e.Type() == "identifier"
}

// pyParenthesizedWith tells `with (a as b, c):` (new grammar) from
// `with (a):` or `with (a, b):`, which were always valid expressions.
func pyParenthesizedWith(w pyNode) bool {
	items := 0
	for i := 0; i < w.ChildCount(); i++ {
		c := w.Child(i)
		if c.Type() != "with_item" {
			continue
		}
		items++
		if c.Any(func(m pyNode) bool { return m.Type() == "as_pattern" }) {
			return true
		}
	}
	last := w.Child(w.ChildCount() - 2)
	return items > 1 && last.Valid() && last.Type() == ","
}

// pyFStringNesting reports PEP 701 constructs: an f-string whose
// replacement fields reuse its own quote, or contain a backslash.
func pyFStringNesting(s pyNode) string {
	start := s.Child(0)
	if !start.Valid() || start.Type() != "string_start" {
		return ""
	}
	delim := start.Text()
	prefix := strings.TrimRight(delim, `'"`)
	quote := strings.TrimPrefix(delim, prefix)
	if !strings.ContainsAny(prefix, "fF") {
		return ""
	}
	msg := ""
	for i := 0; i < s.ChildCount() && msg == ""; i++ {
		in := s.Child(i)
		if in.Type() != "interpolation" {
			continue
		}
		in.Walk(func(m pyNode) bool {
			if msg != "" {
				return false
			}
			if m.Type() == "string" {
				inner := m.Child(0)
				if inner.Valid() && len(quote) == 1 && strings.TrimLeft(inner.Text(), "rRbBuUfF") == quote {
					msg = "f-string reusing its quote inside a replacement field needs Python 3.12"
				}
				return false
			}
			if m.ChildCount() == 0 && strings.Contains(m.Text(), `\`) {
				msg = "backslash inside an f-string replacement field needs Python 3.12"
			}
			return true
		})
	}
	return msg
}

func pyImportedModules(n pyNode) []string {
	var out []string
	if n.Type() == "import_from_statement" {
		if m := n.Field("module_name"); m.Valid() {
			name, _, _ := strings.Cut(m.Text(), ".")
			out = append(out, name)
		}
		return out
	}
	for i := 0; i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if c.Type() == "aliased_import" {
			c = c.Field("name")
		}
		if c.Valid() && c.Type() == "dotted_name" {
			name, _, _ := strings.Cut(c.Text(), ".")
			out = append(out, name)
		}
	}
	return out
}

// pyEvaluatedAnnotation: parameter and return annotations are evaluated
// when the def runs; annotations of local variables never are.
func pyEvaluatedAnnotation(typ pyNode) bool {
	p := typ.Parent()
	if !p.Valid() {
		return false
	}
	switch p.Type() {
	case "typed_parameter", "typed_default_parameter", "function_definition":
		return true
	}
	return false
}

func pyHasUnion(typ pyNode) bool {
	return typ.Any(func(m pyNode) bool {
		if m.Type() == "string" {
			return false
		}
		if m.Type() == "union_type" {
			return true
		}
		if m.Type() == "binary_operator" {
			op := m.Field("operator")
			return op.Valid() && op.Text() == "|"
		}
		return false
	})
}
