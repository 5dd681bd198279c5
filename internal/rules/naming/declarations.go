package naming

// The lint profile's declaration model: the names a file binds, each at
// its declaration site, with the kind the syntax tree gives it. It is
// data-driven in the spirit of tree-sitter's tags.scm and locals.scm:
// one embedded query per language (queries/naming/<lang>.scm) marks
// definitions, destructuring patterns, scopes and the sites a language
// forces a name on; this file turns the captures into declarations.
//
// Capture names the queries use:
//
//	@definition.<kind>  the name node of a declaration of that kind
//	@pattern.<kind>     a destructuring pattern or C declarator whose
//	                    bindings (bindings.go) are of that kind
//	@scope.function     a function body: declarations inside are local
//	@scope.class        a class body: functions there are methods,
//	                    variables fields
//	@exempt.<reason>    a name node whose spelling the language or a
//	                    framework forces (exemptions.go)
//	@global             a name a Python `global` statement rebinds
//	@_<anything>        helpers for predicates, ignored
//
// References are never declarations: a call, an attribute, a type, an
// imported module's member or a `new Error('msg')` argument is not
// captured by any definition pattern.

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

//go:embed queries/naming/*.scm
var namingQueryFiles embed.FS

// Scope says where a declaration lives.
type Scope int

const (
	ScopeModule   Scope = iota // file, package, namespace level
	ScopeClass                 // directly in a class, struct, impl or object body
	ScopeFunction              // inside a function, method or lambda body
)

func (s Scope) String() string {
	return [...]string{"module", "class", "function"}[s]
}

// Declaration is one declared name at one declaration site.
type Declaration struct {
	Name       string
	Start, End int
	Kind       constraint.NameKind
	Scope      Scope
	// Exempt, when set, is why the language forces this spelling (an
	// override, a test hook, a constructor); such names are not checked.
	Exempt string
	// Unparsed marks a name read from a statement the parser could not
	// read whole (an error or a missing token beside it): a macro such
	// as `int CJSON_CDECL main(void)` reads as the variable
	// `CJSON_CDECL` with a missing `;`. Such names are not judged.
	Unparsed bool
}

// namingQuery returns the embedded declaration query of a language,
// read once (it was read and copied for every file).
func namingQuery(id lang.ID) (string, bool) {
	if v, ok := namingQueryTexts.Load(id); ok {
		q := v.(embeddedQuery)
		return q.text, q.ok
	}
	b, err := namingQueryFiles.ReadFile("queries/naming/" + string(id) + ".scm")
	q := embeddedQuery{string(b), err == nil}
	namingQueryTexts.Store(id, q)
	return q.text, q.ok
}

type embeddedQuery struct {
	text string
	ok   bool
}

var namingQueryTexts sync.Map // lang.ID → embeddedQuery

// Supported reports whether the lint profile's naming rule has a
// declaration model for id.
func Supported(id lang.ID) bool {
	_, ok := namingQuery(id)
	return ok && syntax.Supported(id)
}

type scopeSpan struct {
	start, end int
	kind       Scope
}

// declSite is a name node found by a definition or pattern capture.
type declSite struct {
	node syntax.Node
	kind constraint.NameKind
}

// Declarations returns every declaration of u in language id, in source
// order, once per unit: the lint profile's declaration model, which its
// rule and its renames read, and internal/verify's rename safety proof
// too, so that all three agree on what the file declares.
func Declarations(u *check.Unit, id lang.ID) ([]Declaration, error) {
	return check.MemoErr(u, "naming.decls:"+string(id), func() ([]Declaration, error) {
		return declarations(u, id)
	})
}

