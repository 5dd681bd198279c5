package fix

// The naming fixer renames by alpha-conversion: every identifier in the
// file spelled like the offending name is respelled, and only when the
// new spelling occurs nowhere in the file. Because old and new spellings
// then map one to one, every in-file binding (shadowing included) is
// preserved without resolving scopes, which no grammar here would let us
// do reliably. Strings and comments are never touched: only identifier
// leaves of the tree are edited, so a reflective use such as
// getattr(obj, "getData") keeps the old spelling and a reviewer must
// catch it.
//
// What alpha-conversion cannot see is other files, so the rule, chosen
// for safety, is: a spelling is renamed only when each of its
// declarations in this file is local to a function (parameters, locals)
// or a file-level name the language gives no way to export (see
// exported; Go's unexported names count as file-level, since a sibling
// file still referring to one fails to compile rather than misbehave).
// Names with no declaration here (library calls, imported modules,
// attributes of foreign objects) are never renamed, nor are spellings
// tied to another file by an import, a keyword argument, a shorthand
// object key or a base class that may call the method by name.
//
// Known gap: a member of a foreign object spelled like a renamed
// in-file declaration (obj.getData where obj is a library type) is
// respelled too; nothing here knows the object's type.

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/naming"
	"github.com/iflint/iflint/internal/syntax"
)

var _ Fixer = FixNaming

// FixNaming is the Fixer of naming_convention: it renames each reported
// declaration with all its in-file references, or says why it will not.
// What is a declaration comes from the rule's own model
// (check.NamingTargets), so a name the file does not declare is never
// renamed.
func FixNaming(u *check.Unit, c constraint.Constraint, r check.Result) (check.Edits, []check.Skipped, error) {
	if c.Type != constraint.Naming {
		return nil, nil, fmt.Errorf("naming fixer: want a %s constraint, got %q", constraint.Naming, c.Type)
	}
	tree, err := u.Tree(c.Lang)
	if err != nil {
		return nil, nil, fmt.Errorf("naming fixer: parse %s as %s: %w", u.Path, c.Lang, err)
	}
	f := newFileNames(u.Src, c.Lang, tree.Root())
	if u.Profile == check.Lint {
		decls, err := naming.Declarations(u, c.Lang)
		if err != nil {
			return nil, nil, fmt.Errorf("naming fixer: %w", err)
		}
		f.setDeclarations(decls)
	}
	targets := map[int]naming.NameTarget{}
	if u.Profile == check.Lint {
		ts, err := naming.NamingTargets(u, c)
		if err != nil {
			return nil, nil, fmt.Errorf("naming fixer: %w", err)
		}
		for _, t := range ts {
			targets[t.Start] = t
		}
	}
	conv := conventions(c)
	var edits check.Edits
	var skipped []check.Skipped
	claimed := map[string]string{} // new spelling → old, across findings
	done := map[string]bool{}
	for _, fd := range r.Findings {
		skip := func(format string, args ...any) {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: fmt.Sprintf(format, args...)})
		}
		if fd.Start < 0 || fd.End > len(u.Src) || fd.Start > fd.End {
			return nil, nil, fmt.Errorf("naming fixer: finding [%d:%d) outside the %d-byte source", fd.Start, fd.End, len(u.Src))
		}
		name := string(u.Src[fd.Start:fd.End])
		var kind, want string
		if u.Profile == check.Lint {
			t, ok := targets[fd.Start]
			if !ok {
				skip("%q here is not a declaration the naming rule checks; nothing is renamed", name)
				continue
			}
			kind, want = string(t.Kind), t.Convention
		} else {
			k, _, _ := strings.Cut(fd.Message, " name ")
			kind = k
			w, ok := conv[kind]
			if !ok {
				skip("finding %q names no kind the constraint sets a convention for", fd.Message)
				continue
			}
			want = w
		}
		if done[name] {
			// The same spelling declared again: its rename is already
			// among the edits, which cover every occurrence.
			continue
		}
		newName, reason := f.plan(name, fd.Start, kind, want)
		if reason == "" && claimed[newName] != "" {
			reason = fmt.Sprintf("renaming %q to %q would merge it with %q, renamed to the same spelling", name, newName, claimed[newName])
		}
		if reason != "" {
			skip("%s", reason)
			continue
		}
		done[name], claimed[newName] = true, name
		for _, n := range f.byName[name] {
			edits = append(edits, check.Edit{Start: n.Start(), End: n.End(), New: newName})
		}
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	return edits, skipped, nil
}

