package verify

// Without tests, a rename is kept only when the renamed name is provably
// local. The candidate must be an alpha-conversion of the file (every
// occurrence of the old spelling respelled, the new spelling unused
// before), which keeps every binding inside the file; what the file
// cannot show is who else uses the name. So each declaration of the old
// spelling must be
//
//   - function-local: a local variable, a nested function, a local class
//     or a parameter (in Python, Kotlin and C# a parameter's name is
//     also its keyword argument, so it is treated as file-private
//     below); or
//   - file-private by the language: a Go unexported name that is not a
//     struct field, a Java private method or class, a Rust item without
//     pub (not a field, not in a trait or trait impl, not #[no_mangle]),
//     a Python module-level name with a leading underscore, a
//     module-level binding of a JavaScript/TypeScript ES or CommonJS
//     module that is not exported (a plain script's top-level names are
//     globals), a C/C++ static or anonymous-namespace name;
//
// and a file-private name (not a local) must not be mentioned as a word
// in any other file of the repository (tests, scripts, HTML, a
// getattr string, an import), nor its new spelling (a Go package or a
// Rust module shares names across files), nor in a string or macro body
// of the file itself. Methods and attributes of Python, JavaScript and
// TypeScript are never renamed without tests: they are reached by name
// (getattr, obj[key], duck typing), which no file need spell out. Nor
// are fields of the static languages: their names are data to
// reflection (Go's %+v and encoders, Java's Gson or Jackson, Rust's
// derive(Debug) and serde).
//
// Known gap: a name built at run time from pieces ("do" + word) is not
// a word any file holds; for the names above only Python's and
// JavaScript's dynamic lookups can do that, and those reach methods and
// attributes, which are refused.

import (
	"fmt"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/naming"
	"github.com/iflint/iflint/internal/syntax"
)

// renameRisk says why rename rn (of the candidate new of old) needs a
// test command, or "".
func renameRisk(old, new *check.Unit, id lang.ID, rn rename, oa, na atoms, other Elsewhere) string {
	need := func(format string, args ...any) string {
		return fmt.Sprintf("rename of %q to %q needs a test command: ", rn.old, rn.new) + fmt.Sprintf(format, args...)
	}
	if !naming.Supported(id) {
		return need("iflint has no declaration model for %s", id)
	}
	for _, a := range na.code {
		if a.ident && a.text == rn.old {
			// Some uses keep the old spelling: only a scope-true rename
			// of locals may do that.
			return scopeTrueRisk(old, new, id, rn, oa, na, need)
		}
	}
	if why := dataName(old, id, rn.old, oa); why != "" {
		return need("%s", why)
	}
	if why := naming.Captures(old, id, rn.old, rn.new); why != "" {
		return need("%s", why)
	}
	all, err := naming.Declarations(old, id)
	if err != nil {
		return need("reading the file's declarations: %v", err)
	}
	var decls []naming.Declaration
	member := false
	for _, d := range all {
		if d.Name == rn.old {
			decls = append(decls, d)
			member = member || d.Kind == constraint.KindMethod || d.Kind == constraint.KindField
		}
	}
	if len(decls) == 0 {
		return need("it is not declared in this file (a library's, another file's or a foreign object's name)")
	}
	fileLevel := false
	for _, d := range decls {
		line, _ := old.Position(d.Start)
		if d.Exempt != "" && d.Exempt != "constructor" {
			return need("its spelling on line %d is forced (%s)", line, d.Exempt)
		}
		if d.Kind == constraint.KindImport {
			return need("it is imported on line %d; the imported module defines its spelling", line)
		}
		local, why := locality(old, id, d)
		if why != "" {
			return need("the %s on line %d %s", d.Kind, line, why)
		}
		fileLevel = fileLevel || !local
	}
	for _, a := range oa.code {
		if !a.ident || a.text != rn.old {
			continue
		}
		line, _ := old.Position(a.start)
		if strings.Contains(a.node.Parent().Type(), "shorthand") {
			return need("on line %d it is also a field or key name in shorthand form", line)
		}
		if !member && naming.MemberName(a.node) {
			return need("on line %d it names a member of another value, which the rename would respell too", line)
		}
	}
	if fileLevel || stringsNameLocals(id) {
		for _, a := range oa.code {
			if !a.ident && hasWord(a.text, rn.old) {
				line, _ := old.Position(a.start)
				return need("it also appears in text on line %d (a string or macro body), which a rename does not update", line)
			}
		}
	}
	if !fileLevel {
		return ""
	}
	if other == nil {
		return need("it is not local to a function, and the repository's other files are unknown")
	}
	for _, w := range []string{rn.old, rn.new} {
		files, err := other.Mentions(old.Path, w)
		if err != nil {
			return need("reading the repository's other files: %v", err)
		}
		if len(files) > 0 {
			who := files[0] + " mentions"
			if len(files) > 1 {
				who = fmt.Sprintf("%s and %d other file(s) mention", files[0], len(files)-1)
			}
			if w == rn.old {
				return need("%s %q; it may be used outside this file", who, w)
			}
			return need("%s the new name %q, which the rename could collide with", who, w)
		}
	}
	return ""
}

