package syntaxuse

import (
	"fmt"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// A forbidden library ("python;!pickle") is reported at each import of
// it. The paper has no negation, so both profiles read it the way the
// ecosystem's own bans do (flake8-tidy-imports' banned modules, eslint's
// no-restricted-imports, depguard, checkstyle's IllegalImport): an
// import names the library when it is the library or a part of it
// (`pickle`, `os.path` for "os"; "lodash/fp" for "lodash";
// ".../errors/v2" for "github.com/pkg/errors"). Relative imports are the
// project's own files, never a library.

// importRef is one import: the node to report and the module it names.
type importRef struct {
	node syntax.Node
	// names are the module paths the import brings in; any one matching
	// the library makes it an import of the library.
	names []string
}

// forbiddenImports lists a language's imports.
type forbiddenImports struct {
	pattern nodePattern
	refs    func(n syntax.Node) []string
	// sep separates a module path's parts ("." in Python, "/" in Go).
	sep string
}

var forbiddenImportLangs = map[lang.ID]forbiddenImports{
	lang.Python:     {nodesOf("import_statement", "import_from_statement"), pythonImportNames, "."},
	lang.JavaScript: {nodesOf("import_statement", "export_statement", "call_expression"), jsImportNames, "/"},
	lang.TypeScript: {nodesOf("import_statement", "export_statement", "call_expression"), jsImportNames, "/"},
	lang.Go:         {nodesOf("import_spec"), goImportNames, "/"},
	lang.Rust:       {nodesOf("use_declaration", "extern_crate_declaration", "scoped_identifier", "scoped_type_identifier"), rustImportNames, "::"},
	lang.Java:       {nodesOf("import_declaration"), declImportNames("import", "static"), "."},
	lang.Kotlin:     {nodesOf("import_header"), declImportNames("import"), "."},
	lang.CSharp:     {nodesOf("using_directive"), declImportNames("using", "static", "global"), "."},
	lang.C:          {nodesOf("preproc_include"), includeNames, "/"},
	lang.CPP:        {nodesOf("preproc_include"), includeNames, "/"},
}

func checkForbiddenLibrary(u *check.Unit, c constraint.Constraint) check.Result {
	fl, ok := forbiddenImportLangs[c.Lang]
	if !ok {
		return check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: fmt.Sprintf("library imports are not checked for %s", c.LangName)}
	}
	lib := c.Name
	if c.Lang == lang.Rust {
		lib = strings.ReplaceAll(lib, "-", "_")
	}
	if srcLacks(u, false, lib[strings.LastIndex(lib, fl.sep)+len(fl.sep):]) {
		return check.Passed(fmt.Sprintf("forbidden library %q is never imported", c.Name))
	}
	root, bad := parsedRoot(u, c.Lang)
	if bad != nil {
		return *bad
	}
	var findings []check.Finding
	firstMatch(u, root, c.Lang, fl.pattern, func(n syntax.Node) bool {
		for _, name := range fl.refs(n) {
			if name == lib || strings.HasPrefix(name, lib+fl.sep) || (c.Lang == lang.CPP || c.Lang == lang.C) && strings.HasSuffix(name, "/"+lib) {
				findings = append(findings, check.Finding{Start: n.Start(), End: n.End(), Message: fmt.Sprintf("import of forbidden library %q", c.Name)})
				break
			}
		}
		return false // visit every import
	})
	if len(findings) == 0 {
		if root.HasError() {
			return check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: fmt.Sprintf("the code does not parse, so the absence of library %q cannot be confirmed", c.Name)}
		}
		return check.Passed(fmt.Sprintf("forbidden library %q is never imported", c.Name))
	}
	return check.Failed(fmt.Sprintf("forbidden library %q is imported %s", c.Name, times(len(findings))), findings...)
}

func pythonImportNames(n syntax.Node) []string {
	switch n.Type() {
	case "import_statement":
		return importedNames(n, "")
	case "import_from_statement":
		mod := n.Field("module_name")
		if !mod.Valid() || mod.Type() == "relative_import" {
			return nil
		}
		m := dottedName(mod)
		// `from os import path` imports os.path.
		return append([]string{m}, importedNames(n, m+".")...)
	}
	return nil
}

// importedNames lists the dotted names in n's `name` fields (the name of
// an aliased import, not its alias), each after prefix.
func importedNames(n syntax.Node, prefix string) []string {
	var out []string
	for i := 0; i < n.ChildCount(); i++ {
		if n.FieldNameForChild(i) != "name" {
			continue
		}
		name := n.Child(i)
		if name.Type() == "aliased_import" {
			name = name.Field("name")
		}
		if name.Valid() {
			out = append(out, prefix+dottedName(name))
		}
	}
	return out
}

func jsImportNames(n syntax.Node) []string {
	var src syntax.Node
	switch n.Type() {
	case "import_statement", "export_statement":
		src = n.Field("source")
	case "call_expression":
		f := n.Field("function")
		if !f.Valid() || (f.Text() != "require" && f.Type() != "import") {
			return nil
		}
		args := n.Field("arguments")
		if args.Valid() && args.NamedChildCount() > 0 {
			src = args.NamedChild(0)
		}
	}
	if !src.Valid() || src.Type() != "string" {
		return nil
	}
	p := unquote(src.Text())
	if strings.HasPrefix(p, ".") || strings.HasPrefix(p, "/") {
		return nil
	}
	return []string{p}
}

func goImportNames(n syntax.Node) []string {
	p := n.Field("path")
	if !p.Valid() {
		return nil
	}
	return []string{strings.Trim(p.Text(), "\"`")}
}

// rustImportNames reads use and extern crate declarations, and paths
// used without one (`tokio::spawn(...)`, `#[tokio::main]`), outermost
// only, and not inside a use declaration, which is reported itself.
func rustImportNames(n syntax.Node) []string {
	switch n.Type() {
	case "use_declaration":
		arg := n.Field("argument")
		if !arg.Valid() {
			return nil
		}
		return []string{strings.TrimPrefix(strings.Join(strings.Fields(arg.Text()), ""), "::")}
	case "extern_crate_declaration":
		name := n.Field("name")
		if !name.Valid() {
			return nil
		}
		return []string{name.Text()}
	}
	for p := n.Parent(); p.Valid(); p = p.Parent() {
		switch p.Type() {
		case "scoped_identifier", "scoped_type_identifier", "scoped_use_list", "use_declaration", "use_wildcard", "use_as_clause":
			return nil
		}
		if strings.HasSuffix(p.Type(), "_item") || p.Type() == "block" {
			break
		}
	}
	return []string{strings.Join(strings.Fields(n.Text()), "")}
}

// declImportNames reads `import a.b.C;`-like declarations: the text
// after the keywords, without `.*` and the semicolon.
func declImportNames(keywords ...string) func(syntax.Node) []string {
	return func(n syntax.Node) []string {
		fields := strings.Fields(strings.NewReplacer(";", " ", "\n", " ").Replace(n.Text()))
		for len(fields) > 0 && slices.Contains(keywords, fields[0]) {
			fields = fields[1:]
		}
		if len(fields) == 0 {
			return nil
		}
		if len(fields) >= 3 && fields[1] == "=" { // C# `using X = A.B;`
			fields = fields[2:]
		}
		return []string{strings.TrimSuffix(strings.TrimSuffix(fields[0], ".*"), ".")}
	}
}

func includeNames(n syntax.Node) []string {
	p := n.Field("path")
	if !p.Valid() {
		return nil
	}
	return []string{strings.Trim(p.Text(), `<>"`)}
}
