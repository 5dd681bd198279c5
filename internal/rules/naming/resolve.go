package naming

// Scope-true renames (issue 18). Alpha-conversion respells every
// identifier of the file spelled like the name, which is right for a
// file-level name but wrong for a local that shares its spelling with
// something else: jsoup's method-local `final byte Comment = 3` renamed
// the enum constant TokeniserState.Comment with it, and the constant's
// name is data (name(), toString()). So a local is resolved instead: its
// scope (the block, or in Python the function, the language makes it
// visible in) and the references in that scope bound to it.
//
// The resolution is deliberately partial and refuses what it cannot
// follow: a local is resolved only when, inside its scope, every
// identifier of its spelling comes after its declaration statement, has
// the declaration's node type (a type or field identifier of the same
// spelling is another namespace), is not the member part of an access
// (obj.name), not a case label (Java resolves `case Comment:` against the
// enum) and not another declaration (a shadowing one). Parameters are
// resolved only in languages without keyword arguments: in Python,
// Kotlin and C# a caller elsewhere in the file may spell a parameter's
// name, and that call is outside its scope.
//
// internal/verify's safety stage runs the same resolution on the
// candidate (ResolveAt on the renamed declaration) and requires it to
// bind exactly the respelled references: the proof after the edit that
// every reference binds to the same declaration as before.

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// Binding is a local declaration, the span where its name is visible and
// the identifier leaves bound to it (its own name included), by start
// offset in source order.
type Binding struct {
	Decl       Declaration
	Start, End int
	Refs       []int
}

// unitNames is the identifier index of a unit, built once per unit.
func unitNames(u *check.Unit, id lang.ID) (*fileNames, error) {
	return check.MemoErr(u, "naming.names:"+string(id), func() (*fileNames, error) {
		tree, err := u.Tree(id)
		if err != nil {
			return nil, err
		}
		return newFileNames(u.Src, id, tree.Root())
	})
}

// LocalBindings resolves every declaration of name in u. It returns the
// bindings when all of them are scope-true locals (see the top of this
// file), or why not.
func LocalBindings(u *check.Unit, id lang.ID, name string) ([]Binding, string) {
	return localBindings(u, id, name, false)
}

// localBindings with byName set resolves parameters in every language:
// for a collision check a keyword argument naming one is no reference
// the rename could capture.
func localBindings(u *check.Unit, id lang.ID, name string, byName bool) ([]Binding, string) {
	decls, err := Declarations(u, id)
	if err != nil {
		return nil, fmt.Sprintf("reading the declarations: %v", err)
	}
	var out []Binding
	for _, i := range declsNamed(u, id, decls)[name] {
		d := decls[i]
		b, why := resolveAt(u, id, d.Start, byName)
		if why != "" {
			return nil, why
		}
		out = append(out, b)
	}
	if len(out) == 0 {
		return nil, fmt.Sprintf("%q is not declared in this file", name)
	}
	return out, ""
}

// lineOf is the 1-based line of off, from u's line index (counting the
// line breaks before it, per declaration or reference, was quadratic).
func lineOf(u *check.Unit, off int) int {
	l, _ := u.Position(off)
	return l
}

// line is the 1-based line of off in f's source.
func (f *fileNames) line(off int) int {
	if f.unit != nil {
		return lineOf(f.unit, off)
	}
	return bytes.Count(f.src[:off], []byte("\n")) + 1
}

// declsNamed indexes decls (u's declarations in id) by name, once per
// unit: a pass over every declaration per name asked about was
// quadratic in the names of a file.
func declsNamed(u *check.Unit, id lang.ID, decls []Declaration) map[string][]int {
	return u.Memo("naming.declsNamed:"+string(id), func() any {
		work.Of(u).Add(len(decls))
		m := map[string][]int{}
		for i, d := range decls {
			m[d.Name] = append(m[d.Name], i)
		}
		return m
	}).(map[string][]int)
}

// ResolveAt resolves the declaration whose name starts at off.
func ResolveAt(u *check.Unit, id lang.ID, off int) (Binding, string) {
	return resolveAt(u, id, off, false)
}