// stringsNameLocals reports whether text in a string or macro body can
// refer to a local variable by its spelling (Python's locals() and
// "%(x)s", JavaScript's eval, Rust's format!("{x}"), a C macro).
func stringsNameLocals(id lang.ID) bool {
	switch id {
	case lang.Go, lang.Java, lang.CSharp:
		return false
	}
	return true
}

// dynamic languages reach methods and attributes by their spelling.
func dynamic(id lang.ID) bool {
	return id == lang.Python || id == lang.JavaScript || id == lang.TypeScript
}

// locality says whether declaration d of u is function-local, and, when
// it is neither local nor file-private, why ("" otherwise).
func locality(u *check.Unit, id lang.ID, d naming.Declaration) (local bool, why string) {
	if dynamic(id) && (d.Kind == constraint.KindMethod || d.Kind == constraint.KindField || d.Scope == naming.ScopeClass && d.Kind != constraint.KindParameter) {
		return false, "is a method or attribute, which code may reach by name (getattr, obj[key], duck typing)"
	}
	if d.Kind == constraint.KindParameter {
		switch id {
		case lang.Python, lang.Kotlin, lang.CSharp:
			return false, "" // callers may pass it by name: file-private at best
		}
		return true, ""
	}
	if d.Scope == naming.ScopeFunction {
		if localTypeMember(nodeAt(u, id, d.Start)) {
			// gson's Java17RecordTest: a static field of a record declared
			// in a test method, read as LocalRecord.thrownException; the
			// rename followed the bare uses and broke the build.
			return false, "is a member of a type declared in a function (a local class or record), which code reaches as Type.name"
		}
		return true, ""
	}
	if d.Kind == constraint.KindField {
		return false, "is a field, whose name is data to reflection (printing, serializers)"
	}
	n := nodeAt(u, id, d.Start)
	switch id {
	case lang.Go:
		if r, _ := utf8.DecodeRuneInString(d.Name); unicode.IsUpper(r) {
			return false, "is exported"
		}
		return false, ""
	case lang.Java:
		if hasModifier(n, "private") {
			return false, ""
		}
		return false, "is not private"
	case lang.Rust:
		return false, rustPrivate(n)
	case lang.Python:
		if d.Scope == naming.ScopeModule && strings.HasPrefix(d.Name, "_") && !strings.HasSuffix(d.Name, "__") {
			return false, ""
		}
		return false, "is a module-level name without a leading underscore, which any module can import"
	case lang.JavaScript, lang.TypeScript:
		return false, jsPrivate(u, n)
	case lang.C, lang.CPP:
		if d.Scope == naming.ScopeClass || d.Kind == constraint.KindMethod {
			return false, "is a class member, which every file that includes its class can use"
		}
		if cStatic(n, id) {
			return false, ""
		}
		return false, "has external linkage (not static, not in an anonymous namespace, not a namespace-scope const or constexpr variable of C++)"
	}
	return false, fmt.Sprintf("is not local to a function, and iflint knows no file-private names in %s", id)
}

// localTypeMember reports whether the name n declares a member of a
// type body (a field, constant or method of a local class, record, enum
// or interface) rather than a variable of a block: climbing from n, a
// type body or a member declaration comes before any block.
func localTypeMember(n syntax.Node) bool {
	for a := n.Parent(); a.Valid(); a = a.Parent() {
		switch a.Type() {
		case "field_declaration", "constant_declaration", "method_declaration", "class_body", "enum_body", "interface_body",
			"record_declaration_body", "enum_body_declarations", "field_declaration_list", "declaration_list", "property_declaration":
			return true
		case "block", "constructor_body", "compact_constructor_declaration", "lambda_expression", "compound_statement", "statement_block",
			"formal_parameters", "formal_parameter", "local_variable_declaration", "parameter_list", "catch_formal_parameter", "resource":
			return false
		}
	}
	return false
}

// nodeAt is the identifier leaf starting at off.
func nodeAt(u *check.Unit, id lang.ID, off int) syntax.Node {
	t, err := u.Tree(id)
	if err != nil {
		return syntax.Node{}
	}
	return t.Root().FindFirst(func(n syntax.Node) bool { return n.Start() == off && n.ChildCount() == 0 })
}

// declOf climbs from a name to the declaration holding it.
func declOf(n syntax.Node, suffixes ...string) syntax.Node {
	for a := n.Parent(); a.Valid(); a = a.Parent() {
		for _, s := range suffixes {
			if strings.HasSuffix(a.Type(), s) {
				return a
			}
		}
	}
	return syntax.Node{}
}

