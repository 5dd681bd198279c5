// Package rustcrate reads a Rust crate's module tree across its files, as
// rustc resolves it, to say which items are public API: rustc's
// `missing_docs` lint reports an item only when its effective visibility
// is public, that is when it is `pub` in a chain of `pub` modules from
// the crate root or re-exported by a `pub use` (a glob or a rename too)
// that is itself reachable. One file cannot show that: a `pub fn` of a
// private module is API when lib.rs re-exports it and not otherwise.
//
// The reading is syntactic (tree-sitter's tree of each file of the
// crate): `mod m;` is found as m.rs or m/mod.rs beside its parent (or at
// its `#[path]`), `use` paths are resolved through modules, items and
// other imports, and crate roots are those Cargo builds (lib.rs, main.rs,
// each file of src/bin, the paths Cargo.toml names). What it cannot see
// (modules declared by macros other than cfg_if!'s blocks, items a build
// script generates) leaves a file out of every crate, and the rule reads
// such a file alone.
package rustcrate

import (
	"strings"

	"github.com/iflint/iflint/internal/syntax"
)

// module is one module of a crate as its source declares it: an inline
// `mod m { ... }` or a file's top level.
type module struct {
	name     string
	pub      bool // declared exactly `pub`
	outerDoc bool // `///` or #[doc] on its `mod` declaration
	innerDoc bool // `//!` or #![doc] opening it
	// silenced: #[allow(missing_docs)] or #[doc(hidden)] on its
	// declaration, or #![allow(missing_docs)] inside; the lint reads
	// nothing in it.
	silenced bool
	// test: #[cfg(test)] on its declaration; a build without --test has
	// no such module.
	test bool
	// items maps each named item declared in the module to whether it is
	// declared exactly `pub`.
	items map[string]bool
	uses  []use
	mods  []*modDecl
}

// modDecl is a `mod` declaration: inline (body set) or in a file of its
// own (path, from #[path], may be set).
type modDecl struct {
	name     string
	pub      bool
	outerDoc bool
	silenced bool
	test     bool
	path     string // #[path = "..."], as written
	body     *module
}

// use is one path of a `use` declaration's tree: `use a::{b, c as d}`
// is two.
type use struct {
	pub  bool
	path []string // segments, `crate`, `self`, `super` and `::` (a leading ::) kept
	name string   // the name it binds ("" for a glob)
	glob bool
}

// readModule reads the items of a module body (a file's root or a
// declaration_list).
func readModule(body syntax.Node) *module {
	m := &module{items: map[string]bool{}}
	var attrs []syntax.Node
	first := true
	for _, c := range body.Children() {
		switch c.Type() {
		case "line_comment", "block_comment":
			if c.Field("inner").Valid() && first {
				m.innerDoc = true
			}
			if c.Field("outer").Valid() {
				attrs = append(attrs, c)
			}
			continue
		case "attribute_item":
			attrs = append(attrs, c)
			continue
		case "inner_attribute_item":
			if first && DocAttr(attrText(c)) {
				m.innerDoc = true
			}
			m.silenced = m.silenced || AllowAttr(attrText(c))
			continue
		case "{", "}", ";":
			continue
		}
		first = false
		m.item(c, attrs)
		attrs = nil
	}
	return m
}

func (m *module) item(c syntax.Node, attrs []syntax.Node) {
	pub := visibility(c) == "pub"
	switch c.Type() {
	case "mod_item":
		d := &modDecl{name: c.Field("name").Text(), pub: pub}
		for _, a := range attrs {
			switch a.Type() {
			case "line_comment", "block_comment":
				d.outerDoc = true
			default:
				t := attrText(a)
				d.outerDoc = d.outerDoc || DocAttr(t) || strings.HasPrefix(t, "cfg_attr") && strings.Contains(t, "doc")
				d.silenced = d.silenced || AllowAttr(t) || DocAttr(t) && strings.Contains(t, "hidden")
				d.test = d.test || CfgOff(t)
				if v, ok := strings.CutPrefix(t, "path"); ok {
					if v = strings.TrimSpace(v); strings.HasPrefix(v, "=") {
						d.path = strings.Trim(strings.TrimSpace(v[1:]), `"`)
					}
				}
			}
		}
		if body := c.Field("body"); body.Valid() {
			d.body = readModule(body)
			d.body.name, d.body.pub, d.body.outerDoc = d.name, pub, d.outerDoc
			d.body.silenced, d.body.test = d.body.silenced || d.silenced, d.test
		}
		m.mods = append(m.mods, d)
		m.items[d.name] = pub && !d.test
	case "use_declaration":
		m.useTree(c.Field("argument"), nil, pub)
	case "macro_invocation":
		m.macroBody(c)
	case "function_item", "function_signature_item", "struct_item", "enum_item", "union_item", "trait_item",
		"type_item", "const_item", "static_item":
		if name := c.Field("name").Text(); name != "" {
			m.items[name] = m.items[name] || pub
		}
	}
}