func resolveAt(u *check.Unit, id lang.ID, off int, byName bool) (Binding, string) {
	decls, err := Declarations(u, id)
	if err != nil {
		return Binding{}, fmt.Sprintf("reading the declarations: %v", err)
	}
	i := sort.Search(len(decls), func(i int) bool { return decls[i].Start >= off })
	if i == len(decls) || decls[i].Start != off {
		return Binding{}, "no declaration starts here"
	}
	d := decls[i]
	line, _ := u.Position(d.Start) // counting the lines before it was linear per declaration
	f, err := unitNames(u, id)
	if err != nil {
		return Binding{}, fmt.Sprintf("indexing identifiers: %v", err)
	}
	n, ok := f.nodeAt(d.Name, d.Start)
	if !ok {
		return Binding{}, fmt.Sprintf("%q on line %d is not an identifier", d.Name, line)
	}
	switch d.Kind {
	case constraint.KindVariable, constraint.KindParameter, constraint.KindConstant, constraint.KindFunction:
	default:
		// A field or method is reached through values (doc.Id), which
		// scopes do not follow; a local type's name is a type's.
		return Binding{}, fmt.Sprintf("%q on line %d is a %s, which scopes alone do not resolve", d.Name, line, d.Kind)
	}
	if d.Kind == constraint.KindParameter && !byName {
		switch id {
		case lang.Python, lang.Kotlin, lang.CSharp:
			return Binding{}, fmt.Sprintf("%q on line %d is a parameter, which callers may pass by name", d.Name, line)
		}
	} else if d.Scope != ScopeFunction {
		return Binding{}, fmt.Sprintf("%q on line %d is not local to a function", d.Name, line)
	}
	scope := scopeOf(n, id, d.Kind == constraint.KindParameter)
	if !scope.Valid() {
		return Binding{}, fmt.Sprintf("no scope found for %q on line %d", d.Name, line)
	}
	stmt := declStatement(n, scope)
	b := Binding{Decl: d, Start: scope.Start(), End: scope.End()}
	m := work.Of(u)
	// The spelling's leaves are in source order: only those from the
	// scope's start on are read (a pass over all of them per declaration
	// was quadratic in a spelling declared in many functions).
	occ := f.byName[d.Name]
	m.Add(1 + work.Log(len(occ)))
	lo := sort.Search(len(occ), func(k int) bool { return occ[k].Start() >= scope.Start() })
	for _, r := range occ[lo:] {
		if r.Start() > scope.End() {
			break
		}
		m.Add(1)
		if r.Start() < scope.Start() || r.End() > scope.End() {
			continue
		}
		m.Add(1 + work.Log(len(decls)))
		rl := lineOf(u, r.Start())
		if r.Start() == d.Start {
			b.Refs = append(b.Refs, r.Start())
			continue
		}
		if j2 := sort.Search(len(decls), func(k int) bool { return decls[k].Start >= r.Start() }); j2 < len(decls) && decls[j2].Start == r.Start() {
			// In Python every assignment in a function binds the one
			// local; anywhere else a second declaration shadows.
			if s2 := scopeOf(r, id, decls[j2].Kind == constraint.KindParameter); id != lang.Python || decls[j2].Kind == constraint.KindParameter || s2.Start() != scope.Start() || s2.End() != scope.End() {
				return Binding{}, fmt.Sprintf("%q is declared again on line %d inside the scope of its declaration on line %d (shadowing)", d.Name, rl, line)
			}
		}
		switch {
		case r.Start() < d.Start && id == lang.Python:
			// A Python local is the function's from its first line.
		case r.Start() < d.Start:
			return Binding{}, fmt.Sprintf("%q on line %d precedes its declaration on line %d in the same scope, so it may refer to another one", d.Name, rl, line)
		case stmt.Valid() && r.Start() < stmt.End() && d.Kind != constraint.KindParameter:
			return Binding{}, fmt.Sprintf("%q on line %d is used in its own declaration, which may refer to an outer one", d.Name, rl)
		case r.Type() != n.Type():
			return Binding{}, fmt.Sprintf("%q on line %d is a %s, another namespace than the %s declared on line %d", d.Name, rl, r.Type(), d.Kind, line)
		case MemberName(r):
			continue // obj.name: a member of another value, not this local
		case caseLabel(r):
			return Binding{}, fmt.Sprintf("%q on line %d is a case label, which may name an enum constant", d.Name, rl)
		}
		b.Refs = append(b.Refs, r.Start())
	}
	return b, ""
}

