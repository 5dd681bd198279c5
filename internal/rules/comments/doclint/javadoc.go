package doclint

// Javadoc in the lint profile: checkstyle's MissingJavadocType,
// MissingJavadocMethod and JavadocMethod with their default options, on a
// tree-sitter tree. Scopes follow checkstyle's ScopeUtil (explicit
// modifiers, else public in interfaces and annotations, private for enum
// constructors, package otherwise; a member is as visible as the least
// visible type around it), and a declaration's Javadoc is the one
// checkstyle attaches: the last /** */ comment before its name with only
// comments, annotations and modifiers after it.

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

var javadocStyle = &Style{
	Style: "javadoc", Title: "Javadoc", Lang: lang.Java, Peer: "checkstyle MissingJavadocType, MissingJavadocMethod and JavadocMethod",
	Doc: "Public Java API has a Javadoc comment, and every Javadoc comment of a method documents its parameters and result. " +
		"As checkstyle's MissingJavadocType and MissingJavadocMethod read it with their default options (scope public): " +
		"classes, interfaces, enums, records and annotation types, and their methods, constructors, compact constructors and " +
		"annotation elements, that are public and inside public types only (members of interfaces and annotation types are " +
		"implicitly public) need a Javadoc: the last `/** */` comment before the declaration's first annotation or modifier, " +
		"with only comments between (one after an annotation is not attached). Exempt: methods annotated `@Override` and " +
		"types annotated `@Generated` (qualified names too); members of anonymous and local classes; everything protected, " +
		"package-private or private. As checkstyle's JavadocMethod reads " +
		"it by default, the Javadoc of a method or constructor of any visibility has an `@param` for each parameter and type " +
		"parameter (`@param <T>`), an `@return` with a description unless the method is void (annotation elements too), no " +
		"`@param` naming something else, no duplicate `@param` or `@return`, and no `@return` on a void method or constructor; " +
		"a Javadoc that contains `{@inheritDoc}`, or a method annotated `@Override`, need not list tags, and a Javadoc that is " +
		"only `{@inheritDoc}` must not be on a static or private method or a constructor. Default options modelled: " +
		"minLineCount -1 (short methods need a Javadoc too), allowMissingPropertyJavadoc false (getters and setters too), " +
		"validateThrows false (`@throws` is never required), allowMissingParamTags and allowMissingReturnTag false, " +
		"allowInlineReturn false (`{@return}` is not an `@return`).",
	decide: decideJavadoc,
}

// javaScope is checkstyle's Scope, most visible first.
type javaScope int

const (
	jPublic javaScope = iota
	jProtected
	jPackage
	jPrivate
)

var javaTypeDecls = map[string]string{
	"class_declaration": "class", "interface_declaration": "interface", "enum_declaration": "enum",
	"record_declaration": "record", "annotation_type_declaration": "annotation type",
}

var javaMemberDecls = map[string]string{
	"method_declaration": "method", "constructor_declaration": "constructor",
	"compact_constructor_declaration": "compact constructor", "annotation_type_element_declaration": "annotation element",
}

type javaWalker struct {
	m       *work.Meter // charged per child of each container walked
	src     []byte
	issues  []Issue
	checked int
}

// javaBody says where members stand: the least visible scope of the
// types around them, and the kind of the innermost one (which decides
// default scopes).
type javaBody struct {
	surround javaScope
	kind     string
}

func decideJavadoc(u *check.Unit, root syntax.Node) ([]Issue, int, string) {
	w := &javaWalker{src: u.Src, m: work.Of(u)}
	w.body(root, javaBody{jPublic, "file"})
	return w.issues, w.checked, ""
}