// macroBody reads `mod m;` and `pub use` declarations written inside a
// macro's token tree at item level, as cfg_if! { if #[cfg(..)] { mod
// unix; pub use unix::*; } } declares them: the tokens are flat there.
func (m *module) macroBody(c syntax.Node) {
	var toks []string
	var walk func(n syntax.Node)
	walk = func(n syntax.Node) {
		for _, k := range n.Children() {
			if k.Type() == "token_tree" {
				walk(k)
				toks = append(toks, ";") // a block's end ends a declaration
				continue
			}
			toks = append(toks, k.Text())
		}
	}
	if !strings.HasPrefix(c.Field("macro").Text(), "cfg_if") {
		return
	}
	walk(c)
	for i := 0; i < len(toks); i++ {
		pub := i > 0 && toks[i-1] == "pub"
		switch {
		case toks[i] == "mod" && i+2 < len(toks) && toks[i+2] == ";":
			d := &modDecl{name: toks[i+1], pub: pub}
			m.mods = append(m.mods, d)
			m.items[d.name] = m.items[d.name] || pub
		case toks[i] == "use":
			var path []string
			j := i + 1
			for ; j < len(toks) && toks[j] != ";" && toks[j] != "{" && toks[j] != "as"; j++ {
				if toks[j] != "::" {
					path = append(path, toks[j])
				}
			}
			if j < len(toks) && toks[j] == ";" && len(path) > 0 {
				u := use{pub: pub, path: path, name: path[len(path)-1]}
				if u.name == "*" {
					u.path, u.name, u.glob = path[:len(path)-1], "", true
				}
				m.uses = append(m.uses, u)
			}
		}
	}
}

// useTree flattens a use tree under the path prefix.
func (m *module) useTree(n syntax.Node, prefix []string, pub bool) {
	cp := func(extra ...string) []string { return append(append([]string(nil), prefix...), extra...) }
	switch n.Type() {
	case "identifier", "crate", "self", "super":
		p := cp(pathOf(n)...)
		name := p[len(p)-1]
		if name == "self" && len(p) > 1 { // use a::{self}
			p = p[:len(p)-1]
			name = p[len(p)-1]
		}
		m.uses = append(m.uses, use{pub: pub, path: p, name: name})
	case "scoped_identifier":
		p := cp(pathOf(n)...)
		m.uses = append(m.uses, use{pub: pub, path: p, name: p[len(p)-1]})
	case "use_as_clause":
		p := cp(pathOf(n.Field("path"))...)
		m.uses = append(m.uses, use{pub: pub, path: p, name: n.Field("alias").Text()})
	case "use_wildcard":
		var p []string
		for _, k := range n.Children() {
			if k.IsNamed() {
				p = pathOf(k)
			}
		}
		m.uses = append(m.uses, use{pub: pub, path: cp(p...), glob: true})
	case "scoped_use_list":
		p := prefix
		if path := n.Field("path"); path.Valid() {
			p = cp(pathOf(path)...)
		} else if n.Child(0).Type() == "::" {
			p = cp("::")
		}
		m.useTree(n.Field("list"), p, pub)
	case "use_list":
		for _, k := range n.Children() {
			if k.IsNamed() && k.Type() != "line_comment" && k.Type() != "block_comment" {
				m.useTree(k, prefix, pub)
			}
		}
	}
}

// pathOf is a path's segments: `crate::a::b` is [crate a b], `::x::y`
// is [:: x y].
func pathOf(n syntax.Node) []string {
	switch n.Type() {
	case "scoped_identifier", "scoped_type_identifier":
		path := n.Field("path")
		var head []string
		if path.Valid() {
			head = pathOf(path)
		} else if n.Child(0).Type() == "::" {
			head = []string{"::"}
		}
		return append(head, n.Field("name").Text())
	case "generic_type":
		return pathOf(n.Field("type"))
	case "":
		return nil
	}
	return []string{n.Text()}
}

// visibility is an item's visibility modifier as written, spaces out
// ("pub", "pub(crate)"), or "".
func visibility(item syntax.Node) string {
	for _, c := range item.Children() {
		if c.Type() == "visibility_modifier" {
			return strings.Join(strings.Fields(c.Text()), "")
		}
	}
	return ""
}

// attrText is an attribute without #[ ] or #![ ].
func attrText(a syntax.Node) string {
	t := strings.TrimPrefix(strings.TrimPrefix(a.Text(), "#"), "!")
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(t, "["), "]"))
}

// CfgOff reports an attribute (without #[ ]) that leaves its item out of
// a build without --test: cfg(test), or cfg(any()), which is never true.
func CfgOff(a string) bool {
	a = strings.ReplaceAll(a, " ", "")
	return a == "cfg(test)" || a == "cfg(any())"
}

// AllowAttr reports an attribute (without #[ ]) that allows rustc's
// missing_docs lint: allow(...) or expect(...) naming it or the
// `warnings` group (`#![allow(warnings)]` silences every warning), also
// inside cfg_attr.
func AllowAttr(a string) bool {
	if !strings.Contains(a, "missing_docs") && !strings.Contains(a, "warnings") {
		return false
	}
	for _, p := range []string{"allow", "expect", "cfg_attr"} {
		if rest, ok := strings.CutPrefix(a, p); ok && strings.HasPrefix(strings.TrimSpace(rest), "(") {
			return p != "cfg_attr" || strings.Contains(a, "allow(") || strings.Contains(a, "expect(")
		}
	}
	return false
}

// DocAttr reports #[doc = ...] and #[doc(hidden)] (without #[ ]), which
// document an item (rustc's has_doc); other doc(...) options such as
// alias or inline document nothing.
func DocAttr(a string) bool {
	rest, ok := strings.CutPrefix(a, "doc")
	if !ok {
		return false
	}
	rest = strings.TrimSpace(rest)
	return strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "(") && strings.Contains(rest, "hidden")
}
