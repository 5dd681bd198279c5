package comments

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
)

var javadocStyle = &DocStyle{
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
	src     []byte
	issues  []DocIssue
	checked int
}

// javaBody says where members stand: the least visible scope of the
// types around them, and the kind of the innermost one (which decides
// default scopes).
type javaBody struct {
	surround javaScope
	kind     string
}

func decideJavadoc(u *check.Unit, root syntax.Node) ([]DocIssue, int, string) {
	w := &javaWalker{src: u.Src}
	w.body(root, javaBody{jPublic, "file"})
	return w.issues, w.checked, ""
}

func (w *javaWalker) body(container syntax.Node, b javaBody) {
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
			w.issues = append(w.issues, issueAt(at, DocMissing, kind, name, d.Start(), fmt.Sprintf("public %s %s has no Javadoc comment", kind, name)))
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
			w.issues = append(w.issues, issueAt(at, DocMissing, kind, name, d.Start(), fmt.Sprintf("public %s %s has no Javadoc comment", kind, name)))
		}
	}
	if doc.Valid() {
		w.tags(d, doc, kind, name, at, scope, override)
	}
}

// javaTag is one block tag (or {@inheritDoc}) of a Javadoc comment.
type javaTag struct {
	kind      string // "param", "return", "throws", "inheritDoc"
	arg       string // the @param name
	off, end  int    // where the tag is
	described bool   // @return has a description
}

// javadocTags reads the block tags of a Javadoc comment as checkstyle's
// Javadoc parser does: each at the start of a line (after the leading
// asterisks); an @return counts only with a description.
func javadocTags(c syntax.Node) []javaTag {
	text, base := strings.TrimSuffix(c.Text(), "*/"), c.Start()
	var tags []javaTag
	ret := -1 // the @return whose description may follow on later lines
	off := 0
	for i, line := range strings.Split(text, "\n") {
		lineStart := off
		off += len(line) + 1
		for k := 0; ; {
			j := strings.Index(line[k:], "{@inheritDoc")
			if j < 0 {
				break
			}
			if rest := strings.TrimLeft(line[k+j+len("{@inheritDoc"):], " \t"); strings.HasPrefix(rest, "}") {
				s := base + lineStart + k + j
				tags = append(tags, javaTag{kind: "inheritDoc", off: s, end: s + len("{@inheritDoc}")})
			}
			k += j + 1
		}
		if i == 0 {
			line, lineStart = line[3:], lineStart+3
		}
		orig := line
		if i > 0 {
			line = strings.TrimLeft(line, " \t\r\f")
			line = strings.TrimLeft(line, "*")
		}
		s := strings.TrimLeft(line, " \t\r\f")
		at := base + lineStart + len(orig) - len(s)
		if !strings.HasPrefix(s, "@") {
			if ret >= 0 && strings.TrimSpace(s) != "" {
				tags[ret].described = true
			}
			continue
		}
		ret = -1
		f := strings.Fields(s)
		word := f[0]
		switch word {
		case "@param":
			if len(f) > 1 {
				tags = append(tags, javaTag{kind: "param", arg: f[1], off: at, end: at + len(strings.TrimRight(s, " \t\r"))})
			}
		case "@return":
			tags = append(tags, javaTag{kind: "return", off: at, end: at + len(word), described: len(f) > 1})
			ret = len(tags) - 1
		case "@throws", "@exception":
			tags = append(tags, javaTag{kind: "throws", off: at, end: at + len(word)})
		}
	}
	return tags
}

// javaParams lists the parameter and type-parameter names a Javadoc must
// document.
func javaParams(d syntax.Node, kind string) (params, typeParams []syntax.Node) {
	list := d.Field("parameters")
	if kind == "compact constructor" {
		if rec := d.Parent().Parent(); rec.Type() == "record_declaration" {
			list = rec.Field("parameters")
		}
	}
	eachChild(list, func(p syntax.Node) {
		switch p.Type() {
		case "formal_parameter":
			if n := p.Field("name"); n.Text() != "this" {
				params = append(params, n) // not a receiver parameter
			}
		case "spread_parameter":
			eachChild(p, func(v syntax.Node) {
				if v.Type() == "variable_declarator" {
					params = append(params, v.Field("name"))
				}
			})
		}
	})
	eachChild(d.Field("type_parameters"), func(tp syntax.Node) {
		if tp.Type() == "type_parameter" {
			eachChild(tp, func(n syntax.Node) {
				if n.Type() == "type_identifier" || n.Type() == "identifier" {
					typeParams = append(typeParams, n)
				}
			})
		}
	})
	return params, typeParams
}

