package doclint

// Rustdoc in the lint profile: rustc's missing_docs lint, on a tree-sitter
// tree. An item is reachable when it is `pub` and so is every inline
// module around it (rustc's effective visibility, as far as one file
// shows it); its documentation is any outer doc comment or #[doc]
// attribute among the comments and attributes directly before it.
// Ordinary comments are never findings.

import (
	"fmt"
	"path"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rustcrate"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

var rustdocStyle = &Style{
	Style: "rustdoc", Title: "Rustdoc", Lang: lang.Rust, Peer: "rustc missing_docs",
	Doc: "Every Rust item reachable as public API has a doc comment. As rustc's `missing_docs` lint reads it, on the crate's " +
		"module tree read across its files (crate roots as Cargo builds them: `src/lib.rs` or Cargo.toml's `[lib] path`, " +
		"`src/main.rs`, `[[bin]]` paths, each file of `src/bin`; `mod m;` found as `m.rs`, `m/mod.rs` or its `#[path]`, " +
		"also inside `cfg_if!`): items whose effective visibility is public — declared `pub` (not `pub(crate)`, `pub(super)` " +
		"or `pub(in ...)`) in a chain of `pub` modules from the crate root, or re-exported by a reachable `pub use` (a " +
		"rename, a glob `pub use m::*`, through other imports) — of these kinds: functions, structs, enums, unions, traits, " +
		"type aliases, constants, statics, modules (`mod m;` too, documented by `///` on it or `//!` in its file) and " +
		"`#[macro_export]` macros; of those, the named `pub` fields of structs and unions, the variants of enums and their " +
		"named fields, all items of traits, the `pub` items of inherent `impl` blocks whose self type is public API (not of " +
		"trait impls) and the `pub` items of `extern` blocks; and each crate root's own `//!` docs. Documentation is a `///` " +
		"or `/** */` comment or a `#[doc = ...]` attribute before the item (attributes may stand between); a module may " +
		"instead open with `//!` or `#![doc = ...]`. `#[doc(hidden)]` counts as documented and hides what is inside; " +
		"`#[allow(missing_docs)]` or `#[allow(warnings)]` (or `expect`) silences an item and what it holds, `#![allow(missing_docs)]` a module or " +
		"the file, also from the declaration of a module above the file; `#[cfg(test)]` items and modules are not in the " +
		"build, nor are `#[cfg(any())]` ones. Ordinary `//` and `/* */` comments are never findings, wherever they are. Not checked: files of Cargo's " +
		"`tests`, `benches` and `examples` targets, build scripts (`build.rs`) and `pub use` re-exports themselves. A file " +
		"no crate root reaches (a module declared by another macro, or by no one), or checked without its repository, is " +
		"read alone: its `pub` items inside `pub` inline modules are taken for API, `mod m;` and the crate's `//!` are " +
		"not checked, and an inherent impl's items count unless the file declares its type private.",
	decide: decideRustdoc,
	reads:  func(u *check.Unit) string { return rustcrate.For(u.Repo, u.Path).Digest },
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
	// crate is what the file's crate exports of it, when the crate's
	// module tree is known (crate.Known); mod is the inline module being
	// walked ("a/b"). Without it, an item is public when it and every
	// inline module around it are `pub`, as far as one file shows.
	crate rustcrate.View
	mod   string
	// implExported decides the impl being walked from the crate: its
	// self type resolved and exported (implKnown false: not resolved).
	implExported, implKnown bool
}

func decideRustdoc(u *check.Unit, root syntax.Node) ([]Issue, int, string) {
	for _, part := range strings.Split(strings.ReplaceAll(u.Path, `\`, "/"), "/") {
		if part == "tests" || part == "benches" || part == "examples" {
			return nil, 0, "a file of Cargo's tests, benches or examples targets is not library API, so Rustdoc does not check it"
		}
	}
	if path.Base(u.Path) == "build.rs" {
		return nil, 0, "a Cargo build script (build.rs) is not library API, so Rustdoc does not check it"
	}
	if rustAllowsMissingDocs(root) {
		return nil, 0, "the file allows missing docs (#![allow(missing_docs)] or #![allow(warnings)])"
	}
	w := &rustWalker{impls: map[string][]Issue{}, implN: map[string]int{}, declared: map[string]bool{}, m: work.Of(u)}
	if u.Repo != nil {
		w.crate = rustcrate.For(u.Repo, u.Path)
	}
	if w.crate.Known {
		if w.crate.Silenced() {
			return nil, 0, "the crate allows missing docs in this module (#[allow(missing_docs)], #[doc(hidden)] or #[cfg(test)] on a module declaration above it)"
		}
		if w.crate.Root {
			w.crateDoc(root)
		}
	}
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
	cfgOff         bool // #[cfg(test)] or #[cfg(any())]: not in a build (without --test)
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
		case rustcrate.DocAttr(a):
			p.doc = true
			p.hidden = p.hidden || strings.HasPrefix(a, "doc") && strings.Contains(a, "hidden")
		case strings.HasPrefix(a, "cfg_attr") && strings.Contains(a, "doc"):
			p.doc = true // documented under some configuration
		case a == "macro_export" || strings.HasPrefix(a, "macro_export("):
			p.macroExport = true
		case rustcrate.CfgOff(a):
			p.cfgOff = true
		}
		p.allowed = p.allowed || rustcrate.AllowAttr(a)
	}
}

// rustAllowsMissingDocs reports an inner #![allow(missing_docs)] among a
// file's or module's first items.
func rustAllowsMissingDocs(body syntax.Node) bool {
	found := false
	eachChild(body, func(c syntax.Node) {
		if c.Type() == "inner_attribute_item" {
			a := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(c.Text(), "#!["), "]"))
			found = found || rustcrate.AllowAttr(a)
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
	if pre.cfgOff {
		return // rustc without --test never sees it
	}
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
	body := c.Field("body")
	if w.crate.Known && in == "module" && t != "macro_definition" {
		// A `pub` item is API when the crate exports it; a private inline
		// module is walked all the same, as a `pub use` may reach into it.
		public = public && w.crate.ItemExported(w.mod, c.Field("name").Text())
		if !public && t == "mod_item" && body.Valid() && !pre.allowed && !pre.hidden && !rustAllowsMissingDocs(body) {
			w.inModule(c.Field("name").Text(), body)
		}
	}
	if !public {
		return
	}
	fileDoc := false
	if t == "mod_item" && !body.Valid() {
		found := false
		if w.crate.Known {
			fileDoc, found = w.crate.ModFileDoc(w.mod, c.Field("name").Text())
		}
		if !found {
			return // `mod m;` of no file read: its docs may be the module file's //! lines
		}
	}
	if pre.allowed || t == "mod_item" && body.Valid() && rustAllowsMissingDocs(body) {
		return // the lint is allowed for the item and what it holds
	}
	if !pre.hidden {
		documented := pre.doc || fileDoc || t == "mod_item" && body.Valid() && rustInnerDoc(body)
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
		if body.Valid() {
			w.inModule(c.Field("name").Text(), body)
		}
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
	if in == "impl" && w.implKnown {
		if w.implExported {
			w.checked++
			if issue.Problem != "" {
				w.issues = append(w.issues, issue)
			}
		}
		return
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
	prev, prevE, prevK := w.implType, w.implExported, w.implKnown
	w.implType = t.Text()
	w.implExported, w.implKnown = false, false
	if w.crate.Known {
		w.implExported, w.implKnown = w.crate.TypeExported(w.mod, rustTypePath(c.Field("type")))
	}
	w.items(body, "impl", false)
	w.implType, w.implExported, w.implKnown = prev, prevE, prevK
}

// inModule walks an inline module's items with the module's path.
func (w *rustWalker) inModule(name string, body syntax.Node) {
	prev := w.mod
	w.mod = path.Join(w.mod, name)
	w.items(body, "module", false)
	w.mod = prev
}

// crateDoc checks a crate root's own documentation: its //! lines or
// #![doc = ...], as rustc's "missing documentation for the crate".
func (w *rustWalker) crateDoc(root syntax.Node) {
	w.checked++
	if rustInnerDoc(root) {
		return
	}
	issue := issueAt(root, Missing, "crate", "", 0, "the crate has no doc comment (//! at the top of its root file)")
	issue.End = 0
	w.issues = append(w.issues, issue)
}

// rustTypePath is the path an impl's self type is written with:
// `Foo<T>` is [Foo], `crate::a::Foo` [crate a Foo].
func rustTypePath(t syntax.Node) []string {
	if t.Type() == "generic_type" {
		t = t.Field("type")
	}
	switch t.Type() {
	case "type_identifier":
		return []string{t.Text()}
	case "scoped_type_identifier":
		return append(rustPathOf(t.Field("path")), t.Field("name").Text())
	}
	return nil
}

func rustPathOf(n syntax.Node) []string {
	switch n.Type() {
	case "scoped_identifier":
		return append(rustPathOf(n.Field("path")), n.Field("name").Text())
	case "":
		return nil
	}
	return []string{n.Text()}
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
			found = found || rustcrate.DocAttr(a)
		default:
			done = true
		}
	})
	return found
}
