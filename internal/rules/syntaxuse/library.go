package syntaxuse

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// The library rule decides "the code uses library <lib>" from its import
// declarations, as the reference evaluator does: Python import names,
// JavaScript/TypeScript import and require() sources, Go import paths
// and Rust use/extern crate declarations. Except for Python, the match
// is a substring test on the imported path ("chi" matches
// "github.com/go-chi/chi/v5"). A forbidden library is the other way
// round (library_forbidden.go).

// importFinder returns the first import of lib under root, parsed as id,
// as r reads imports.
type importFinder func(u *check.Unit, root syntax.Node, id lang.ID, lib string, r importReading) (syntax.Node, bool)

type libLang struct {
	find importFinder
	// more languages are unknown to the reference evaluator (divergence
	// more-languages).
	more bool
}

var libLangs = map[lang.ID]libLang{
	lang.Python:     {find: pythonImport},
	lang.JavaScript: {find: jsImport},
	lang.TypeScript: {find: jsImport},
	lang.Go:         {find: goImport},
	lang.Rust:       {find: rustImport},
	lang.Java:       {find: declImport("import_declaration"), more: true},
	lang.Kotlin:     {find: declImport("import_header"), more: true},
	lang.CSharp:     {find: declImport("using_directive"), more: true},
	lang.C:          {find: declImport("preproc_include"), more: true},
	lang.CPP:        {find: declImport("preproc_include"), more: true},
}

// dottedName renders a Python dotted_name without any inner whitespace.
func dottedName(n syntax.Node) string {
	if n.Type() != "dotted_name" {
		return strings.Join(strings.Fields(n.Text()), "")
	}
	var parts []string
	for i := 0; i < n.NamedChildCount(); i++ {
		parts = append(parts, n.NamedChild(i).Text())
	}
	return strings.Join(parts, ".")
}

func firstSegment(dotted string) string {
	head, _, _ := strings.Cut(dotted, ".")
	return head
}

func pythonImport(u *check.Unit, root syntax.Node, id lang.ID, lib string, r importReading) (syntax.Node, bool) {
	return firstMatch(u, root, id, nodesOf("import_statement", "import_from_statement"), func(n syntax.Node) bool {
		switch n.Type() {
		case "import_statement":
			for i := 0; i < n.ChildCount(); i++ {
				if n.FieldNameForChild(i) != "name" {
					continue
				}
				name := n.Child(i)
				if name.Type() == "aliased_import" {
					name = name.Field("name")
				}
				if !name.Valid() {
					continue
				}
				full := dottedName(name)
				if full == lib || (r.topLevelPackage && firstSegment(full) == lib) {
					return true
				}
			}
		case "import_from_statement":
			mod := n.Field("module_name")
			if mod.Valid() && mod.Type() == "relative_import" {
				// ast keeps the name after the dots as the module.
				var inner syntax.Node
				for i := 0; i < mod.NamedChildCount(); i++ {
					if ch := mod.NamedChild(i); ch.Type() == "dotted_name" {
						inner = ch
					}
				}
				mod = inner
			}
			return mod.Valid() && firstSegment(dottedName(mod)) == lib
		}
		return false
	})
}

// unquote strips every leading and trailing quote character.
func unquote(s string) string { return strings.Trim(s, `"'`) }

func jsImport(u *check.Unit, root syntax.Node, id lang.ID, lib string, r importReading) (syntax.Node, bool) {
	matches := func(str syntax.Node) bool {
		if str.Type() != "string" {
			return false
		}
		path := unquote(str.Text())
		if r.relativePaths && (strings.HasPrefix(path, ".") || strings.HasPrefix(path, "/")) {
			return false
		}
		return strings.Contains(path, lib)
	}
	return firstMatch(u, root, id, nodesOf("import_statement", "call_expression"), func(n syntax.Node) bool {
		switch n.Type() {
		case "import_statement":
			for i := 0; i < n.ChildCount(); i++ {
				if matches(n.Child(i)) {
					return true
				}
			}
		case "call_expression":
			if !textIs(n.Field("function"), "require") {
				return false
			}
			args := n.Field("arguments")
			for i := 0; args.Valid() && i < args.ChildCount(); i++ {
				if matches(args.Child(i)) {
					return true
				}
			}
		}
		return false
	})
}

func goImport(u *check.Unit, root syntax.Node, id lang.ID, lib string, r importReading) (syntax.Node, bool) {
	return firstMatch(u, root, id, nodesOf("import_spec"), func(n syntax.Node) bool {
		if n.Type() != "import_spec" {
			return false
		}
		// Only "..." paths: the evaluator reads the content node of an
		// interpreted string, so raw `...` paths never match.
		p := n.Field("path")
		if !p.Valid() || p.Type() != "interpreted_string_literal" {
			return false
		}
		path := strings.TrimSuffix(strings.TrimPrefix(p.Text(), `"`), `"`)
		if r.wholePathElements {
			return goPathHas(path, lib)
		}
		return strings.Contains(path, lib)
	})
}