func declarations(u *check.Unit, id lang.ID) ([]Declaration, error) {
	text, ok := namingQuery(id)
	if !ok {
		return nil, fmt.Errorf("naming_convention: no declaration model for %s", id)
	}
	q, err := syntax.CompileQuery(id, text)
	if err != nil {
		return nil, err
	}
	tree, err := u.Tree(id)
	if err != nil {
		return nil, err
	}
	spec := namingLangs[id]
	var sites []declSite
	var scopes []scopeSpan
	exempt := map[int]string{}
	type globalName struct {
		name string
		at   int
	}
	var globals []globalName
	// Rooted: the cursor runs only where a declaration pattern can
	// start, and the matches come grouped by that node. What follows
	// reads them without regard to their order (a name's most specific
	// kind, scopes sorted by span) except where two patterns tie on one
	// node (two exemptions, or two kinds of equal rank), which the
	// queries do not write; the JSON of real trees is byte-identical.
	m := work.Of(u)
	for _, c := range q.RootedCaptures(tree.Root()) {
		m.Add(1)
		group, rest, _ := strings.Cut(c.Name, ".")
		switch group {
		case "definition":
			sites = append(sites, declSite{c.Node, constraint.NameKind(rest)})
		case "pattern":
			kind := constraint.NameKind(rest)
			if spec.bindings == nil {
				continue
			}
			spec.bindings(c.Node, func(n syntax.Node, k constraint.NameKind) {
				// A declarator may turn a variable or field into a
				// function or method (and a function defined as
				// Foo::bar into a method); a parameter or typedef
				// stays one.
				if k == "" || kind != constraint.KindVariable && kind != constraint.KindField && kind != constraint.KindFunction {
					k = kind
				}
				m.Add(1)
				sites = append(sites, declSite{n, k})
			})
		case "scope":
			s := ScopeFunction
			if rest == "class" {
				s = ScopeClass
			}
			scopes = append(scopes, scopeSpan{c.Node.Start(), c.Node.End(), s})
		case "exempt":
			if _, seen := exempt[c.Node.Start()]; !seen {
				exempt[c.Node.Start()] = rest
			}
		case "global":
			globals = append(globals, globalName{c.Node.Text(), c.Node.Start()})
		}
	}
	// One declaration per name node: the most specific kind wins when
	// several patterns match it (a static final field is a constant, a
	// record component a field, not a parameter).
	m.Add(len(sites) + len(scopes)*(1+work.Log(len(scopes))))
	best := make(map[int]declSite, len(sites))
	for _, s := range sites {
		if !s.node.Valid() || s.node.End() <= s.node.Start() {
			continue
		}
		if cur, ok := best[s.node.Start()]; !ok || kindRank(s.kind) > kindRank(cur.kind) {
			best[s.node.Start()] = s
		}
	}
	out := make([]Declaration, 0, len(best))
	broken := map[int]bool{} // by parent start: parents are shared by declarators
	// A tree without a syntax error anywhere (tree-sitter's has_error
	// of the root: no ERROR node, no MISSING token) has no site to look
	// for: a parent's lookup costs a walk down from the root in C, a
	// fifth of the parse on Python's trees when taken for every name.
	recovered := tree.Root().HasError()
	for _, s := range best {
		out = append(out, Declaration{Name: s.node.Text(), Start: s.node.Start(), End: s.node.End(), Kind: s.kind,
			Exempt: exempt[s.node.Start()], Unparsed: recovered && unparsedSite(s.node, broken) || misreadKeyword(id, s.node.Text())})
	}
	m.Add(len(out) * (1 + work.Log(len(out))))
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	fnOf := assignScopes(out, scopes)
	// A Python `global X` in a function makes its assignments to X
	// module-level ones.
	if len(globals) > 0 {
		globalIn := map[string]bool{}
		ats := make([]int, len(globals))
		for i, g := range globals {
			ats[i] = g.at
		}
		m.Add(len(globals)*(1+work.Log(len(globals))) + len(scopes))
		for i, fn := range innermostFunctions(ats, scopes) {
			globalIn[fmt.Sprint(fn, "\x00", globals[i].name)] = true
		}
		for i := range out {
			if out[i].Scope == ScopeFunction && out[i].Kind == constraint.KindVariable && globalIn[fmt.Sprint(fnOf[i], "\x00", out[i].Name)] {
				out[i].Scope = ScopeModule
			}
		}
	}
	for i := range out {
		d := &out[i]
		switch {
		case d.Kind == constraint.KindFunction && d.Scope == ScopeClass:
			d.Kind = constraint.KindMethod
		case d.Kind == constraint.KindVariable && d.Scope == ScopeClass:
			d.Kind = constraint.KindField
		}
		if d.Exempt == "" && spec.exempt != nil {
			d.Exempt = spec.exempt(u, d)
		}
	}
	return out, nil
}

// unparsedSite reports whether a name node sits in a statement the
// parser recovered from: directly in an ERROR node, or beside an ERROR
// or MISSING child of its parent. Only the parent's own children are
// read, so an error deep in a function body leaves the function's name
// judged, and well-formed declarations that tree-sitter's recovery
// wraps in one file-wide ERROR node (Unity's testunity.c) still are. broken memoizes parents by start, since one parent holds
// every declarator of `int a, b, c;`.
func unparsedSite(n syntax.Node, broken map[int]bool) bool {
	p := n.Parent()
	if !p.Valid() {
		return false
	}
	if p.IsError() {
		return true
	}
	if b, ok := broken[p.Start()]; ok {
		return b
	}
	b := false
	if p.HasError() {
		for i := 0; i < p.ChildCount(); i++ {
			if c := p.Child(i); c.IsMissing() || c.IsError() {
				b = true
				break
			}
		}
	}
	broken[p.Start()] = b
	return b
}