// scopeOf is the node a local's name is visible in: Python's function
// (or comprehension), JavaScript's function for var, otherwise the
// nearest enclosing block-like node. A function's own name is not inside
// it, so the function n names is skipped.
func scopeOf(n syntax.Node, id lang.ID, param bool) syntax.Node {
	start := n.Parent()
	for start.Valid() && strings.Contains(start.Type(), "declarator") {
		start = start.Parent()
	}
	if isFuncLike(start.Type()) && !param {
		start = start.Parent()
	}
	if param {
		// The outermost of nested function-like nodes: a C
		// function_declarator inside its function_definition.
		for a := start; a.Valid(); a = a.Parent() {
			if isFuncLike(a.Type()) {
				for isFuncLike(a.Parent().Type()) {
					a = a.Parent()
				}
				return a
			}
		}
		return syntax.Node{}
	}
	functionWide := id == lang.Python
	if id == lang.JavaScript || id == lang.TypeScript {
		for a := n.Parent(); a.Valid() && !isFuncLike(a.Type()); a = a.Parent() {
			if a.Type() == "variable_declaration" { // var, not let/const
				functionWide = true
				break
			}
		}
	}
	for a := start; a.Valid(); a = a.Parent() {
		t := a.Type()
		if isFuncLike(t) {
			return a
		}
		if id == lang.Python {
			if strings.HasSuffix(t, "_comprehension") || t == "generator_expression" {
				return a
			}
			continue
		}
		if functionWide {
			continue
		}
		if blockLike(t) {
			return a
		}
	}
	return syntax.Node{}
}

// blockLike matches the nodes that open a block scope in the brace
// languages: blocks and the statements whose heads declare (for, if
// with an initializer, catch, try-with-resources, match arms, cases).
func blockLike(t string) bool {
	if strings.HasSuffix(t, "block") || t == "compound_statement" || t == "block_expression" {
		return true
	}
	// Not "clause": Go's range_clause and C++'s condition_clause are the
	// heads of a statement whose body is in the scope too.
	for _, s := range []string{"for_", "if_", "while_", "catch", "try_", "switch", "case", "match_arm", "_loop"} {
		if strings.Contains(t, s) {
			return true
		}
	}
	return false
}

// declStatement is the statement declaring n, a direct child of scope
// (or an ancestor of n below scope), or n's parent.
func declStatement(n, scope syntax.Node) syntax.Node {
	cur := n
	for cur.Parent().Valid() && cur.Parent().Start() >= scope.Start() && cur.Parent().End() <= scope.End() && !(cur.Parent().Start() == scope.Start() && cur.Parent().End() == scope.End()) {
		cur = cur.Parent()
		if strings.HasSuffix(cur.Type(), "declaration") || strings.HasSuffix(cur.Type(), "statement") {
			return cur
		}
	}
	return n.Parent()
}

// MemberName reports whether identifier n is the member part of an
// access (obj.name, obj->name, Type::name). internal/verify's rename
// safety proof reads accesses the same way.
func MemberName(n syntax.Node) bool {
	p := n.Parent()
	switch p.Type() {
	case "member_expression", "attribute", "selector_expression", "field_expression", "field_access",
		"method_invocation", "scoped_identifier", "qualified_identifier", "navigation_suffix", "member_access_expression":
	default:
		return false
	}
	for i := 0; i < p.ChildCount(); i++ {
		if c := p.Child(i); c.Start() == n.Start() && c.Type() == n.Type() {
			switch p.FieldNameForChild(i) {
			case "object", "operand", "value", "argument", "path", "scope", "expression":
				return false
			}
			return i > 0
		}
	}
	return false
}