// conventions maps a multicodeif finding's kind to its convention as the
// paper's evaluator does: later rules win.
func conventions(c constraint.Constraint) map[string]string {
	conv := map[string]string{}
	for _, r := range c.Naming {
		conv[r.Kind] = r.Convention
	}
	return conv
}

// fileNames indexes the identifier leaves of one file by spelling.
type fileNames struct {
	src    []byte
	id     lang.ID
	byName map[string][]syntax.Node
	// decls are the file's declarations by spelling, from the rule's
	// model (lint profile); nil means "find bindings syntactically".
	decls map[string][]naming.Declaration
	// exports is true when the file declares a module interface (JS
	// export, Python __all__), which makes its file-level names API.
	exports bool
}

func newFileNames(src []byte, id lang.ID, root syntax.Node) *fileNames {
	f := &fileNames{src: src, id: id, byName: map[string][]syntax.Node{}}
	root.Walk(func(n syntax.Node) bool {
		switch t := n.Type(); {
		case t == "export_statement":
			f.exports = true
		case isIdentLeaf(n):
			f.byName[n.Text()] = append(f.byName[n.Text()], n)
		}
		return true
	})
	switch id {
	case lang.Python:
		f.exports = len(f.byName["__all__"]) > 0
	case lang.JavaScript, lang.TypeScript:
		f.exports = f.exports || len(f.byName["exports"]) > 0
	}
	return f
}

func (f *fileNames) setDeclarations(ds []naming.Declaration) {
	f.decls = map[string][]naming.Declaration{}
	for _, d := range ds {
		f.decls[d.Name] = append(f.decls[d.Name], d)
	}
}

// nodeAt returns the identifier leaf of spelling name starting at off.
func (f *fileNames) nodeAt(name string, off int) (syntax.Node, bool) {
	for _, n := range f.byName[name] {
		if n.Start() == off {
			return n, true
		}
	}
	return syntax.Node{}, false
}

// isIdentLeaf accepts the identifier node types of the bundled grammars
// (identifier, type_identifier, field_identifier, property_identifier,
// simple_identifier, ...). All of them count as one namespace: a Python
// method is declared as an identifier and called as one, a JS method is
// declared and called as property_identifier, a C++ class is a
// type_identifier but its constructor an identifier, so splitting by
// type would leave references behind. String and comment contents are
// never identifier nodes, except interpolations, which are code.
func isIdentLeaf(n syntax.Node) bool {
	if n.ChildCount() != 0 || !n.IsNamed() {
		return false
	}
	t := n.Type()
	return strings.HasSuffix(t, "identifier") || strings.HasSuffix(t, "identifier_pattern") ||
		t == "name" || t == "variable" || t == "constructor"
}