// misreadKeyword reports a C or C++ type keyword read as a declared
// name: `int CJSON_CDECL main(void) {` parses as a function `void`
// returning `main` once the macro has been taken for a declaration. A
// keyword cannot be declared, so the site is a misreading.
func misreadKeyword(id lang.ID, name string) bool {
	return (id == lang.C || id == lang.CPP) && cTypeKeywords[name]
}

var cTypeKeywords = map[string]bool{"void": true, "char": true, "short": true, "int": true, "long": true,
	"float": true, "double": true, "signed": true, "unsigned": true, "const": true, "volatile": true}

// kindRank orders kinds from general to specific for resolving a name
// node that several patterns capture.
func kindRank(k constraint.NameKind) int {
	switch k {
	case constraint.KindVariable:
		return 0
	case constraint.KindParameter:
		return 1
	case constraint.KindField:
		return 2
	case constraint.KindFunction:
		return 3
	case constraint.KindMethod:
		return 4
	case constraint.KindClass:
		return 5
	case constraint.KindConstant:
		return 7
	case constraint.KindImport:
		return 8
	}
	return 6 // the class sub-kinds
}

// assignScopes gives each declaration (sorted by start) the kind of its
// innermost enclosing scope, by a sweep over the scope spans, and
// returns the start of each one's innermost function scope (-1 for
// none).
func assignScopes(decls []Declaration, scopes []scopeSpan) []int {
	fn := make([]int, len(decls))
	sort.Slice(scopes, func(i, j int) bool {
		if scopes[i].start != scopes[j].start {
			return scopes[i].start < scopes[j].start
		}
		return scopes[i].end > scopes[j].end
	})
	var stack []scopeSpan
	// fnAt[j] is the start of the innermost function scope among
	// stack[:j+1] (-1 for none): looking down the stack per declaration
	// was quadratic in nesting.
	var fnAt []int
	push := func(s scopeSpan) {
		f := -1
		if len(fnAt) > 0 {
			f = fnAt[len(fnAt)-1]
		}
		if s.kind == ScopeFunction {
			f = s.start
		}
		stack, fnAt = append(stack, s), append(fnAt, f)
	}
	pop := func() { stack, fnAt = stack[:len(stack)-1], fnAt[:len(fnAt)-1] }
	k := 0
	for i := range decls {
		d := &decls[i]
		for k < len(scopes) && scopes[k].start <= d.Start {
			for len(stack) > 0 && stack[len(stack)-1].end <= scopes[k].start {
				pop()
			}
			push(scopes[k])
			k++
		}
		for len(stack) > 0 && stack[len(stack)-1].end < d.End {
			pop()
		}
		d.Scope = ScopeModule
		fn[i] = -1
		if len(stack) > 0 {
			d.Scope = stack[len(stack)-1].kind
			fn[i] = fnAt[len(fnAt)-1]
		}
	}
	return fn
}

// innermostFunctions is, for each offset of ats, the start of the
// innermost function scope holding it (-1 for none), by a sweep over
// the scopes sorted as assignScopes sorts them (a pass over every scope
// per offset was quadratic). Scopes are syntax nodes: nested or
// disjoint.
func innermostFunctions(ats []int, scopes []scopeSpan) []int {
	order := make([]int, len(ats))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ats[order[a]] < ats[order[b]] })
	out := make([]int, len(ats))
	var stack []scopeSpan
	var fnAt []int
	k := 0
	for _, i := range order {
		at := ats[i]
		for k < len(scopes) && scopes[k].start <= at {
			for len(stack) > 0 && stack[len(stack)-1].end <= scopes[k].start {
				stack, fnAt = stack[:len(stack)-1], fnAt[:len(fnAt)-1]
			}
			f := -1
			if len(fnAt) > 0 {
				f = fnAt[len(fnAt)-1]
			}
			if scopes[k].kind == ScopeFunction {
				f = scopes[k].start
			}
			stack, fnAt = append(stack, scopes[k]), append(fnAt, f)
			k++
		}
		for len(stack) > 0 && stack[len(stack)-1].end <= at {
			stack, fnAt = stack[:len(stack)-1], fnAt[:len(fnAt)-1]
		}
		out[i] = -1
		if len(fnAt) > 0 {
			out[i] = fnAt[len(fnAt)-1]
		}
	}
	return out
}