// goPathHas reports whether the import path contains lib as whole path
// elements, ignoring case and major-version suffixes (divergence
// whole-path-elements).
func goPathHas(path, lib string) bool {
	norm := func(s string) []string {
		parts := strings.Split(strings.ToLower(strings.Trim(s, "/")), "/")
		for i, p := range parts {
			if j := strings.LastIndex(p, ".v"); j > 0 && isDigits(p[j+2:]) {
				parts[i] = p[:j]
			}
		}
		return parts
	}
	hay, needle := norm(path), norm(lib)
	for i := 0; i+len(needle) <= len(hay); i++ {
		ok := true
		for j := range needle {
			if hay[i+j] != needle[j] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func rustImport(u *check.Unit, root syntax.Node, id lang.ID, lib string, r importReading) (syntax.Node, bool) {
	if !r.crateSpellings {
		return firstMatch(u, root, id, nodesOf("use_declaration", "extern_crate_declaration"), func(n syntax.Node) bool {
			switch n.Type() {
			case "use_declaration", "extern_crate_declaration":
				return strings.Contains(n.Text(), lib)
			}
			return false
		})
	}
	// Crates are written with '_' for '-' in code (`use
	// async_std::task`), and since Rust 2018 a crate is often used through
	// paths alone (`#[tokio::main]`, `serde_json::to_string`).
	code := strings.ReplaceAll(lib, "-", "_")
	pattern := nodesOf("use_declaration", "extern_crate_declaration", "scoped_identifier", "scoped_type_identifier")
	return firstMatch(u, root, id, pattern, func(n syntax.Node) bool {
		switch n.Type() {
		case "use_declaration", "extern_crate_declaration":
			t := n.Text()
			return strings.Contains(t, lib) || strings.Contains(t, code)
		case "scoped_identifier", "scoped_type_identifier":
			return rustPathRoot(n) == code
		}
		return false
	})
}

// rustPathRoot returns the first segment of a path such as a::b::c.
func rustPathRoot(n syntax.Node) string {
	for i := 0; i < 64 && n.Valid(); i++ {
		switch n.Type() {
		case "scoped_identifier", "scoped_type_identifier":
			n = n.Field("path")
		case "identifier":
			return n.Text()
		default:
			return ""
		}
	}
	return ""
}

// declImport matches import-like declarations whose text names lib, for
// languages the evaluator does not check (divergence more-languages).
func declImport(nodeType string) importFinder {
	return func(u *check.Unit, root syntax.Node, id lang.ID, lib string, _ importReading) (syntax.Node, bool) {
		return firstMatch(u, root, id, nodesOf(nodeType), func(n syntax.Node) bool {
			work.Of(u).Add(1 + n.End() - n.Start())
			return strings.Contains(n.Text(), lib)
		})
	}
}

// libraryAbsent reports that the source cannot mention lib in any form
// the finders accept, so the tree need not be searched.
func libraryAbsent(u *check.Unit, id lang.ID, lib string, r importReading) bool {
	switch {
	case id == lang.Python:
		// Names are compared after whitespace is dropped around dots.
		return srcLacks(u, false, strings.Split(lib, ".")...)
	case id == lang.Go && r.wholePathElements:
		return srcLacks(u, true, strings.Split(lib, "/")...)
	case id == lang.Rust && r.crateSpellings:
		return srcLacks(u, false, lib) && srcLacks(u, false, strings.ReplaceAll(lib, "-", "_"))
	}
	return srcLacks(u, false, lib)
}

func checkLibrary(u *check.Unit, c constraint.Constraint) check.Result {
	if c.Forbidden {
		return checkForbiddenLibrary(u, c)
	}
	r := importReadingOf(u.Profile)
	ll, ok := libLangs[c.Lang]
	if !ok || (ll.more && !r.moreLanguages) {
		return unsupported(r.unsupportedUnverified, fmt.Sprintf("library imports are not checked for %s", c.LangName))
	}
	if libraryAbsent(u, c.Lang, c.Name, r) {
		return check.Failed(fmt.Sprintf("library %q is never imported", c.Name))
	}
	root, bad := parsedRoot(u, c.Lang)
	if bad != nil {
		return *bad
	}
	if c.Lang == lang.Python {
		if errNode, failed := pythonSyntaxError(root, work.Of(u)); failed {
			return syntaxErrorResult(u, errNode, "an import of "+c.Name)
		}
	}
	imp, found := ll.find(u, root, c.Lang, c.Name, r)
	if !found {
		return check.Failed(fmt.Sprintf("library %q is never imported", c.Name))
	}
	line, _ := u.Position(imp.Start())
	return check.Passed(fmt.Sprintf("library %q referenced at line %d: %s", c.Name, line, clip(imp.Text(), 60)))
}
