package doclint

// Javadoc in the lint profile, tag by tag: checkstyle's JavadocMethod
// reading of @param and @return (javadoc.go decides which
// declarations need a Javadoc, as MissingJavadocType/Method do).

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/syntax"
)

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
		is := Issue{Finding: check.Finding{Start: s, End: e, Message: msg}, Problem: Tag, Kind: kind, Name: name, Outer: d.Start(), DocStart: doc.Start(), DocEnd: doc.End()}
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