// tags is JavadocMethod's checkCollectedTags.
func (w *javaWalker) tags(d, doc syntax.Node, kind, name string, at syntax.Node, scope javaScope, override bool) {
	tags := javadocTags(doc)
	add := func(s, e int, msg string) {
		is := DocIssue{Finding: check.Finding{Start: s, End: e, Message: msg}, Problem: DocTag, Kind: kind, Name: name, Outer: d.Start(), DocStart: doc.Start(), DocEnd: doc.End()}
		w.issues = append(w.issues, is)
	}
	label := kind + " " + name
	if len(tags) == 1 && tags[0].kind == "inheritDoc" {
		if _, _, static := javaModifiers(d); kind != "method" || static || scope == jPrivate {
			add(tags[0].off, tags[0].end, fmt.Sprintf("{@inheritDoc} in the Javadoc of %s, which inherits no documentation (a constructor, a static or a private method)", label))
		}
		return
	}
	used := make([]bool, len(tags))
	if kind == "annotation element" {
		w.returnTag(tags, used, true, at, label, add)
	} else {
		inherit := false
		for _, t := range tags {
			inherit = inherit || t.kind == "inheritDoc"
		}
		expect := !inherit && !override
		params, typeParams := javaParams(d, kind)
		for i, t := range tags {
			if t.kind == "throws" {
				used[i] = true // validateThrows is off: @throws is neither required nor checked
			}
			if t.kind != "param" {
				continue
			}
			used[i] = true
			dup := false
			for _, p := range tags[:i] {
				dup = dup || p.kind == "param" && p.arg == t.arg
			}
			if dup {
				add(t.off, t.end, fmt.Sprintf("duplicate @param %s in the Javadoc of %s", t.arg, label))
				continue
			}
			found := false
			for k, p := range params {
				if p.Valid() && p.Text() == t.arg {
					params = append(params[:k], params[k+1:]...)
					found = true
					break
				}
			}
			if inner, ok := strings.CutSuffix(strings.TrimPrefix(t.arg, "<"), ">"); ok && strings.HasPrefix(t.arg, "<") {
				found = false
				for k, p := range typeParams {
					if p.Text() == inner {
						typeParams = append(typeParams[:k], typeParams[k+1:]...)
						found = true
						break
					}
				}
			}
			if !found {
				add(t.off, t.end, fmt.Sprintf("@param %s names no parameter of %s", t.arg, label))
			}
		}
		if expect {
			for _, p := range params {
				if p.Valid() {
					add(p.Start(), p.End(), fmt.Sprintf("the Javadoc of %s has no @param for %s", label, p.Text()))
				}
			}
			for _, p := range typeParams {
				add(p.Start(), p.End(), fmt.Sprintf("the Javadoc of %s has no @param for <%s>", label, p.Text()))
			}
		}
		if kind == "method" && d.Field("type").Type() != "void_type" {
			w.returnTag(tags, used, expect, at, label, add)
		}
	}
	for i, t := range tags {
		if used[i] || t.kind == "inheritDoc" || t.kind == "return" && !t.described {
			continue
		}
		what := "@" + t.kind
		if t.kind == "param" {
			what += " " + t.arg
		}
		add(t.off, t.end, fmt.Sprintf("%s in the Javadoc of %s documents nothing there", what, label))
	}
}

// returnTag is JavadocMethod's checkReturnTag: one described @return.
func (w *javaWalker) returnTag(tags []javaTag, used []bool, expect bool, at syntax.Node, label string, add func(int, int, string)) {
	found := false
	for i, t := range tags {
		if t.kind != "return" || !t.described {
			continue
		}
		used[i] = true
		if found {
			add(t.off, t.end, fmt.Sprintf("duplicate @return in the Javadoc of %s", label))
		}
		found = true
	}
	if !found && expect {
		add(at.Start(), at.End(), fmt.Sprintf("the Javadoc of %s has no @return", label))
	}
}
