package naming

// The names the paper's evaluator reads: classes and functions from its
// tree-sitter queries, variables from Pygments' Name tokens, each
// filtered as the evaluator filters them.

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/pygments"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// declQueries are the evaluator's class and function queries, rewritten
// for the grammars bundled here where node names differ (Kotlin).
var declQueries = map[lang.ID][2]string{
	lang.Python: {
		`(class_definition name: (identifier) @class.name)`,
		`(function_definition name: (identifier) @function.name)`,
	},
	lang.Java: {
		`(class_declaration name: (identifier) @class.name)`,
		`(method_declaration name: (identifier) @function.name)`,
	},
	lang.JavaScript: {
		// The second pattern is the evaluator's: `x = new Foo("bar")` makes
		// x, Foo and bar all "class" names.
		`(class_declaration name: (identifier) @class.name)
(variable_declarator name: (identifier) @class.name
  value: (new_expression constructor: (identifier) @class.name
    arguments: (arguments (string (string_fragment) @class.name))))`,
		`(function_declaration name: (identifier) @function.name)
(method_definition name: (property_identifier) @function.name)
(variable_declarator name: (identifier) @function.name value: (arrow_function))`,
	},
	lang.CPP: {
		`(class_specifier name: (type_identifier) @class.name)
(struct_specifier name: (type_identifier) @class.name)`,
		`(function_definition declarator: (function_declarator declarator: [
  (identifier) @function.name
  (field_identifier) @function.name
  (qualified_identifier name: (identifier) @function.name)]))`,
	},
	lang.Go: {
		`(type_declaration (type_spec name: (type_identifier) @class.name type: (struct_type)))`,
		// The evaluator also captures a method's receiver type as a
		// function name, and skips methods on generic receivers.
		`(function_declaration name: (identifier) @function.name)
(method_declaration
  receiver: (parameter_list (parameter_declaration type: [
    (pointer_type (type_identifier) @function.name)
    (type_identifier) @function.name]))
  name: (field_identifier) @function.name)`,
	},
	lang.Kotlin: {
		`(class_declaration (type_identifier) @class.name)
(object_declaration (type_identifier) @class.name)`,
		`(function_declaration (simple_identifier) @function.name)
(callable_reference (type_identifier) @function.name (simple_identifier) @function.name)`,
	},
	lang.Rust: {
		`(struct_item name: (type_identifier) @class.name)
(enum_item name: (type_identifier) @class.name)
(trait_item name: (type_identifier) @class.name)`,
		`(function_item name: (identifier) @function.name)`,
	},
	lang.CSharp: {
		`(class_declaration name: (identifier) @class.name)
(struct_declaration name: (identifier) @class.name)
(interface_declaration name: (identifier) @class.name)`,
		`(method_declaration name: (identifier) @function.name)
(constructor_declaration name: (identifier) @function.name)`,
	},
	lang.Haskell: {
		`(class name: (name) @class.name)`,
		`(function name: (variable) @function.name)`,
	},
	lang.Zig: {
		`(variable_declaration (identifier) @class.name (struct_declaration))`,
		`(function_declaration name: (identifier) @function.name)`,
	},
}

// jsLifecycle are method names the evaluator exempts in JavaScript.
var jsLifecycle = map[string]bool{
	"constructor": true, "componentDidMount": true, "componentWillUnmount": true,
	"render": true, "getDerivedStateFromProps": true, "shouldComponentUpdate": true,
}

var dunderRE = regexp.MustCompile(`^__.*__$`)
var allCapsRE = regexp.MustCompile(`^[A-Z0-9_]+$`)

// namedSite is one distinct name and where it first appears.
type namedSite struct {
	name       string
	start, end int
}

// nameSet keeps distinct names in order of first appearance.
type nameSet struct {
	list []namedSite
	seen map[string]bool
}

func (s *nameSet) add(name string, start, end int) {
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	if !s.seen[name] {
		s.seen[name] = true
		s.list = append(s.list, namedSite{name, start, end})
	}
}

// declCapture is a captured declaration name's byte range.
type declCapture struct{ start, end int }

func declNames(u *check.Unit, id lang.ID) (classes, functions nameSet, err error) {
	qs, ok := declQueries[id]
	if !ok {
		return classes, functions, fmt.Errorf("MultiCodeIF defines no class/function extraction for %s", id)
	}
	tree, err := u.Tree(id)
	if err != nil {
		return classes, functions, err
	}
	root := tree.Root()
	// Both queries run as one: a query cursor's cost is the walk over the
	// tree, not the patterns. Captures keep their per-query match order
	// (patterns keep their relative order), and only the capture name
	// each query is read for goes to its set, as with two separate runs.
	caps := syntax.MustQuery(id, qs[0]+"\n"+qs[1]).Captures(root)
	work.Of(u).Add(len(u.Src) + len(caps)*(2+work.Log(len(caps)))) // the query's pass, then the captures
	var classCaps, funcCaps []declCapture
	for _, c := range caps {
		switch c.Name {
		case "class.name":
			classCaps = append(classCaps, declCapture{c.Node.Start(), c.Node.End()})
		case "function.name":
			funcCaps = append(funcCaps, declCapture{c.Node.Start(), c.Node.End()})
		}
	}
	collect := func(cs []declCapture, into *nameSet) {
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].start < cs[j].start })
		for _, c := range cs {
			into.add(string(u.Src[c.start:c.end]), c.start, c.end)
		}
	}
	collect(classCaps, &classes)
	collect(funcCaps, &functions)
	keep := func(name string) bool {
		switch id {
		case lang.Python:
			return !dunderRE.MatchString(name)
		case lang.JavaScript:
			return !jsLifecycle[name] && !strings.HasPrefix(name, "__")
		}
		return true
	}
	var kept nameSet
	for _, f := range functions.list {
		if keep(f.name) {
			kept.add(f.name, f.start, f.end)
		}
	}
	return classes, kept, nil
}

// isVariableCandidate applies the evaluator's filter to a token.
func isVariableCandidate(t pygments.Ptok, classes, functions nameSet) bool {
	if t.Type != chroma.Name || classes.seen[t.Value] || functions.seen[t.Value] {
		return false
	}
	return !strings.HasPrefix(t.Value, "_") && !isAllCaps(t.Value) && utf8.RuneCountInString(t.Value) >= 5
}

// isAllCaps is allCapsRE.MatchString without the regexp engine: every
// character of the class is ASCII, so a byte test is exact.
func isAllCaps(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if b := s[i]; !(b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_') {
			return false
		}
	}
	return true
}