func hasModifier(n syntax.Node, word string) bool {
	d := declOf(n, "_declaration")
	for _, c := range d.Children() {
		if c.Type() == "modifiers" {
			for _, m := range strings.Fields(c.Text()) {
				if m == word {
					return true
				}
			}
		}
	}
	return false
}

func rustPrivate(n syntax.Node) string {
	item := declOf(n, "_item", "macro_definition")
	if !item.Valid() {
		return "is not an item iflint can read"
	}
	for _, c := range item.Children() {
		if c.Type() == "visibility_modifier" {
			return "is pub"
		}
	}
	for s := item.PrevSibling(); s.Valid() && (s.Type() == "attribute_item" || strings.Contains(s.Type(), "comment")); s = s.PrevSibling() {
		if t := s.Text(); strings.Contains(t, "no_mangle") || strings.Contains(t, "export_name") || strings.Contains(t, "macro_export") {
			return "is exported by an attribute (" + firstLine(t) + ")"
		}
	}
	for a := item.Parent(); a.Valid(); a = a.Parent() {
		switch a.Type() {
		case "trait_item":
			return "belongs to a trait, whose implementations elsewhere share its names"
		case "impl_item":
			if a.Field("trait").Valid() {
				return "implements a trait method, whose name the trait defines"
			}
		}
	}
	return ""
}

func cStatic(n syntax.Node, id lang.ID) bool {
	for a := n.Parent(); a.Valid(); a = a.Parent() {
		if a.Type() == "namespace_definition" && !a.Field("name").Valid() {
			return true
		}
		if p := a.Parent(); p.Valid() && (p.Type() == "translation_unit" || p.Type() == "declaration_list" && p.Parent().Type() == "namespace_definition") {
			// A declaration at file or namespace scope: static, or in C++
			// a const or constexpr variable that is not extern or inline
			// (internal linkage by [basic.link]), whichever namespace.
			cpp, extern, inline := false, false, false
			for _, c := range a.Children() {
				switch t := c.Text(); {
				case c.Type() == "storage_class_specifier" && t == "static":
					return true
				case c.Type() == "storage_class_specifier" && t == "extern":
					extern = true
				case t == "inline":
					inline = true
				case (c.Type() == "type_qualifier" || c.Type() == "constexpr") && (t == "const" || t == "constexpr"):
					cpp = id == lang.CPP && a.Type() == "declaration"
				}
			}
			return cpp && !extern && !inline
		}
	}
	return false
}

// jsPrivate says why a module-level binding of a JavaScript or
// TypeScript file may be seen by other files, or "".
func jsPrivate(u *check.Unit, n syntax.Node) string {
	root := n
	for root.Parent().Valid() {
		root = root.Parent()
	}
	ext := path.Ext(u.Path)
	if strings.HasSuffix(u.Path, ".d.ts") {
		return "is declared in a declaration file (.d.ts), which describes names other files use"
	}
	module := ext == ".mjs" || ext == ".cjs" || ext == ".mts" || ext == ".cts"
	for _, st := range root.Children() {
		t := st.Type()
		if t == "import_statement" || t == "export_statement" || st.Any(func(x syntax.Node) bool {
			return x.Type() == "identifier" && (x.Text() == "require" || x.Text() == "module" || x.Text() == "exports")
		}) {
			module = true
		}
	}
	if !module {
		return "is a top-level name of a plain script (no import, export, require or module.exports), that is a global other scripts and pages use by name"
	}
	name := n.Text()
	for _, st := range root.Children() {
		if !st.Any(func(x syntax.Node) bool { return x.ChildCount() == 0 && x.Text() == name }) {
			continue
		}
		if st.Type() == "export_statement" && exportsName(st, name) {
			return "is exported"
		}
		if st.Type() != "export_statement" && st.Any(func(x syntax.Node) bool {
			return x.ChildCount() == 0 && (x.Text() == "exports" || x.Text() == "module")
		}) {
			return "is exported through module.exports"
		}
	}
	return ""
}

// exportsName reports whether export statement st exports name: as the
// name of its declaration, in its export clause, or as its default.
func exportsName(st syntax.Node, name string) bool {
	if v := st.Field("value"); v.Valid() && v.Text() == name {
		return true
	}
	found := false
	st.Walk(func(x syntax.Node) bool {
		switch t := x.Type(); {
		case found || t == "statement_block" || t == "class_body" || t == "arguments" || t == "formal_parameters":
			return false
		case x.ChildCount() == 0 && x.Text() == name:
			p := x.Parent().Type()
			found = p == "export_specifier" || p == "export_statement" || fieldOf(x) == "name" || p == "export_clause"
		}
		return true
	})
	return found
}

func fieldOf(n syntax.Node) string {
	p := n.Parent()
	for i := 0; i < p.ChildCount(); i++ {
		if c := p.Child(i); c.Start() == n.Start() && c.End() == n.End() && c.Type() == n.Type() {
			return p.FieldNameForChild(i)
		}
	}
	return ""
}