// plan returns the new spelling of name, or why it must not be renamed.
func (f *fileNames) plan(name string, at int, kind, want string) (newName, reason string) {
	occ := f.byName[name]
	if !containsAt(occ, at) {
		return "", fmt.Sprintf("%q at this position is not an identifier in code (a string, comment or keyword); only identifiers are renamed", name)
	}
	if exemptName(f.id, name) {
		return "", fmt.Sprintf("%q is a name other code calls or reads by its spelling in %s (a runtime hook, or a \"__\" marker such as __proto__); it is not renamed", name, f.id)
	}
	if want == "kebab-case" {
		return "", fmt.Sprintf("unfixable: kebab-case needs \"-\" in identifiers, which %s reads as minus", f.id)
	}
	newName, ok := convertIn(f.id, name, want)
	if !ok {
		return "", fmt.Sprintf("%q has no words to respell in %s", name, want)
	}
	if !conforms(f.id, newName, want) {
		return "", fmt.Sprintf("%q cannot be written in %s: respelled it would be %q, which still is not (a leading digit, or letters without case)", name, want, newName)
	}
	if newName == name {
		return "", fmt.Sprintf("%q already reads as %s; nothing to rename", name, want)
	}
	if len(f.byName[newName]) > 0 {
		return "", fmt.Sprintf("renaming %q to %q would collide with the existing identifier %q in this file", name, newName, newName)
	}
	if reservedName(f.id, newName) {
		return "", fmt.Sprintf("renaming %q to %q would use a %s keyword or builtin", name, newName, f.id)
	}
	if f.id == lang.Go && isUpper(name) != isUpper(newName) {
		return "", fmt.Sprintf("renaming %q to %q changes whether it is exported in Go; that is an API change, not a style fix", name, newName)
	}
	if (kind == "function" || kind == "method") && f.namesType(name) {
		return "", fmt.Sprintf("%q also names a class or type (a constructor shares its class's name); renaming one without the other breaks the code, and the class convention differs", name)
	}
	if base := f.foreignBase(name); base != "" {
		return "", fmt.Sprintf("%q is a method of a class extending %s, which is not defined in this file; it may override a method the base calls by name", name, base)
	}
	if why := f.boundElsewhere(name); why != "" {
		return "", fmt.Sprintf("%q %s; renaming it here would break that link", name, why)
	}
	if f.decls != nil {
		return newName, f.declaredHere(name)
	}
	decls := 0
	for _, n := range occ {
		if !isBinding(n) {
			continue
		}
		decls++
		if !isLocal(n) && f.exported(n) {
			line := bytes.Count(f.src[:n.Start()], []byte("\n")) + 1
			return "", fmt.Sprintf("%q is declared as exported API on line %d; references in other files would not be updated", name, line)
		}
	}
	if decls == 0 {
		return "", fmt.Sprintf("%q is not declared in this file (library, import or foreign attribute); renaming would break references elsewhere", name)
	}
	return newName, ""
}

// declaredHere checks every declaration of name in the file (from the
// rule's model) and says why renaming them all is unsafe, or "".
func (f *fileNames) declaredHere(name string) string {
	ds := f.decls[name]
	if len(ds) == 0 {
		return fmt.Sprintf("%q is not declared in this file (library, import or foreign attribute); renaming would break references elsewhere", name)
	}
	for _, d := range ds {
		line := bytes.Count(f.src[:d.Start], []byte("\n")) + 1
		// A constructor's spelling is its class's: renaming the class
		// renames it too, which is exactly right.
		if d.Exempt != "" && d.Exempt != "constructor" {
			return fmt.Sprintf("%q is also declared on line %d where its spelling is forced (%s); renaming every %q would break that", name, line, d.Exempt, name)
		}
		if d.Kind == constraint.KindImport {
			return fmt.Sprintf("%q is imported on line %d; the imported module defines its spelling", name, line)
		}
		n, ok := f.nodeAt(name, d.Start)
		if !ok {
			return fmt.Sprintf("%q on line %d is not an identifier the fixer can edit", name, line)
		}
		if f.id == lang.Go && d.Kind == constraint.KindField && isUpper(name) {
			return fmt.Sprintf("%q on line %d is an exported field: reflection sees its name (encoding/json keys, templates, %%+v), so renaming it can change what the program prints or decodes", name, line)
		}
		local := d.Scope == naming.ScopeFunction || d.Kind == constraint.KindParameter
		if !local && f.exported(n) {
			return fmt.Sprintf("%q is declared as exported API on line %d; references in other files would not be updated", name, line)
		}
	}
	return ""
}

// namesType reports whether name is spelled as a type anywhere or
// declares a class-like node.
func (f *fileNames) namesType(name string) bool {
	for _, n := range f.byName[name] {
		if n.Type() == "type_identifier" {
			return true
		}
		if p := n.Parent().Type(); isBinding(n) && (strings.Contains(p, "class") || strings.Contains(p, "struct") || strings.Contains(p, "interface")) {
			return true
		}
	}
	return false
}

