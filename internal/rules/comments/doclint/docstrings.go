package doclint

// Python docstrings in the lint profile: PEP 257 as pydocstyle's D100-D107
// (and D419 for blank docstrings) read it with pydocstyle's default
// options, on a tree-sitter tree. Publicity is pydocstyle's: names without
// a leading underscore, narrowed by a literal __all__ for top-level
// definitions; a definition inside a function is never public.

import (
	"fmt"
	"path"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

var docstringStyle = &Style{
	Style: "python docstring", Title: "Python docstring", Lang: lang.Python, Peer: "pydocstyle D100-D107",
	Doc: "Every public Python module, class, method and function has a docstring, as PEP 257 asks. As pydocstyle reads " +
		"it with its default options: public modules (D100) and packages (`__init__.py`, D104), classes (D101) and classes " +
		"nested in them (D106), methods (D102), magic methods such as `__str__` (D105), `__init__` (D107) and functions " +
		"(D103) have a docstring — a string literal (not an f-string or bytes) as the first statement — that is not blank " +
		"(D419). Public means: the name does not start with an underscore (dunder methods are public), and where the module " +
		"sets `__all__` to a literal list or tuple of strings, a top-level function or class is public only if listed; a " +
		"method or nested class is public only in a public class; a module is private when its file name, or a directory " +
		"on its path, starts with an underscore (`__init__` and `__main__` do not count). Definitions under `if`, `try`, " +
		"`with` and loops count as if they stood at that level. Not checked: functions and classes defined inside " +
		"functions, property setters and deleters (`@x.setter`, `@x.deleter`), `@overload` stubs (also spelt " +
		"`@typing.overload` or through a module alias such as `@t.overload`), test modules (`test_*.py`) and type stubs " +
		"(`.pyi`), which pydocstyle does not match by default.",
	decide: decideDocstrings,
}

// pyBlockNodes are the statements whose blocks hold definitions of the
// enclosing level (pydocstyle reads any indented block that way).
var pyBlockNodes = map[string]bool{
	"if_statement": true, "elif_clause": true, "else_clause": true, "try_statement": true, "except_clause": true,
	"except_group_clause": true, "finally_clause": true, "with_statement": true, "for_statement": true,
	"while_statement": true, "match_statement": true, "case_clause": true, "block": true,
}

var pyVariadicMagic = map[string]bool{"__init__": true, "__call__": true, "__new__": true}

type pyDocWalker struct {
	m       *work.Meter // charged per child of each container walked
	issues  []Issue
	checked int
	all     map[string]bool // a literal __all__, or nil
}

func decideDocstrings(u *check.Unit, root syntax.Node) ([]Issue, int, string) {
	file := path.Base(strings.ReplaceAll(u.Path, `\`, "/"))
	if strings.HasPrefix(file, "test_") {
		return nil, 0, "a test module (test_*.py) is not checked for docstrings, as pydocstyle does not match it by default"
	}
	if strings.HasSuffix(file, ".pyi") {
		return nil, 0, "a type stub (.pyi) is not checked for docstrings, as pydocstyle does not match it by default"
	}
	w := &pyDocWalker{all: pyDunderAll(root), m: work.Of(u)}
	w.m.Add(1 + root.ChildCount()) // pyDunderAll's pass
	if pyPublicModule(u.Path) {
		w.checked++
		kind, code := "module", "D100"
		if file == "__init__.py" {
			kind, code = "package", "D104"
		}
		switch st, doc := pyDocstring(root); st {
		case pyDocNone:
			end := len(u.Src)
			if i := strings.IndexByte(string(u.Src[:min(len(u.Src), 4096)]), '\n'); i >= 0 {
				end = i
			}
			w.issues = append(w.issues, Issue{Finding: check.Finding{Start: 0, End: end, Message: fmt.Sprintf("public %s has no docstring (%s)", kind, code)}, Problem: Missing, Kind: kind})
		case pyDocBlank:
			w.issues = append(w.issues, Issue{Finding: check.Finding{Start: doc.Start(), End: doc.End(), Message: fmt.Sprintf("the docstring of this %s is blank (D419)", kind)},
				Problem: Empty, Kind: kind, DocStart: doc.Start(), DocEnd: doc.End()})
		}
	}
	w.level(root, "", true)
	return w.issues, w.checked, ""
}

// pyPublicModule is pydocstyle's Module.is_public on the file's path.
func pyPublicModule(p string) bool {
	parts := strings.Split(strings.ReplaceAll(p, `\`, "/"), "/")
	for i, part := range parts {
		name := part
		if i == len(parts)-1 {
			name = strings.TrimSuffix(part, path.Ext(part))
		}
		if name == "" || name == "." || name == ".." {
			continue
		}
		if strings.HasPrefix(name, "_") && !(strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__")) {
			return false
		}
	}
	return true
}

// pyDunderAll reads a module-level `__all__ = [...]` or `(...)` of string
// literals, as pydocstyle does: any other form, or a second statement
// about __all__, means there is none.
func pyDunderAll(root syntax.Node) map[string]bool {
	var all map[string]bool
	seen := 0
	eachChild(root, func(st syntax.Node) {
		if t := st.Text(); st.Type() != "expression_statement" || !strings.HasPrefix(t, "__all__") ||
			len(t) > 7 && (t[7] == '_' || isAlnum(t[7])) {
			return
		}
		seen++
		a := st.NamedChild(0)
		if seen > 1 || a.Type() != "assignment" || a.Field("left").Text() != "__all__" || a.Field("type").Valid() {
			all = nil
			return
		}
		val := a.Field("right")
		if t := val.Type(); t != "list" && t != "tuple" && t != "expression_list" && t != "string" {
			return
		}
		names := map[string]bool{}
		ok := true
		collect := func(s syntax.Node) {
			v, plain := docstringPart(s)
			if !plain || s.Type() != "string" {
				ok = false
			}
			names[v] = true
		}
		if val.Type() == "string" {
			ok = false // a bare string is not a sequence pydocstyle accepts
		}
		eachChild(val, func(e syntax.Node) {
			switch e.Type() {
			case "string":
				collect(e)
			case ",", "[", "]", "(", ")", "comment":
			default:
				ok = false
			}
		})
		if ok {
			all = names
		}
	})
	return all
}

type pyDocState int

const (
	pyDocNone pyDocState = iota
	pyDocBlank
	pyDocOK
)

// pyDocstring is the state of a body's docstring (the module, or a
// block): ast.get_docstring's string, or none, or blank.
func pyDocstring(body syntax.Node) (pyDocState, syntax.Node) {
	var first syntax.Node
	eachChild(body, func(c syntax.Node) {
		if !first.Valid() && c.IsNamed() && c.Type() != "comment" {
			first = c
		}
	})
	if first.Type() != "expression_statement" || first.NamedChildCount() != 1 {
		return pyDocNone, syntax.Node{}
	}
	e := first.NamedChild(0)
	if e.Type() != "string" && e.Type() != "concatenated_string" {
		return pyDocNone, syntax.Node{}
	}
	if HasDocstring(body) {
		return pyDocOK, e
	}
	parts := []syntax.Node{e}
	if e.Type() == "concatenated_string" {
		parts = nil
		eachChild(e, func(p syntax.Node) {
			if p.IsNamed() {
				parts = append(parts, p)
			}
		})
	}
	for _, p := range parts {
		if _, ok := docstringPart(p); !ok {
			return pyDocNone, syntax.Node{} // an f-string or bytes is no docstring
		}
	}
	return pyDocBlank, e
}

// level walks the definitions of the module (class == "") or of a class
// body; public says whether that class is.
func (w *pyDocWalker) level(n syntax.Node, class string, public bool) {
	w.m.Add(1 + n.ChildCount())
	eachChild(n, func(c syntax.Node) {
		switch t := c.Type(); {
		case t == "function_definition" || t == "class_definition":
			w.def(c, nil, class, public)
		case t == "decorated_definition":
			var decos []string
			eachChild(c, func(d syntax.Node) {
				if d.Type() == "decorator" {
					decos = append(decos, pyDecoratorName(d))
				}
			})
			if def := c.Field("definition"); def.Valid() {
				w.def(def, decos, class, public)
			}
		case pyBlockNodes[t]:
			w.level(c, class, public)
		}
	})
}

// pyDecoratorName is the decorator's dotted name, without arguments.
func pyDecoratorName(d syntax.Node) string {
	var e syntax.Node
	for i := 0; i < d.NamedChildCount() && !e.Valid(); i++ {
		if c := d.NamedChild(i); c.Type() != "comment" {
			e = c
		}
	}
	if e.Type() == "call" {
		e = e.Field("function")
	}
	return strings.Join(strings.Fields(e.Text()), "")
}

func (w *pyDocWalker) def(d syntax.Node, decos []string, class string, inPublic bool) {
	name, at := nameOr(d)
	outer := d.Start()
	if p := d.Parent(); p.Type() == "decorated_definition" {
		outer = p.Start()
	}
	isClass := d.Type() == "class_definition"
	var public bool
	var kind, code, label string
	switch {
	case class == "" && isClass:
		public, kind, code, label = w.topLevelPublic(name), "class", "D101", "class "+name
	case class == "":
		public, kind, code, label = w.topLevelPublic(name), "function", "D103", "function "+name
	case isClass:
		public, kind, code, label = inPublic && !strings.HasPrefix(name, "_"), "nested class", "D106", "nested class "+class+"."+name
	default:
		magic := strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") && !pyVariadicMagic[name]
		public = inPublic && (!strings.HasPrefix(name, "_") || pyVariadicMagic[name] || magic)
		for _, dn := range decos {
			if strings.HasPrefix(dn, name+".") {
				public = false // a property setter or deleter
			}
		}
		kind, code, label = "method", "D102", "method "+class+"."+name
		switch {
		case magic:
			kind, code, label = "magic method", "D105", "magic method "+class+"."+name
		case name == "__init__":
			kind, code, label = "__init__", "D107", "__init__ of public class "+class
		}
	}
	if !isClass && (kind == "function" || kind == "method") {
		for _, dn := range decos {
			if dn == "overload" || strings.HasSuffix(dn, ".overload") {
				public = false // an @overload stub is documented by its implementation
			}
		}
	}
	if public {
		w.checked++
		switch st, doc := pyDocstring(d.Field("body")); st {
		case pyDocNone:
			w.issues = append(w.issues, issueAt(at, Missing, kind, name, outer, pyMissingMessage(kind, label, code)))
		case pyDocBlank:
			is := issueAt(doc, Empty, kind, name, outer, fmt.Sprintf("the docstring of %s is blank (D419)", label))
			is.DocStart, is.DocEnd = doc.Start(), doc.End()
			w.issues = append(w.issues, is)
		}
	}
	if isClass {
		qual := name
		if class != "" {
			qual = class + "." + name
		}
		w.level(d.Field("body"), qual, public)
	}
}

func pyMissingMessage(kind, label, code string) string {
	if kind == "__init__" {
		return fmt.Sprintf("%s has no docstring (%s)", label, code)
	}
	return fmt.Sprintf("public %s has no docstring (%s)", label, code)
}

func (w *pyDocWalker) topLevelPublic(name string) bool {
	if w.all != nil {
		return w.all[name]
	}
	return !strings.HasPrefix(name, "_")
}

func isAlnum(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}
