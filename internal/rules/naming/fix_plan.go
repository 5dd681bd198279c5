package naming

// Whether one name may be renamed, and to what: the checks a rename must
// pass before the fix offers it (see fix.go for why these and no others).

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// plan returns the new spelling of name, or why it must not be renamed.
//
// The finding's own position was checked (identAt); nothing else here
// depends on it, so findings of one spelling, kind and convention share
// the answer.
func (f *fileNames) plan(name, kind, want string) (newName, reason string) {
	occ := f.byName[name]
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
	if reservedName(f.id, newName) {
		return "", fmt.Sprintf("renaming %q to %q would use a %s keyword or builtin", name, newName, f.id)
	}
	if f.unit != nil {
		// A local is renamed scope-true: only the references bound to
		// it, with collisions checked only where the new name enters.
		if bs, why := LocalBindings(f.unit, f.id, name); why == "" {
			edits, why := ScopeTrueEdits(f.unit, f.id, bs, newName)
			if why != "" {
				return "", why
			}
			f.scoped[name] = edits
			return newName, ""
		}
	}
	if why := f.captures(name, newName); why != "" {
		return "", why
	}
	if f.id == lang.Go && isUpper(name) != isUpper(newName) && !(isUpper(newName) && goUnimportable(f.unit)) {
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
			line := f.line(n.Start())
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
		line := f.line(d.Start)
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
		local := d.Scope == ScopeFunction || d.Kind == constraint.KindParameter
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