// boundElsewhere explains an occurrence whose spelling is fixed by
// something outside this file: an import, a JS shorthand property (its
// spelling is also the object's key) or a keyword argument to a callee
// not defined here (its spelling is the callee's parameter name).
func (f *fileNames) boundElsewhere(name string) string {
	for _, n := range f.byName[name] {
		if n.Type() == "shorthand_property_identifier" {
			return "is an object key in shorthand {" + name + "}"
		}
		for a := n.Parent(); a.Valid(); a = a.Parent() {
			if t := a.Type(); strings.Contains(t, "import") || t == "use_declaration" || t == "using_directive" {
				return "is imported from another module"
			}
		}
		if p := n.Parent(); p.Type() == "keyword_argument" && fieldOf(n) == "name" && !f.calleeDefinedHere(p) {
			return "names a keyword argument of a function not defined in this file"
		}
	}
	return ""
}

// calleeDefinedHere reports whether the call holding keyword argument kw
// calls a plain function name that this file defines.
func (f *fileNames) calleeDefinedHere(kw syntax.Node) bool {
	call := kw.Parent().Parent()
	fn := call.Field("function")
	if call.Type() != "call" || fn.Type() != "identifier" {
		return false
	}
	for _, n := range f.byName[fn.Text()] {
		if n.Parent().Type() == "function_definition" && fieldOf(n) == "name" {
			return true
		}
	}
	return false
}

func containsAt(ns []syntax.Node, at int) bool {
	for _, n := range ns {
		if n.Start() == at {
			return true
		}
	}
	return false
}

func isUpper(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsUpper(r)
}

// fieldOf returns the field name under which n hangs from its parent.
func fieldOf(n syntax.Node) string {
	p := n.Parent()
	for i := 0; i < p.ChildCount(); i++ {
		if c := p.Child(i); c.Start() == n.Start() && c.End() == n.End() && c.Type() == n.Type() {
			return p.FieldNameForChild(i)
		}
	}
	return ""
}

// notBinding are parents whose name-like fields refer to something
// declared elsewhere: a call's method, a keyword argument's parameter,
// a member access.
var notBinding = map[string]bool{
	"keyword_argument": true, "method_invocation": true, "field_access": true,
	"attribute": true, "member_expression": true, "call_expression": true,
	"assignment_expression": true, "augmented_assignment": true,
	"method_reference": true, "selector_expression": true, "field_expression": true,
	"scoped_identifier": true, "qualified_identifier": true,
}

// isBinding reports whether identifier n declares its name (a
// definition, parameter, local or pattern variable) rather than uses it.
// It is a syntactic approximation across grammars; it errs towards "not
// a declaration", which only makes the fixer skip more.
func isBinding(n syntax.Node) bool {
	if n.Type() == "shorthand_property_identifier_pattern" {
		return true
	}
	p := n.Parent()
	if !p.Valid() {
		return false
	}
	pt, f := p.Type(), fieldOf(n)
	switch f {
	case "name", "declarator", "pattern", "left", "parameter", "alias":
		return !notBinding[pt]
	case "":
		switch pt {
		case "pattern_list", "tuple_pattern", "list_splat_pattern", "as_pattern_target", "closure_parameters":
			return true
		case "expression_list":
			gp := p.Parent().Type()
			return (gp == "short_var_declaration" || gp == "range_clause") && fieldOf(p) == "left"
		}
		for _, s := range []string{"declarator", "declaration", "definition", "parameter", "spec"} {
			if strings.Contains(pt, s) {
				return true
			}
		}
	}
	return false
}

// isFuncLike matches function, method, lambda and closure nodes, not
// calls or function types.
func isFuncLike(t string) bool {
	for _, no := range []string{"call", "type", "invocation", "reference", "signature", "parameter"} {
		if strings.Contains(t, no) {
			return false
		}
	}
	for _, s := range []string{"function", "method", "lambda", "closure", "constructor", "arrow"} {
		if strings.Contains(t, s) {
			return true
		}
	}
	return false
}

// isLocal reports whether binding n lives inside a function body, where
// no other file can refer to it. A function's own name is not inside its
// body, so the function that n names is skipped.
func isLocal(n syntax.Node) bool {
	cur := n
	for cur.Parent().Valid() && strings.Contains(cur.Parent().Type(), "declarator") {
		cur = cur.Parent()
	}
	d := cur.Parent()
	if isFuncLike(d.Type()) {
		switch fieldOf(cur) {
		case "name", "declarator", "":
			d = d.Parent()
		}
	}
	for ; d.Valid(); d = d.Parent() {
		if isFuncLike(d.Type()) {
			return true
		}
	}
	return false
}

