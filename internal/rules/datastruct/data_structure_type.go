package datastruct

import (
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// dsTypeRule: the code uses the required data structure
// (data_structure.py, check_data_structure_type).
var DsTypeRule = &check.Rule{Type: constraint.DSType, Paper: checkDSType, Lint: checkDSType}

func checkDSType(u *check.Unit, c constraint.Constraint) check.Result {
	_, name, occ, res := dsStructure(u, c, false)
	if res != nil {
		return *res
	}
	return check.Passed(fmt.Sprintf("data structure %q is used (%d place(s))", strings.TrimSpace(name), len(occ)))
}

// The rest of this file finds the structure; the size and operation rules
// start from the same search (dsStructure).

// dsPyVisitor mirrors data_structure.py's DataStructureVisitor over the
// tree-sitter tree, in source order (the alias table fills as it goes).
type dsPyVisitor struct {
	a       *dsAnalysis
	aliases map[string]string
	legacy  bool
}

var (
	dsPyBuiltin = map[string]bool{"list": true, "dict": true, "set": true, "tuple": true, "heapq": true}
	dsPyStdlib  = map[string]bool{"collections.deque": true, "collections.defaultdict": true, "collections.OrderedDict": true, "collections.Counter": true, "queue.Queue": true}
)

func (v *dsPyVisitor) add(m map[string][]check.Span, name string, n syntax.Node) {
	m[name] = append(m[name], check.Span{Start: n.Start(), End: n.End()})
}

func (v *dsPyVisitor) visit(n syntax.Node, typ string) {
	a := v.a
	switch typ {
	case "print_statement", "exec_statement":
		v.legacy = true
	case "import_statement":
		for i := 0; i < n.NamedChildCount(); i++ {
			ch := n.NamedChild(i)
			name, alias := dsPyImportName(ch)
			if name == "collections" {
				if alias == "" {
					alias = "collections"
				}
				v.aliases[alias] = "collections"
			}
			if name == "heapq" {
				v.add(a.lintStructs, "heapq", n)
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
				modName = dsPyDotted(d)
			}
		default:
			modName = dsPyDotted(mod)
		}
		for i := 0; i < n.NamedChildCount(); i++ {
			ch := n.NamedChild(i)
			if ch.Start() == mod.Start() && ch.End() == mod.End() {
				continue
			}
			name := "*"
			if ch.Type() != "wildcard_import" {
				name, _ = dsPyImportName(ch)
			}
			switch modName {
			case "collections":
				v.add(a.structs, "collections."+name, ch)
			case "queue", "heapq":
				v.add(a.lintStructs, modName+"."+name, ch)
				if modName == "heapq" {
					v.add(a.lintStructs, "heapq", ch)
				}
			}
		}
	case "call":
		f := n.Field("function")
		switch {
		case !f.Valid():
		case f.Type() == "identifier":
			if t := f.Text(); dsPyBuiltin[t] {
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
				if dsPyStdlib[full] {
					v.add(a.structs, full, n)
				}
			}
		}
	case "list", "list_comprehension":
		v.add(a.lintStructs, "list", n)
	case "dictionary", "dictionary_comprehension":
		v.add(a.lintStructs, "dict", n)
	case "set", "set_comprehension":
		v.add(a.lintStructs, "set", n)
	case "tuple":
		v.add(a.lintStructs, "tuple", n)
	}
}

// dsPyImportName returns the imported name and its alias for a
// dotted_name or aliased_import node.
func dsPyImportName(n syntax.Node) (name, alias string) {
	if n.Type() == "aliased_import" {
		if al := n.Field("alias"); al.Valid() {
			alias = al.Text()
		}
		n = n.Field("name")
		if !n.Valid() {
			return "", alias
		}
	}
	return dsPyDotted(n), alias
}

// dsPyDotted is a dotted name as ast spells it (no whitespace).
func dsPyDotted(n syntax.Node) string {
	return strings.Join(strings.Fields(n.Text()), "")
}

// dsFind looks the structure up as the evaluator does: case-insensitively,
// or (Rust and Go size checks) comparing the answer as written with the
// lowercased names.
func (a *dsAnalysis) dsFind(name string, caseSensitive bool, p check.Profile) ([]check.Span, bool) {
	if caseSensitive && p == check.MultiCodeIF {
		occ, ok := a.structs[name]
		return occ, ok
	}
	var occ []check.Span
	found := false
	if p == check.Lint {
		want := strings.ToLower(strings.TrimSpace(name))
		for k, v := range a.lintMatches() {
			if dsLintNameMatch(k, want) {
				occ, found = append(occ, v...), true
			}
		}
	} else {
		want := strings.ToLower(name)
		for k, v := range a.structs {
			if strings.ToLower(k) == want {
				occ, found = append(occ, v...), true
			}
		}
	}
	sort.Slice(occ, func(i, j int) bool {
		if occ[i].Start != occ[j].Start {
			return occ[i].Start < occ[j].Start
		}
		return occ[i].End < occ[j].End
	})
	uniq := occ[:0]
	for i, o := range occ {
		if i == 0 || o != occ[i-1] {
			uniq = append(uniq, o)
		}
	}
	return uniq, found
}

// lintMatches is what the Lint profile looks names up in: everything the
// evaluator finds plus, for Python, what it overlooks.
func (a *dsAnalysis) lintMatches() map[string][]check.Span {
	m := map[string][]check.Span{}
	for k, v := range a.structs {
		m[k] = v
	}
	for k, v := range a.lintStructs {
		m[k] = append(m[k], v...)
	}
	return m
}

// dsLintNameMatch lets "deque" match "collections.deque".
//
// Divergence (lint profile): for Python, "deque", "OrderedDict", "Counter"
// and "defaultdict" match the collections names, [] {} () literals and
// comprehensions count as list/dict/set/tuple, importing heapq counts as
// heapq, and names imported from queue count; the evaluator only sees
// calls such as list() and collections.deque(), so a heapq task can never
// pass there (testdata: data_structure_type/python_lint_literals).
func dsLintNameMatch(found, want string) bool {
	found = strings.ToLower(found)
	if found == want {
		return true
	}
	if i := strings.LastIndexByte(found, '.'); i >= 0 && !strings.Contains(want, ".") {
		return found[i+1:] == want
	}
	return false
}

// dsFindings turns occurrences into findings (at most a few).
func dsFindings(occ []check.Span, msg string) []check.Finding {
	var out []check.Finding
	for _, o := range occ {
		if len(out) == 3 {
			break
		}
		out = append(out, check.Finding{Start: o.Start, End: o.End, Message: msg})
	}
	return out
}

// dsStructure runs the structure half shared by the three rules and
// returns the analysis, or a final Result when the check cannot go on.
func dsStructure(u *check.Unit, c constraint.Constraint, caseSensitive bool) (a *dsAnalysis, name string, occ []check.Span, res *check.Result) {
	id, name, ok, why := dsFields(u, c)
	if !ok {
		return nil, name, nil, &check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: why}
	}
	a, err := dsAnalyze(u, id)
	if err != nil {
		return nil, name, nil, &check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: fmt.Sprintf("cannot parse the code as %s: %v", lang.Get(id).Name, err)}
	}
	if a.parseErr != "" {
		r := check.Failed(fmt.Sprintf("%s; no data structure can be found", a.parseErr), dsErrorFinding(u, id)...)
		return a, name, nil, &r
	}
	occ, found := a.dsFind(name, caseSensitive, u.Profile)
	if !found {
		r := check.Failed(dsMissingReason(a, name, caseSensitive, u.Profile))
		return a, name, nil, &r
	}
	// Occurrences inside dropped text (a #define, an attribute) are not
	// code to the evaluator.
	kept := occ[:0:0]
	for _, o := range occ {
		if !a.isRemoved(o) {
			kept = append(kept, o)
		}
	}
	if len(kept) == 0 {
		r := check.Failed(fmt.Sprintf("%q appears only in comments or preprocessor lines", strings.TrimSpace(name)))
		return a, name, nil, &r
	}
	return a, name, kept, nil
}