func (w *javaWalker) body(container syntax.Node, b javaBody) {
	w.m.Add(1 + container.ChildCount())
	var comments []syntax.Node
	eachChild(container, func(c syntax.Node) {
		t := c.Type()
		switch {
		case t == "block_comment" || t == "line_comment":
			comments = append(comments, c)
			return
		case t == "enum_body_declarations":
			w.body(c, b)
		case t == "enum_constant":
			if body := c.Field("body"); body.Valid() {
				w.body(body, b) // its methods are the enum's members
			}
		case javaTypeDecls[t] != "":
			w.typeDecl(c, javadocOf(comments), b)
		case javaMemberDecls[t] != "":
			w.member(c, javadocOf(comments), b)
		}
		comments = comments[:0]
	})
}

// javadocOf is the declaration's Javadoc: the last /** */ comment among
// the comments directly before it. (One after its annotations is not
// attached, as in checkstyle.)
func javadocOf(before []syntax.Node) syntax.Node {
	var doc syntax.Node
	for _, c := range before {
		if isJavadoc(c) {
			doc = c
		}
	}
	return doc
}

func isJavadoc(c syntax.Node) bool {
	t := c.Text()
	return c.Type() == "block_comment" && strings.HasPrefix(t, "/**") && t != "/**/"
}

// javaModifiers returns the declaration's explicit scope, if any, and
// whether it is static.
func javaModifiers(decl syntax.Node) (scope javaScope, explicit, static bool) {
	eachChild(decl, func(c syntax.Node) {
		if c.Type() != "modifiers" {
			return
		}
		eachChild(c, func(m syntax.Node) {
			switch m.Type() {
			case "public":
				scope, explicit = jPublic, true
			case "protected":
				scope, explicit = jProtected, true
			case "private":
				scope, explicit = jPrivate, true
			case "static":
				static = true
			}
		})
	})
	return scope, explicit, static
}

// javaAnnotated reports an annotation named name (simple or qualified).
func javaAnnotated(decl syntax.Node, name string) bool {
	found := false
	eachChild(decl, func(c syntax.Node) {
		if c.Type() != "modifiers" {
			return
		}
		eachChild(c, func(m syntax.Node) {
			if t := m.Type(); t == "marker_annotation" || t == "annotation" {
				n := m.Field("name").Text()
				found = found || n == name || n == "java.lang."+name || strings.HasSuffix(n, "."+name) && name == "Generated"
			}
		})
	})
	return found
}

// javaScopeOf is checkstyle's ScopeUtil.getScope.
func javaScopeOf(decl syntax.Node, in string, ctor bool) javaScope {
	if s, ok, _ := javaModifiers(decl); ok {
		return s
	}
	switch {
	case in == "enum" && ctor:
		return jPrivate
	case in == "interface" || in == "annotation type":
		return jPublic
	}
	return jPackage
}

func (w *javaWalker) typeDecl(d, doc syntax.Node, b javaBody) {
	kind := javaTypeDecls[d.Type()]
	surround := max(b.surround, javaScopeOf(d, b.kind, false))
	name, at := nameOr(d)
	if surround == jPublic && !javaAnnotated(d, "Generated") {
		w.checked++
		if !doc.Valid() {
			w.issues = append(w.issues, issueAt(at, Missing, kind, name, d.Start(), fmt.Sprintf("public %s %s has no Javadoc comment", kind, name)))
		}
	}
	if body := d.Field("body"); body.Valid() {
		w.body(body, javaBody{surround, kind})
	}
}

func (w *javaWalker) member(d, doc syntax.Node, b javaBody) {
	kind := javaMemberDecls[d.Type()]
	name, at := nameOr(d)
	scope := javaScopeOf(d, b.kind, kind == "constructor")
	override := javaAnnotated(d, "Override")
	if scope == jPublic && b.surround == jPublic && (!override || kind == "annotation element") {
		w.checked++
		if !doc.Valid() {
			w.issues = append(w.issues, issueAt(at, Missing, kind, name, d.Start(), fmt.Sprintf("public %s %s has no Javadoc comment", kind, name)))
		}
	}
	if doc.Valid() {
		w.tags(d, doc, kind, name, at, scope, override)
	}
}