func caseLabel(n syntax.Node) bool {
	for a := n.Parent(); a.Valid(); a = a.Parent() {
		t := a.Type()
		if t == "switch_label" || t == "case_statement" || t == "switch_case" {
			return true
		}
		if strings.HasSuffix(t, "block") || strings.HasSuffix(t, "statement") && t != "expression_statement" {
			return false
		}
	}
	return false
}

// ScopeTrueEdits respells the references of bindings to newName, or
// says why the new name would capture a reference: it must not occur in
// any of the bindings' scopes.
func ScopeTrueEdits(u *check.Unit, id lang.ID, bindings []Binding, newName string) (check.Edits, string) {
	f, err := unitNames(u, id)
	if err != nil {
		return nil, fmt.Sprintf("indexing identifiers: %v", err)
	}
	for _, b := range bindings {
		for _, n := range f.byName[newName] {
			if n.Start() >= b.Start && n.End() <= b.End {
				line := lineOf(u, n.Start())
				return nil, fmt.Sprintf("renaming %q to %q would collide with %q on line %d, in the scope the new name would enter", b.Decl.Name, newName, newName, line)
			}
		}
	}
	var edits check.Edits
	seen := map[int]bool{}
	for _, b := range bindings {
		for _, r := range b.Refs {
			if !seen[r] {
				seen[r] = true
				edits = append(edits, check.Edit{Start: r, End: r + len(b.Decl.Name), New: newName})
			}
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	return edits, ""
}

// captures says why giving name the spelling newName, already used in
// the file, could make a reference bind to something else, or "". An
// existing newName is harmless when all its declarations are scope-true
// locals whose scopes hold no occurrence of name (a dataclass field and
// another method's parameter of the new spelling never meet).
func (f *fileNames) captures(name, newName string) string {
	occ := f.byName[newName]
	if len(occ) == 0 {
		return ""
	}
	collide := fmt.Sprintf("renaming %q to %q would collide with the existing identifier %q in this file", name, newName, newName)
	if f.unit == nil {
		return collide
	}
	bs, why := localBindings(f.unit, f.id, newName, true)
	if why != "" {
		return collide + " (" + why + ")"
	}
	bound := map[int]bool{}
	for _, b := range bs {
		for _, r := range b.Refs {
			bound[r] = true
		}
		for _, n := range f.byName[name] {
			if n.Start() >= b.Start && n.End() <= b.End {
				line := lineOf(f.unit, n.Start())
				return fmt.Sprintf("renaming %q to %q would collide with the local %q in whose scope %q is used on line %d", name, newName, newName, name, line)
			}
		}
	}
	for _, n := range occ {
		if !bound[n.Start()] {
			return collide
		}
	}
	return ""
}

// goUnimportable reports whether exporting a name of u's Go package
// changes no API: nothing can import package main, and an internal
// package is importable only from its own tree (whose files the safety
// stage reads for the name).
func goUnimportable(u *check.Unit) bool {
	if u == nil {
		return false
	}
	if goPackageMain.Match(u.Src) {
		return true
	}
	p := "/" + strings.ReplaceAll(u.Path, "\\", "/")
	return strings.Contains(p, "/internal/")
}

var goPackageMain = regexp.MustCompile(`(?m)^package\s+main\b`)

// Captures is the collision check of the rename fix for internal/verify:
// why respelling every name in u to newName could change what a
// reference binds to, or "".
func Captures(u *check.Unit, id lang.ID, name, newName string) string {
	f, err := unitNames(u, id)
	if err != nil {
		return fmt.Sprintf("indexing identifiers: %v", err)
	}
	g := *f
	g.unit = u
	return g.captures(name, newName)
}

// EnclosingFunction is the innermost function-like node holding n (the
// zero Node at file level): internal/verify's cross-check that a
// scope-true rename left no use of the old spelling in the local's own
// function.
func EnclosingFunction(n syntax.Node) syntax.Node {
	for a := n.Parent(); a.Valid(); a = a.Parent() {
		if isFuncLike(a.Type()) {
			for isFuncLike(a.Parent().Type()) {
				a = a.Parent()
			}
			return a
		}
	}
	return syntax.Node{}
}

// IsMemberName reports whether identifier n is the member part of an
// access (obj.name), which no local binds.
func IsMemberName(n syntax.Node) bool { return MemberName(n) }
