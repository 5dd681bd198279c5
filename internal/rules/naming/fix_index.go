package naming

// The rename fix's index of a file: every identifier leaf by spelling,
// and the declarations the lint profile's model found, by spelling.

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// fileNames indexes the identifier leaves of one file by spelling.
type fileNames struct {
	src []byte
	id  lang.ID
	// byName lists each spelling's identifier leaves in source order.
	byName map[string][]syntax.Node
	// decls are the file's declarations by spelling, from the rule's
	// model (lint profile); nil means "find bindings syntactically".
	decls map[string][]Declaration
	// exports is true when the file declares a module interface (JS
	// export, Python __all__), which makes its file-level names API.
	exports bool
	// unit is the file when its declarations can be resolved (see
	// resolve.go); scoped holds the scope-true edits plan chose, by name.
	unit   *check.Unit
	scoped map[string]check.Edits
}

// newFileNames indexes the file under root. The identifier leaves and
// export statements are found by a query listing their node types,
// which runs in one pass in C: the index is built for every file with
// findings while `iflint check` runs, and a Go callback per node would
// cost that run a tenth of its parsing time.
func newFileNames(src []byte, id lang.ID, root syntax.Node) (*fileNames, error) {
	q, err := identQuery(id)
	if err != nil {
		return nil, err
	}
	f := &fileNames{src: src, id: id, byName: map[string][]syntax.Node{}}
	for _, c := range q.Captures(root) {
		switch {
		case c.Name == "export":
			f.exports = true
		case c.Node.ChildCount() == 0:
			name := c.Node.Text()
			f.byName[name] = append(f.byName[name], c.Node)
		}
	}
	switch id {
	case lang.Python:
		f.exports = len(f.byName["__all__"]) > 0
	case lang.JavaScript, lang.TypeScript:
		f.exports = f.exports || len(f.byName["exports"]) > 0
	}
	return f, nil
}

var identPatterns sync.Map // lang.ID → string

// identQuery lists, for id's grammar, the named node types isIdentType
// accepts (captured @ident) and export_statement (@export).
func identQuery(id lang.ID) (*syntax.Query, error) {
	if p, ok := identPatterns.Load(id); ok {
		return syntax.CompileQuery(id, p.(string))
	}
	types, err := syntax.NamedTypes(id)
	if err != nil {
		return nil, err
	}
	var items []string
	for _, t := range types {
		if isIdentType(t) {
			items = append(items, "("+t+")")
		}
	}
	var pattern []string
	if len(items) > 0 {
		pattern = append(pattern, "["+strings.Join(items, " ")+"] @ident")
	}
	if slices.Contains(types, "export_statement") {
		pattern = append(pattern, "(export_statement) @export")
	}
	if len(pattern) == 0 {
		return nil, fmt.Errorf("the %s grammar has no identifier node types", id)
	}
	p := strings.Join(pattern, "\n")
	identPatterns.Store(id, p)
	return syntax.CompileQuery(id, p)
}

func (f *fileNames) setDeclarations(ds []Declaration) {
	f.decls = map[string][]Declaration{}
	for _, d := range ds {
		f.decls[d.Name] = append(f.decls[d.Name], d)
	}
}

// nodeAt returns the identifier leaf of spelling name starting at off.
func (f *fileNames) nodeAt(name string, off int) (syntax.Node, bool) {
	occ := f.byName[name]
	i := sort.Search(len(occ), func(i int) bool { return occ[i].Start() >= off })
	if i < len(occ) && occ[i].Start() == off {
		return occ[i], true
	}
	return syntax.Node{}, false
}

// identAt reports whether an identifier leaf spelled name starts at
// offset at: a finding elsewhere (in a string, a comment, a keyword) has
// nothing the rename could edit.
func (f *fileNames) identAt(name string, at int) bool {
	_, ok := f.nodeAt(name, at)
	return ok
}

func notIdentifier(name string) string {
	return fmt.Sprintf("%q at this position is not an identifier in code (a string, comment or keyword); only identifiers are renamed", name)
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
	return n.ChildCount() == 0 && n.IsNamed() && isIdentType(n.Type())
}

func isIdentType(t string) bool {
	return strings.HasSuffix(t, "identifier") || strings.HasSuffix(t, "identifier_pattern") ||
		t == "name" || t == "variable" || t == "constructor"
}

// IsIdentifier reports whether n is an identifier leaf as the rename fix
// edits them (see isIdentLeaf). internal/verify's safety stage reads it,
// so that its proof that a rename is safe agrees with what the fix edits.
func IsIdentifier(n syntax.Node) bool { return isIdentLeaf(n) }
