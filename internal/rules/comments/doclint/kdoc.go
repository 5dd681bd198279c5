package doclint

// KDoc in the lint profile: detekt's UndocumentedPublicClass and
// UndocumentedPublicFunction with their default options, on a
// tree-sitter tree. A declaration is public without a visibility
// modifier or with `public`, and counts only when every class, object
// and companion around it is public too (detekt's isPublicInherited). A
// declaration's KDoc is the last `/** */` comment among the comments
// directly before it (only blank space between): tree-sitter's Kotlin
// grammar hangs a comment on whatever node ends before it, so comments
// are found by position, not by sibling.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

var kdocStyle = &Style{
	Style: "kotlindoc", Title: "KDoc", Lang: lang.Kotlin, Peer: "detekt UndocumentedPublicClass and UndocumentedPublicFunction",
	Doc: "Public Kotlin classes, interfaces, objects and functions have a KDoc comment. " +
		"As detekt's UndocumentedPublicClass and UndocumentedPublicFunction read it with their default options: " +
		"classes (enum, data, sealed and annotation classes included), interfaces, objects and companion objects (an " +
		"unnamed one too), at the top level or nested or inner in other classes and objects, and the functions declared " +
		"at the top level or in their bodies, need a KDoc when they are public (no visibility modifier, or `public`) and " +
		"every class, object and companion around them is public: the last `/** */` comment before the declaration " +
		"(its annotations and modifiers included), with only comments and blank space between. Exempt: `override` " +
		"functions; anything `private`, `internal` or `protected`, or inside such a class; enum entries; local " +
		"declarations inside function bodies and anonymous objects; properties and constructors (detekt's " +
		"UndocumentedPublicProperty is not modelled).",
	decide: decideKDoc,
}

var kotlinClassDecls = map[string]bool{"class_declaration": true, "object_declaration": true, "companion_object": true}

type kotlinWalker struct {
	m        *work.Meter // charged per child of each container walked
	src      []byte
	comments []syntax.Node // every comment, in source order
	issues   []Issue
	checked  int
}

func decideKDoc(u *check.Unit, root syntax.Node) ([]Issue, int, string) {
	w := &kotlinWalker{src: u.Src, m: work.Of(u)}
	for _, c := range syntax.MustQuery(lang.Kotlin, "[(multiline_comment) (line_comment)] @c").Captures(root) {
		w.comments = append(w.comments, c.Node)
	}
	w.body(root)
	return w.issues, w.checked, ""
}

// body checks the declarations directly in container (a file, class or
// object body), all of whose enclosing classes are public.
func (w *kotlinWalker) body(container syntax.Node) {
	w.m.Add(1 + container.ChildCount())
	eachChild(container, func(c syntax.Node) {
		switch t := c.Type(); {
		case kotlinClassDecls[t]:
			w.classDecl(c)
		case t == "function_declaration":
			if kotlinPublic(c) && !kotlinModifier(c, "member_modifier", "override") {
				w.require(c, "function")
			}
		case t == "enum_entry":
			// An entry is not reported, but functions in its body are
			// members of a public class.
			if b := kotlinChild(c, "class_body"); b.Valid() {
				w.body(b)
			}
		}
	})
}

func (w *kotlinWalker) classDecl(d syntax.Node) {
	if !kotlinPublic(d) {
		return // neither it nor anything inside it is public API
	}
	w.require(d, kotlinKind(d))
	for _, body := range []string{"class_body", "enum_class_body"} {
		if b := kotlinChild(d, body); b.Valid() {
			w.body(b)
		}
	}
}

// require counts a declaration that needs a KDoc and reports it when it
// has none.
func (w *kotlinWalker) require(d syntax.Node, kind string) {
	w.checked++
	if w.kdocBefore(d.Start()).Valid() {
		return
	}
	name, at := kotlinName(d)
	if name == "" && d.Type() == "companion_object" {
		// Kotlin names an unnamed companion Companion; report at its
		// keyword, not across its body.
		name = "Companion"
		eachChild(d, func(c syntax.Node) {
			if c.Type() == "companion" {
				at = c
			}
		})
	}
	w.issues = append(w.issues, issueAt(at, Missing, kind, name, d.Start(), fmt.Sprintf("public %s %s has no KDoc comment", kind, name)))
}

// kdocBefore is the last KDoc among the comments that directly precede
// off, with only blank space between them and off.
func (w *kotlinWalker) kdocBefore(off int) syntax.Node {
	i := sort.Search(len(w.comments), func(i int) bool { return w.comments[i].End() > off })
	var doc syntax.Node
	for end := off; i > 0; i-- {
		c := w.comments[i-1]
		if strings.TrimSpace(string(w.src[c.End():end])) != "" {
			break
		}
		if !doc.Valid() && isKDoc(c) {
			doc = c
		}
		end = c.Start()
	}
	return doc
}

func isKDoc(c syntax.Node) bool {
	t := c.Text()
	return c.Type() == "multiline_comment" && strings.HasPrefix(t, "/**") && t != "/**/"
}

// kotlinPublic reports whether a declaration has no visibility modifier
// or `public`.
func kotlinPublic(d syntax.Node) bool {
	vis := ""
	if m := kotlinChild(d, "modifiers"); m.Valid() {
		eachChild(m, func(c syntax.Node) {
			if c.Type() == "visibility_modifier" {
				vis = strings.TrimSpace(c.Text())
			}
		})
	}
	return vis == "" || vis == "public"
}

// kotlinModifier reports whether d's modifiers hold a modifier of type
// typ spelt text.
func kotlinModifier(d syntax.Node, typ, text string) bool {
	found := false
	if m := kotlinChild(d, "modifiers"); m.Valid() {
		eachChild(m, func(c syntax.Node) {
			if c.Type() == typ && strings.TrimSpace(c.Text()) == text {
				found = true
			}
		})
	}
	return found
}

// kotlinKind names a class-like declaration as its keywords do.
func kotlinKind(d syntax.Node) string {
	switch d.Type() {
	case "object_declaration":
		return "object"
	case "companion_object":
		return "companion object"
	}
	kind := "class"
	eachChild(d, func(c syntax.Node) {
		if c.IsNamed() {
			return
		}
		switch c.Type() {
		case "interface":
			kind = "interface"
		case "enum":
			kind = "enum class"
		}
	})
	return kind
}

// kotlinName is a declaration's name and the node to report at (the
// declaration itself when it has no name, as an unnamed companion).
func kotlinName(d syntax.Node) (string, syntax.Node) {
	want := "type_identifier"
	if d.Type() == "function_declaration" {
		want = "simple_identifier"
	}
	if n := kotlinChild(d, want); n.Valid() {
		return n.Text(), n
	}
	return "", d
}

// kotlinChild is d's first direct child of type typ (the Kotlin grammar
// names no fields).
func kotlinChild(d syntax.Node, typ string) syntax.Node {
	var out syntax.Node
	eachChild(d, func(c syntax.Node) {
		if !out.Valid() && c.Type() == typ {
			out = c
		}
	})
	return out
}
