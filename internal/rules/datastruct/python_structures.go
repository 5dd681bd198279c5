package datastruct

// Python structures as the evaluator's DataStructureVisitor sees them
// (calls of list(), dict(), collections.deque(), ...), and what it
// overlooks (literals, heapq, queue).

import (
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/syntax"
)

// pyVisitor mirrors data_structure.py's DataStructureVisitor over the
// tree-sitter tree, in source order (the alias table fills as it goes).
type pyVisitor struct {
	a       *analysis
	aliases map[string]string
	legacy  bool
}

var (
	pyBuiltin = map[string]bool{"list": true, "dict": true, "set": true, "tuple": true, "heapq": true}
	pyStdlib  = map[string]bool{"collections.deque": true, "collections.defaultdict": true, "collections.OrderedDict": true, "collections.Counter": true, "queue.Queue": true}
)

func (v *pyVisitor) add(m map[string][]check.Span, name string, n syntax.Node) {
	m[name] = append(m[name], check.Span{Start: n.Start(), End: n.End()})
}

func (v *pyVisitor) visit(n syntax.Node, typ string) {
	a := v.a
	switch typ {
	case "print_statement", "exec_statement":
		v.legacy = true
	case "import_statement":
		for i := 0; i < n.NamedChildCount(); i++ {
			ch := n.NamedChild(i)
			name, alias := pyImportName(ch)
			if name == "collections" {
				if alias == "" {
					alias = "collections"
				}
				v.aliases[alias] = "collections"
			}
			if name == "heapq" {
				v.add(a.overlooked, "heapq", n)
			}
		}
	case "import_from_statement":
		mod := n.Field("module_name")
		modName := ""
		switch {
		case !mod.Valid():
		case mod.Type() == "relative_import":
			// ast keeps the module name of "from .collections import x".
			for _, d := range mod.Find("dotted_name") {
				modName = pyDotted(d)
			}
		default:
			modName = pyDotted(mod)
		}
		for i := 0; i < n.NamedChildCount(); i++ {
			ch := n.NamedChild(i)
			if ch.Start() == mod.Start() && ch.End() == mod.End() {
				continue
			}
			name := "*"
			if ch.Type() != "wildcard_import" {
				name, _ = pyImportName(ch)
			}
			switch modName {
			case "collections":
				v.add(a.structs, "collections."+name, ch)
			case "queue", "heapq":
				v.add(a.overlooked, modName+"."+name, ch)
				if modName == "heapq" {
					v.add(a.overlooked, "heapq", ch)
				}
			}
		}
	case "call":
		f := n.Field("function")
		switch {
		case !f.Valid():
		case f.Type() == "identifier":
			if t := f.Text(); pyBuiltin[t] {
				v.add(a.structs, t, n)
			}
		case f.Type() == "attribute":
			obj := f.Field("object")
			if obj.Valid() && obj.Type() == "identifier" {
				head := obj.Text()
				if full, ok := v.aliases[head]; ok {
					head = full
				}
				full := head + "." + f.Field("attribute").Text()
				if pyStdlib[full] {
					v.add(a.structs, full, n)
				}
			}
		}
	case "list", "list_comprehension":
		v.add(a.overlooked, "list", n)
	case "dictionary", "dictionary_comprehension":
		v.add(a.overlooked, "dict", n)
	case "set", "set_comprehension":
		v.add(a.overlooked, "set", n)
	case "tuple":
		v.add(a.overlooked, "tuple", n)
	}
}

// pyImportName returns the imported name and its alias for a
// dotted_name or aliased_import node.
func pyImportName(n syntax.Node) (name, alias string) {
	if n.Type() == "aliased_import" {
		if al := n.Field("alias"); al.Valid() {
			alias = al.Text()
		}
		n = n.Field("name")
		if !n.Valid() {
			return "", alias
		}
	}
	return pyDotted(n), alias
}

// pyDotted is a dotted name as ast spells it (no whitespace).
func pyDotted(n syntax.Node) string {
	return strings.Join(strings.Fields(n.Text()), "")
}
