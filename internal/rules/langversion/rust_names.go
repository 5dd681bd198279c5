package langversion

// The names a Rust file brings into scope itself (its items and use
// imports): a path, macro, derive or attribute starting at one of them
// needs no crate rustc lacks.

import (
	"github.com/iflint/iflint/internal/syntax"
)

// rustDeclQuery captures the nodes rustDeclaredNamesIn reads.
const rustDeclQuery = `[(mod_item) (struct_item) (enum_item) (trait_item) (function_item) (type_item)
 (const_item) (static_item) (union_item) (macro_definition) (function_signature_item) (use_as_clause)
 (use_declaration)] @decl`

// rustDeclaredNamesIn collects the names the file itself brings into
// scope, from the rustDeclQuery captures: items (modules, types,
// functions, macro_rules, ...) and use imports.
func rustDeclaredNamesIn(nodes []syntax.Node) (items, imports map[string]bool) {
	items, imports = map[string]bool{}, map[string]bool{}
	for _, n := range nodes {
		switch n.Type() {
		case "mod_item", "struct_item", "enum_item", "trait_item", "function_item", "type_item",
			"const_item", "static_item", "union_item", "macro_definition", "function_signature_item":
			if name := n.Field("name"); name.Valid() {
				items[name.Text()] = true
			}
		case "use_as_clause":
			if a := n.Field("alias"); a.Valid() {
				imports[a.Text()] = true
			}
		case "use_declaration":
			rustUseNames(n, imports)
		}
	}
	return items, imports
}

func rustUseNames(n syntax.Node, known map[string]bool) {
	var arg syntax.Node
	switch n.Type() {
	case "use_declaration":
		arg = n.Field("argument")
	case "use_list":
		for i := 0; i < n.NamedChildCount(); i++ {
			rustUseLeaf(n.NamedChild(i), known)
		}
		return
	default:
		return
	}
	rustUseLeaf(arg, known)
}

func rustUseLeaf(x syntax.Node, known map[string]bool) {
	if !x.Valid() {
		return
	}
	switch x.Type() {
	case "identifier":
		known[x.Text()] = true
	case "scoped_identifier":
		if name := x.Field("name"); name.Valid() {
			if name.Text() == "self" {
				if p := x.Field("path"); p.Valid() {
					rustUseLeaf(p, known)
				}
				return
			}
			known[name.Text()] = true
		}
	case "scoped_use_list":
		if l := x.Field("list"); l.Valid() {
			for i := 0; i < l.NamedChildCount(); i++ {
				c := l.NamedChild(i)
				if c.Type() == "self" {
					if p := x.Field("path"); p.Valid() {
						rustUseLeaf(p, known)
					}
					continue
				}
				rustUseLeaf(c, known)
			}
		}
	}
}