// exported reports whether a file-level binding can be seen from other
// files: by Go's capital letter, by public/protected modifiers (Java,
// C#), by the absence of private/internal (Kotlin, public by default),
// by pub (Rust, Zig), or, for languages without visibility markers, by
// the file declaring a module interface (JS export, Python __all__).
// C, C++ and the rest have no marker a single file shows; a generated
// solution there is treated as self-contained.
func (f *fileNames) exported(n syntax.Node) bool {
	decl := n.Parent()
	for decl.Valid() && !strings.HasSuffix(decl.Type(), "_declaration") && !strings.HasSuffix(decl.Type(), "_item") {
		decl = decl.Parent()
	}
	modifiers := func() string {
		var sb strings.Builder
		for _, c := range decl.Children() {
			if t := c.Type(); t == "modifiers" || t == "modifier" || t == "visibility_modifier" || t == "pub" {
				sb.WriteString(" " + c.Text() + " " + t)
			}
		}
		return sb.String()
	}
	switch f.id {
	case lang.Go:
		return isUpper(n.Text())
	case lang.Java, lang.CSharp:
		// Interface members are public without saying so, and an
		// override's name is fixed by the type it overrides.
		m := modifiers()
		return strings.Contains(m, "public") || strings.Contains(m, "protected") ||
			strings.Contains(m, "Override") || strings.Contains(m, "override") || inInterface(n)
	case lang.Kotlin:
		m := modifiers()
		return !strings.Contains(m, "private") && !strings.Contains(m, "internal") || strings.Contains(m, "override")
	case lang.Rust, lang.Zig:
		return strings.Contains(modifiers(), "pub")
	case lang.Python:
		return f.exports && !strings.HasPrefix(n.Text(), "_")
	}
	return f.exports
}

func inInterface(n syntax.Node) bool {
	for a := n.Parent(); a.Valid(); a = a.Parent() {
		if a.Type() == "interface_declaration" || a.Type() == "interface_body" {
			return true
		}
	}
	return false
}

// foreignBase returns the first base class not defined in this file of a
// Python or JavaScript class that declares a method spelled name, or ""
// when there is none. Those languages mark no overrides, so a
// subclass's method may be a hook the base calls by name
// (ast.NodeVisitor.visit_FunctionDef, React's lifecycle methods);
// renaming it would silently unhook it.
func (f *fileNames) foreignBase(name string) string {
	for _, n := range f.byName[name] {
		method := n.Parent()
		if fieldOf(n) != "name" || (method.Type() != "function_definition" && method.Type() != "method_definition") {
			continue
		}
		class := method.Parent()
		for t := class.Type(); t == "decorated_definition" || t == "block" || t == "class_body"; t = class.Type() {
			class = class.Parent()
		}
		var bases []syntax.Node
		switch class.Type() {
		case "class_definition":
			for _, b := range class.Field("superclasses").Children() {
				if b.IsNamed() && b.Type() != "keyword_argument" && b.Type() != "comment" {
					bases = append(bases, b)
				}
			}
		case "class_declaration", "class":
			for _, c := range class.Children() {
				if c.Type() == "class_heritage" {
					bases = append(bases, c.Children()...)
				}
			}
		}
		for _, b := range bases {
			if b.IsNamed() && !f.definesClass(b.Text()) {
				return b.Text()
			}
		}
	}
	return ""
}

// definesClass reports whether this file declares a class spelled name
// (object, Python's implicit root, counts as one).
func (f *fileNames) definesClass(name string) bool {
	if name == "object" {
		return true
	}
	for _, n := range f.byName[name] {
		if t := n.Parent().Type(); (t == "class_definition" || t == "class_declaration" || t == "class") && fieldOf(n) == "name" {
			return true
		}
	}
	return false
}

// IsIdentifier reports whether n is an identifier leaf as the naming
// fixer renames them (see isIdentLeaf), for checks that must agree with
// what it edits.
func IsIdentifier(n syntax.Node) bool { return isIdentLeaf(n) }
