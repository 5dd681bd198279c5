package doclint

// Rustdoc in the lint profile: rustc's missing_docs lint, on a tree-sitter
// tree. An item is reachable when it is `pub` and so is every inline
// module around it (rustc's effective visibility, as far as one file
// shows it); its documentation is any outer doc comment or #[doc]
// attribute among the comments and attributes directly before it.
// Ordinary comments are never findings.

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

var rustdocStyle = &Style{
	Style: "rustdoc", Title: "Rustdoc", Lang: lang.Rust, Peer: "rustc missing_docs",
	Doc: "Every Rust item reachable as public API has a doc comment. As rustc's `missing_docs` lint reads it: items declared " +
		"`pub` (not `pub(crate)`, `pub(super)` or `pub(in ...)`) outside functions and inside `pub` inline modules only — " +
		"functions, structs, enums, unions, traits, type aliases, constants, statics, modules and `#[macro_export]` macros — " +
		"and, of those, the named `pub` fields of structs and unions, the variants of enums and their named fields, all items " +
		"of traits, the `pub` items of inherent `impl` blocks (not of trait impls, and not of types this file declares " +
		"private) and the `pub` items of `extern` blocks. Documentation is a `///` or `/** */` comment or a `#[doc = ...]` " +
		"attribute before the item (attributes may stand between); an inline module may instead open with `//!` or " +
		"`#![doc = ...]`. `#[doc(hidden)]` counts as documented and hides what is inside; `#[allow(missing_docs)]` (or " +
		"`expect`) silences an item and what it holds, `#![allow(missing_docs)]` a module or the file. Ordinary `//` and " +
		"`/* */` comments are never findings, wherever they are. Not checked: files of Cargo's `tests`, `benches` and " +
		"`examples` targets, `pub use` re-exports, `mod m;` declarations (their docs are the `//!` lines of the module's " +
		"own file) and the crate root's `//!` docs (one file does not say whether it is a crate root). One file does not " +
		"show the crate's module tree either: a `pub` item of a module file the crate does not export is checked all the " +
		"same (`pub(crate)` says what is meant).",
	decide: decideRustdoc,
}

// rustItemKinds names the items missing_docs checks.
var rustItemKinds = map[string]string{
	"function_item": "function", "function_signature_item": "function", "struct_item": "struct", "enum_item": "enum",
	"union_item": "union", "trait_item": "trait", "type_item": "type alias", "const_item": "constant",
	"static_item": "static", "mod_item": "module", "macro_definition": "macro", "associated_type": "associated type",
	"field_declaration": "field", "enum_variant": "variant",
}

type rustWalker struct {
	m       *work.Meter // charged per child of each container walked
	issues  []Issue
	checked int
	// impls holds the findings in inherent impls by self type, kept
	// unless the file declares that type without `pub`.
	impls    map[string][]Issue
	implN    map[string]int
	implType string          // the self type of the impl being walked
	declared map[string]bool // type names declared here: true when one is pub
}