func dsMissingReason(a *dsAnalysis, name string, caseSensitive bool, p check.Profile) string {
	what := "no type named %q appears in the code"
	if a.lang == lang.Python {
		what = "no call %s(...) constructs it"
		if p == check.Lint {
			what = "no literal, import or call of %q was found"
		}
	}
	msg := fmt.Sprintf("data structure %q not used: "+what, strings.TrimSpace(name), strings.TrimSpace(name))
	if a.lang == lang.Python && p == check.MultiCodeIF {
		msg += " (the MultiCodeIF evaluator counts only calls such as list() or collections.deque(), not literals)"
	}
	if p == check.MultiCodeIF && name != strings.TrimSpace(name) {
		msg += fmt.Sprintf(" (the answer names %q with surrounding spaces, which the evaluator keeps, so nothing can match)", name)
	}
	if caseSensitive && p == check.MultiCodeIF && name != strings.ToLower(name) {
		msg += " (the MultiCodeIF size check compares the name as written with lowercased type names, so a name with capitals never matches)"
	}
	return msg
}

// dsErrorFinding points at the first syntax error.
func dsErrorFinding(u *check.Unit, id lang.ID) []check.Finding {
	t, err := u.Tree(id)
	if err != nil {
		return nil
	}
	var f []check.Finding
	t.Root().Walk(func(n syntax.Node) bool {
		if len(f) > 0 {
			return false
		}
		if n.IsError() || n.IsMissing() || n.Type() == "print_statement" || n.Type() == "exec_statement" {
			f = append(f, check.Finding{Start: n.Start(), End: n.End(), Message: "syntax error"})
			return false
		}
		return true
	})
	return f
}

// Divergence (lint profile): Go's built-in structures are not
// type_identifiers (map[K]V, []T, [N]T, chan T, struct{...}) and neither
// are qualified ones (bytes.Buffer, sync.Map), so the evaluator can never
// find them and fails every such Go task. The Lint profile recognises
// them (testdata: data_structure_type/go_map).
func dsGoKind(a *dsAnalysis, n syntax.Node, typ string) {
	kind := map[string]string{"map_type": "map", "slice_type": "slice", "array_type": "array", "channel_type": "chan", "struct_type": "struct"}[typ]
	if typ == "qualified_type" {
		kind = strings.Join(strings.Fields(n.Text()), "")
	}
	if kind != "" {
		a.lintStructs[kind] = append(a.lintStructs[kind], check.Span{Start: n.Start(), End: n.End()})
	}
}

// Divergence (lint profile): in Rust, HashMap::new() names HashMap through
// a path, not a type_identifier, so without a type annotation the
// evaluator misses the structure. The Lint profile counts the type in
// front of "::" outside use declarations (testdata:
// data_structure_type/rust_path_constructor).
func dsRustPathHead(a *dsAnalysis, n syntax.Node) {
	path := n.Field("path")
	if !path.Valid() {
		return
	}
	if path.Type() == "scoped_identifier" || path.Type() == "scoped_type_identifier" {
		path = path.Field("name")
	}
	if !path.Valid() || (path.Type() != "identifier" && path.Type() != "type_identifier") {
		return
	}
	k := strings.ToLower(path.Text())
	a.lintStructs[k] = append(a.lintStructs[k], check.Span{Start: path.Start(), End: path.End()})
}
