package naming

// The rename fix's index of a file: every identifier leaf by spelling,
// and the declarations the lint profile's model found, by spelling.

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// fileNames indexes the identifier leaves of one file by spelling.
type fileNames struct {
	src    []byte
	id     lang.ID
	byName map[string][]syntax.Node
	// sites holds every identifier leaf's spelling and start, so that
	// each finding's position is checked in constant time.
	sites map[site]bool
	// decls are the file's declarations by spelling, from the rule's
	// model (lint profile); nil means "find bindings syntactically".
	decls map[string][]Declaration
	// exports is true when the file declares a module interface (JS
	// export, Python __all__), which makes its file-level names API.
	exports bool
}

func newFileNames(src []byte, id lang.ID, root syntax.Node) *fileNames {
	f := &fileNames{src: src, id: id, byName: map[string][]syntax.Node{}, sites: map[site]bool{}}
	root.Walk(func(n syntax.Node) bool {
		switch t := n.Type(); {
		case t == "export_statement":
			f.exports = true
		case isIdentLeaf(n):
			name := n.Text()
			f.byName[name] = append(f.byName[name], n)
			f.sites[site{name, n.Start()}] = true
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

func (f *fileNames) setDeclarations(ds []Declaration) {
	f.decls = map[string][]Declaration{}
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

// site is an identifier leaf's spelling and start.
type site struct {
	name  string
	start int
}

// identAt reports whether an identifier leaf spelled name starts at
// offset at: a finding elsewhere (in a string, a comment, a keyword) has
// nothing the rename could edit.
func (f *fileNames) identAt(name string, at int) bool { return f.sites[site{name, at}] }

func notIdentifier(name string) string {
	return fmt.Sprintf("%q at this position is not an identifier in code (a string, comment or keyword); only identifiers are renamed", name)
}

// IsIdentifier reports whether n is an identifier leaf as the rename fix
// edits them (see isIdentLeaf). internal/verify's safety stage reads it,
// so that its proof that a rename is safe agrees with what the fix edits.
func IsIdentifier(n syntax.Node) bool { return isIdentLeaf(n) }