func decideRustdoc(u *check.Unit, root syntax.Node) ([]Issue, int, string) {
	for _, part := range strings.Split(strings.ReplaceAll(u.Path, `\`, "/"), "/") {
		if part == "tests" || part == "benches" || part == "examples" {
			return nil, 0, "a file of Cargo's tests, benches or examples targets is not library API, so Rustdoc does not check it"
		}
	}
	if rustAllowsMissingDocs(root) {
		return nil, 0, "the file allows missing docs (#![allow(missing_docs)])"
	}
	w := &rustWalker{impls: map[string][]Issue{}, implN: map[string]int{}, declared: map[string]bool{}, m: work.Of(u)}
	w.items(root, "module", false)
	for t, is := range w.impls {
		if pub, ok := w.declared[t]; !ok || pub {
			w.issues = append(w.issues, is...)
			w.checked += w.implN[t]
		}
	}
	return w.issues, w.checked, ""
}

// rustPrelude is what stands before an item: its outer doc comments and
// attributes.
type rustPrelude struct {
	// start is where the attributes and comments directly before the
	// item begin (no blank line between them and it); -1 if none.
	start, last    int
	doc, hidden    bool
	allowed        bool // #[allow(missing_docs)] or #[expect(missing_docs)]
	macroExport    bool
	docStart, docE int
}

func (p *rustPrelude) add(c syntax.Node) {
	if c.Field("inner").Valid() {
		p.start = -1 // //! documents the enclosing module, not what follows
		return
	}
	if p.start < 0 || row(c) > p.last+1 {
		p.start = c.Start()
	}
	p.last = rustLastRow(c)
	switch c.Type() {
	case "line_comment", "block_comment":
		if c.Field("outer").Valid() {
			p.doc = true
			if p.docE == 0 {
				p.docStart = c.Start()
			}
			p.docE = c.End()
		}
	case "attribute_item":
		a := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(c.Text(), "#["), "]"))
		switch {
		case rustDocAttr(a):
			p.doc = true
			p.hidden = p.hidden || strings.HasPrefix(a, "doc") && strings.Contains(a, "hidden")
		case strings.HasPrefix(a, "cfg_attr") && strings.Contains(a, "doc"):
			p.doc = true // documented under some configuration
		case a == "macro_export" || strings.HasPrefix(a, "macro_export("):
			p.macroExport = true
		}
		p.allowed = p.allowed || rustAllowAttr(a)
	}
}

// rustAllowAttr reports an attribute (without #[ ]) that allows the
// missing_docs lint: allow(...) or expect(...) naming it, also inside
// cfg_attr.
func rustAllowAttr(a string) bool {
	if !strings.Contains(a, "missing_docs") {
		return false
	}
	for _, p := range []string{"allow", "expect", "cfg_attr"} {
		if rest, ok := strings.CutPrefix(a, p); ok && strings.HasPrefix(strings.TrimSpace(rest), "(") {
			return p != "cfg_attr" || strings.Contains(a, "allow(") || strings.Contains(a, "expect(")
		}
	}
	return false
}

// rustAllowsMissingDocs reports an inner #![allow(missing_docs)] among a
// file's or module's first items.
func rustAllowsMissingDocs(body syntax.Node) bool {
	found := false
	eachChild(body, func(c syntax.Node) {
		if c.Type() == "inner_attribute_item" {
			a := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(c.Text(), "#!["), "]"))
			found = found || rustAllowAttr(a)
		}
	})
	return found
}

// rustLastRow is the last line a node covers; a line comment's node
// includes its line break.
func rustLastRow(n syntax.Node) int {
	e := n.EndPoint()
	if e.Col == 0 && e.Row > row(n) {
		return e.Row - 1
	}
	return e.Row
}

// rustDocAttr reports #[doc = ...] and #[doc(hidden)] (rustc's has_doc;
// other doc(...) options such as alias or inline document nothing).
func rustDocAttr(a string) bool {
	rest, ok := strings.CutPrefix(a, "doc")
	if !ok {
		return false
	}
	rest = strings.TrimSpace(rest)
	return strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "(") && strings.Contains(rest, "hidden")
}

func pubVisible(item syntax.Node) bool {
	vis := false
	eachChild(item, func(c syntax.Node) {
		if c.Type() == "visibility_modifier" && c.Text() == "pub" {
			vis = true
		}
	})
	return vis
}

// items walks the items of a module, trait, impl, extern block or
// struct/enum body. in is the container kind; all says whether its items
// are public without a `pub` of their own (trait items, enum variants).
func (w *rustWalker) items(container syntax.Node, in string, all bool) {
	w.m.Add(1 + container.ChildCount())
	pre := rustPrelude{start: -1}
	eachChild(container, func(c syntax.Node) {
		switch t := c.Type(); t {
		case "line_comment", "block_comment", "attribute_item":
			pre.add(c)
			return
		case "inner_attribute_item", ",", "{", "}", ";", "(", ")":
			return
		default:
			w.item(c, pre, in, all)
		}
		pre = rustPrelude{start: -1}
	})
}

func (w *rustWalker) item(c syntax.Node, pre rustPrelude, in string, all bool) {
	t := c.Type()
	switch t {
	case "struct_item", "enum_item", "union_item", "type_item", "trait_item":
		if name := c.Field("name").Text(); name != "" {
			w.declared[name] = w.declared[name] || pubVisible(c)
		}
	}
	kind := rustItemKinds[t]
	if t == "impl_item" {
		if !c.Field("trait").Valid() {
			w.impl(c)
		}
		return
	}
	if t == "foreign_mod_item" {
		if body := c.Field("body"); body.Valid() {
			w.items(body, "extern", false)
		}
		return
	}
	if kind == "" {
		return
	}
	public := all || pubVisible(c) || t == "macro_definition" && pre.macroExport
	if t == "field_declaration" && !c.Field("name").Valid() {
		public = false // a positional field
	}
	if !public {
		return
	}
	body := c.Field("body")
	if t == "mod_item" && !body.Valid() {
		return // `mod m;`: its docs are the module file's //! lines
	}
	if pre.allowed || t == "mod_item" && rustAllowsMissingDocs(body) {
		return // the lint is allowed for the item and what it holds
	}
	if !pre.hidden {
		documented := pre.doc || t == "mod_item" && rustInnerDoc(body)
		if in == "impl" || in == "trait" {
			if kind == "function" {
				kind = "method"
			}
		}
		w.check(c, pre, kind, documented, in)
	}
	if pre.hidden {
		return
	}
	switch t {
	case "mod_item":
		w.items(body, "module", false)
	case "trait_item":
		w.items(body, "trait", true)
	case "struct_item", "union_item":
		if body.Type() == "field_declaration_list" {
			w.items(body, "struct", false)
		}
	case "enum_item":
		w.items(body, "enum", true)
	case "enum_variant":
		if body.Type() == "field_declaration_list" {
			w.items(body, "variant", true)
		}
	}
}

func (w *rustWalker) check(c syntax.Node, pre rustPrelude, kind string, documented bool, in string) {
	name, at := nameOr(c)
	outer := c.Start()
	if pre.start >= 0 && row(c) <= pre.last+1 {
		outer = pre.start
	}
	issue := issueAt(at, Missing, kind, name, outer, fmt.Sprintf("public %s %s has no doc comment (///)", kind, name))
	if documented {
		issue = Issue{}
	}
	if in == "impl" {
		w.implN[w.implType]++
		if issue.Problem != "" {
			w.impls[w.implType] = append(w.impls[w.implType], issue)
		}
		return
	}
	w.checked++
	if issue.Problem != "" {
		w.issues = append(w.issues, issue)
	}
}

// impl walks an inherent impl: its `pub` items are public API when its
// self type is.
func (w *rustWalker) impl(c syntax.Node) {
	t := c.Field("type")
	switch t.Type() {
	case "generic_type":
		t = t.Field("type")
	case "scoped_type_identifier":
		t = t.Field("name")
	}
	body := c.Field("body")
	if !body.Valid() || t.Type() != "type_identifier" {
		return
	}
	prev := w.implType
	w.implType = t.Text()
	w.items(body, "impl", false)
	w.implType = prev
}

// rustInnerDoc reports an inline module whose body opens with //! or
// #![doc = ...].
func rustInnerDoc(body syntax.Node) bool {
	found, done := false, false
	eachChild(body, func(c syntax.Node) {
		if done {
			return
		}
		switch c.Type() {
		case "{":
		case "line_comment", "block_comment":
			found = found || c.Field("inner").Valid()
		case "inner_attribute_item":
			a := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(c.Text(), "#!["), "]"))
			found = found || rustDocAttr(a)
		default:
			done = true
		}
	})
	return found
}
