package signature

// Locating the constrained function: its definitions in the evaluator's
// visiting order, and their parameters as the evaluator lists them.

import (
	"bytes"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// mayDefine is a cheap test that src could define fn: it must contain
// the name and, where a definition always carries one, the keyword. When
// it cannot, every checker fails anyway ("not defined"), so the parse is
// skipped; that keeps huge foreign-language inputs cheap.
func mayDefine(src []byte, id lang.ID, fn string) bool {
	if fn == "" || !bytes.Contains(src, []byte(fn)) {
		return false
	}
	if kw, ok := map[lang.ID]string{lang.Python: "def", lang.Rust: "fn", lang.Go: "func"}[id]; ok {
		return bytes.Contains(src, []byte(kw))
	}
	return true
}

// parsedRoot parses the unit; ok is false when no tree could be built.
func parsedRoot(u *check.Unit, id lang.ID) (syntax.Node, bool) {
	t, err := u.Tree(id)
	if err != nil || t == nil {
		return syntax.Node{}, false
	}
	return t.Root(), true
}

// param is one parameter (or return type) as the evaluator sees it.
type param struct {
	Type  string      // the type text the evaluator matches
	Node  syntax.Node // the node a finding points at
	Array bool        // C++: the declarator has [] (int a[])
	// Bare is a Python parameter without annotation; its Type is "None".
	Bare bool
}

// definition is one definition of the constrained function.
type definition struct {
	Node   syntax.Node // the whole definition
	Name   syntax.Node
	Params syntax.Node // the parameter list
	Ret    syntax.Node // the return type, if written
}

// definitionsNamed lists the definitions named fn in the evaluator's
// visiting order: pre-order for tree-sitter walks, breadth-first for
// Python's ast.walk. The reading decides whether a C++ function
// returning a pointer or reference is found (pointer-returns).
func definitionsNamed(root syntax.Node, id lang.ID, src []byte, fn string, r reading, m *work.Meter) []definition {
	var out []definition
	for _, n := range candidateDefinitions(root, id, src, fn, m) {
		m.Add(1 + len(fn))
		switch id {
		case lang.Python:
			if isAsyncDef(n) {
				continue
			}
			if name := n.Field("name"); name.Valid() && name.Text() == fn {
				out = append(out, definition{n, name, n.Field("parameters"), n.Field("return_type")})
			}
		case lang.Java, lang.Go:
			ret := "type"
			if id == lang.Go {
				ret = "result"
			}
			if name := n.Field("name"); name.Valid() && name.Text() == fn {
				out = append(out, definition{n, name, n.Field("parameters"), n.Field(ret)})
			}
		case lang.Rust:
			if name := n.Field("name"); name.Valid() && name.Text() == fn {
				out = append(out, definition{n, name, n.Field("parameters"), n.Field("return_type")})
			}
		case lang.CPP:
			// The evaluator looks only at a plain declarator: a function
			// returning a pointer or reference is not found.
			d := n.Field("declarator")
			if !d.Valid() {
				continue
			}
			if r.pointerReturns {
				d = cppUnwrapDeclarator(d)
			}
			var name syntax.Node
			switch d.Type() {
			case "function_declarator":
				name = d.Field("declarator")
			case "identifier":
				name = d
			}
			if name.Valid() && name.Text() == fn {
				out = append(out, definition{n, name, d.Field("parameters"), n.Field("type")})
			}
		}
	}
	if id == lang.Python {
		// ast.walk is breadth-first: shallower definitions come first.
		depth := make(map[int]int, len(out))
		for _, f := range out {
			depth[f.Node.Start()] = pyASTDepth(f.Node)
			m.Add(1 + depth[f.Node.Start()])
		}
		sort.SliceStable(out, func(i, j int) bool { return depth[out[i].Node.Start()] < depth[out[j].Node.Start()] })
	}
	return out
}

// definitionType is the node type of a function definition per language.
var definitionType = map[lang.ID]string{
	lang.Python: "function_definition",
	lang.Java:   "method_declaration",
	lang.CPP:    "function_definition",
	lang.Rust:   "function_item",
	lang.Go:     "function_declaration",
}

// candidateDefinitions lists, in document (pre-)order, the definition nodes that
// may be named fn. A definition named fn contains the text fn, so the
// walk skips every subtree whose span holds no occurrence of it; on real
// code that leaves a handful of nodes to visit from Go.
func candidateDefinitions(root syntax.Node, id lang.ID, src []byte, fn string, m *work.Meter) []syntax.Node {
	typ, ok := definitionType[id]
	if !ok || !root.Valid() || fn == "" {
		return nil
	}
	var hits []int
	m.Add(len(src)) // the searches for fn
	for at := 0; at <= len(src); {
		i := bytes.Index(src[at:], []byte(fn))
		if i < 0 {
			break
		}
		m.Add(1 + len(fn))
		hits = append(hits, at+i)
		at += i + 1
	}
	if len(hits) == 0 {
		return nil
	}
	holds := func(n syntax.Node) bool {
		i := sort.SearchInts(hits, n.Start())
		return i < len(hits) && hits[i]+len(fn) <= n.End()
	}
	var out []syntax.Node
	root.Walk(func(n syntax.Node) bool {
		m.Add(1 + work.Log(len(hits)))
		if !holds(n) {
			return false
		}
		t := n.Type()
		if t == typ {
			out = append(out, n)
		}
		// A Python def is a statement: only compound statements can hold
		// one, so expressions and simple statements are not entered.
		return id != lang.Python || pyCompound[t]
	})
	return out
}

// span is the length of n's text (0 for no node).
func span(n syntax.Node) int {
	if !n.Valid() {
		return 0
	}
	return n.End() - n.Start()
}

// pyCompound are the Python nodes whose children may be statements.
var pyCompound = map[string]bool{
	"module": true, "block": true, "function_definition": true, "class_definition": true,
	"decorated_definition": true, "if_statement": true, "elif_clause": true, "else_clause": true,
	"for_statement": true, "while_statement": true, "try_statement": true, "except_clause": true,
	"except_group_clause": true, "finally_clause": true, "with_statement": true,
	"match_statement": true, "case_clause": true, "ERROR": true,
}

// parametersOf lists f's parameters the evaluator reads: Python's args.args
// (annotation text, "None" when absent), Java formal_parameter, C++
// parameter_declaration (not ones with defaults), Rust parameter (not
// self). Parameters without a type are skipped except in Python.
func parametersOf(f definition, id lang.ID) []param {
	var out []param
	if !f.Params.Valid() {
		return out
	}
	if id == lang.Python {
		return pyArgs(f.Params)
	}
	want := map[lang.ID]string{lang.Java: "formal_parameter", lang.CPP: "parameter_declaration", lang.Rust: "parameter"}[id]
	for i := 0; i < f.Params.ChildCount(); i++ {
		p := f.Params.Child(i)
		if p.Type() != want {
			continue
		}
		t := p.Field("type")
		if !t.Valid() {
			continue
		}
		text := textWithoutComments(t)
		if id == lang.Rust {
			text = strings.TrimSpace(text)
		}
		arr := false
		if id == lang.CPP {
			arr = p.Field("declarator").Any(func(m syntax.Node) bool { return m.Type() == "array_declarator" })
		}
		out = append(out, param{Type: text, Node: p, Array: arr})
	}
	return out
}

// cppUnwrapDeclarator looks through the pointer and reference
// declarators of a function returning T* or T& (Node* reverse(Node*
// head)), which the evaluator, seeing only a bare function declarator,
// reports as not defined.
func cppUnwrapDeclarator(d syntax.Node) syntax.Node {
	for d.Valid() && (d.Type() == "pointer_declarator" || d.Type() == "reference_declarator") {
		next := d.Field("declarator")
		if !next.Valid() {
			// reference_declarator has no field names: take its declarator child.
			for i := d.NamedChildCount() - 1; i >= 0; i-- {
				if c := d.NamedChild(i); strings.HasSuffix(c.Type(), "declarator") {
					next = c
					break
				}
			}
		}
		d = next
	}
	return d
}

func isAsyncDef(n syntax.Node) bool {
	return n.ChildCount() > 0 && n.Child(0).Type() == "async"
}

// pyASTDepth is the depth of a def in Python's ast (Module = 0), counting
// the tree-sitter ancestors that are ast nodes of their own.
func pyASTDepth(n syntax.Node) int {
	d := 1
	for p := n.Parent(); p.Valid(); p = p.Parent() {
		switch p.Type() {
		case "function_definition", "class_definition", "if_statement", "elif_clause",
			"for_statement", "while_statement", "try_statement", "except_clause",
			"except_group_clause", "with_statement", "match_statement", "case_clause":
			d++
		}
	}
	return d
}

// definitionsOf finds the constrained function's definitions, or the
// failing result that every interface rule gives when there are none:
// the function is absent, or the code does not parse (the evaluator's
// ast.parse raises for Python).
func definitionsOf(u *check.Unit, c constraint.Constraint, s task, r reading) ([]definition, *check.Result) {
	fail := func(msg string) ([]definition, *check.Result) { r := check.Failed(msg); return nil, &r }
	m := work.Of(u)
	m.Add(2 * len(u.Src)) // mayDefine's searches
	if !mayDefine(u.Src, s.id, s.fn) {
		return fail("no function named " + quote(s.fn) + " is defined")
	}
	root, ok := parsedRoot(u, s.id)
	if !ok {
		return fail("code could not be parsed as " + c.LangName)
	}
	if s.id == lang.Python && !pyParses(root) {
		return fail("code is not valid Python (syntax error)")
	}
	funcs := definitionsNamed(root, s.id, u.Src, s.fn, r, m)
	if len(funcs) == 0 {
		return fail("no function named " + quote(s.fn) + " is defined")
	}
	// The rules then read each definition's parameters and return type
	// (their nodes and texts), and no more of it.
	for _, f := range funcs {
		m.Add(1 + span(f.Params) + span(f.Ret))
	}
	return funcs, nil
}
