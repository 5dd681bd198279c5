package doclint

// GoDoc in the lint profile, declaration by declaration: the walker of
// revive's exported rule over functions, methods (by receiver) and the
// specs of const, var and type declarations (godoc.go finds the doc
// comments and reads their first lines).

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

type goDocWalker struct {
	m       *work.Meter // charged per child of each container walked
	issues  []Issue
	checked int
	// pending are the findings of Len, Less and Swap methods, kept only
	// if their receiver type turns out not to implement sort.Interface.
	pending   []goPendingMethod
	sortFlags map[string]int
}

type goPendingMethod struct {
	recv   string
	issues []Issue
}

// docIssue reports doc's problem for a declaration named by name.
func (w *goDocWalker) docIssue(st goDocStatus, doc []syntax.Node, name syntax.Node, outer int, kind, label, want, firstLine string) Issue {
	if st == goDocMissing {
		return issueAt(name, Missing, kind, name.Text(), outer, fmt.Sprintf("exported %s %s has no doc comment", kind, label))
	}
	is := issueAt(doc[0], Form, kind, name.Text(), outer,
		fmt.Sprintf("doc comment of exported %s %s should start with %q%s", kind, label, want+" ...", goHint(st, firstLine)))
	is.DocStart, is.DocEnd = doc[0].Start(), doc[len(doc)-1].End()
	return is
}

func (w *goDocWalker) function(fn syntax.Node, doc []syntax.Node) {
	name := fn.Field("name")
	if !goExported(name.Text()) {
		return
	}
	w.checked++
	if st := goStatus(doc, name.Text()); st != goDocOK {
		w.issues = append(w.issues, w.docIssue(st, doc, name, fn.Start(), "function", name.Text(), name.Text(), goFirstLine(doc)))
	}
}

func (w *goDocWalker) method(fn syntax.Node, doc []syntax.Node) {
	name := fn.Field("name")
	recv := goReceiverType(fn.Field("receiver"))
	m := name.Text()
	switch {
	case m == "Len" && goSignature(fn, nil, []string{"int"}):
		w.sortFlags[recv] |= goSortLen
	case m == "Less" && goSignature(fn, []string{"int", "int"}, []string{"bool"}):
		w.sortFlags[recv] |= goSortLess
	case m == "Swap" && goSignature(fn, []string{"int", "int"}, nil):
		w.sortFlags[recv] |= goSortSwap
	}
	if !goExported(m) || !goExported(recv) || goCommonMethods[m] {
		return
	}
	var issues []Issue
	if st := goStatus(doc, m); st != goDocOK {
		issues = append(issues, w.docIssue(st, doc, name, fn.Start(), "method", recv+"."+m, m, goFirstLine(doc)))
	}
	if m == "Len" || m == "Less" || m == "Swap" {
		w.pending = append(w.pending, goPendingMethod{recv, issues})
		return
	}
	w.checked++
	w.issues = append(w.issues, issues...)
}

// goReceiverType is the receiver's base type name (T for *T and T[K]),
// or "invalid-type" as revive says for anything else.
func goReceiverType(recv syntax.Node) string {
	var t syntax.Node
	for i := 0; i < recv.NamedChildCount() && !t.Valid(); i++ {
		if p := recv.NamedChild(i); p.Type() == "parameter_declaration" {
			t = p.Field("type")
		}
	}
	if t.Type() == "pointer_type" {
		t = t.NamedChild(0)
	}
	if t.Type() == "generic_type" {
		t = t.Field("type")
	}
	if t.Type() == "type_identifier" {
		return t.Text()
	}
	return "invalid-type"
}

// goSignature compares a function's parameter and result types, one
// entry per name, with want (revive's FuncSignatureIs).
func goSignature(fn syntax.Node, params, results []string) bool {
	eq := func(a, b []string) bool { return strings.Join(a, ",") == strings.Join(b, ",") && len(a) == len(b) }
	res := fn.Field("result")
	var got []string
	switch {
	case res.Type() == "parameter_list":
		got = goFieldTypes(res)
	case res.Valid():
		got = []string{strings.Join(strings.Fields(res.Text()), "")}
	}
	return eq(got, results) && eq(goFieldTypes(fn.Field("parameters")), params)
}

func goFieldTypes(list syntax.Node) []string {
	var out []string
	for i := 0; i < list.NamedChildCount(); i++ {
		p := list.NamedChild(i)
		if p.Type() != "parameter_declaration" && p.Type() != "variadic_parameter_declaration" {
			continue
		}
		t := strings.Join(strings.Fields(p.Field("type").Text()), "")
		n := 0
		for j := 0; j < p.NamedChildCount(); j++ {
			if p.NamedChild(j).Type() == "identifier" {
				n++
			}
		}
		for k := 0; k < max(n, 1); k++ {
			out = append(out, t)
		}
	}
	return out
}

// goGenDecl is one const, var or type declaration being walked.
type goGenDecl struct {
	kind    string
	doc     []syntax.Node
	grouped bool
	// missing is set once the block's first undocumented exported spec
	// is reported; revive reports a block once.
	missing bool
}

func (w *goDocWalker) genDecl(d syntax.Node, doc []syntax.Node) {
	w.m.Add(1 + d.ChildCount())
	gd := &goGenDecl{kind: strings.TrimSuffix(d.Type(), "_declaration"), doc: doc}
	container := d
	eachChild(d, func(c syntax.Node) {
		switch c.Type() {
		case "(":
			gd.grouped = true
		case "var_spec_list":
			gd.grouped, container = true, c
		}
	})
	if !gd.grouped {
		eachChild(d, func(c syntax.Node) { w.spec(gd, c, nil, d.Start()) })
		return
	}
	var g goGrouper
	g.reset()
	eachChild(container, func(c syntax.Node) {
		switch c.Type() {
		case "comment":
			g.comment(c)
		case "\n", ";":
		default:
			w.spec(gd, c, g.token(c), c.Start())
		}
	})
}

func (w *goDocWalker) spec(gd *goGenDecl, s syntax.Node, doc []syntax.Node, outer int) {
	switch s.Type() {
	case "type_spec", "type_alias":
		w.typeSpec(gd, s, doc, outer)
	case "const_spec", "var_spec":
		w.valueSpec(gd, s, doc, outer)
	}
}

func (w *goDocWalker) typeSpec(gd *goGenDecl, s syntax.Node, doc []syntax.Node, outer int) {
	name := s.Field("name")
	fl := goFirstLine(doc)
	if fl == "" {
		doc, fl = gd.doc, goFirstLine(gd.doc)
	}
	tn := name.Text()
	if !goExported(tn) {
		return
	}
	w.checked++
	if fl == "" {
		w.issues = append(w.issues, w.docIssue(goDocMissing, nil, name, outer, "type", tn, tn, ""))
		return
	}
	want := tn
	for _, a := range goArticles {
		if tn == a {
			continue
		}
		if rest, ok := strings.CutPrefix(fl, a+" "); ok {
			fl, want = rest, a+" "+tn
			break
		}
	}
	if st := goStatus(doc, want); st != goDocOK {
		is := w.docIssue(st, doc, name, outer, "type", tn, tn, fl)
		is.Message += " (an article may come first: A, An, The, This)"
		w.issues = append(w.issues, is)
	}
}

func (w *goDocWalker) valueSpec(gd *goGenDecl, s syntax.Node, doc []syntax.Node, outer int) {
	var names []syntax.Node
	stop := false
	eachChild(s, func(c syntax.Node) {
		switch t := c.Type(); {
		case stop:
		case t == "identifier":
			names = append(names, c)
		case t != ",":
			stop = true
		}
	})
	if len(names) == 0 {
		return
	}
	for _, n := range names[1:] {
		if goExported(n.Text()) {
			w.checked++
			w.issues = append(w.issues, issueAt(n, OwnDecl, gd.kind, n.Text(), outer,
				fmt.Sprintf("exported %s %s should have its own declaration, so that it can have its own doc comment", gd.kind, n.Text())))
			return
		}
	}
	name := names[0]
	if !goExported(name.Text()) {
		return
	}
	w.checked++
	vs, gs := goFirstLine(doc), goFirstLine(gd.doc)
	if vs == "" && gs == "" {
		if gd.missing {
			return
		}
		gd.missing = true
		is := w.docIssue(goDocMissing, nil, name, outer, gd.kind, name.Text(), "", "")
		if gd.kind == "const" && gd.grouped {
			is.Message += " (or a comment on its block)"
		}
		w.issues = append(w.issues, is)
		return
	}
	if gs != "" && gd.grouped {
		return // the block's doc covers its specs
	}
	if vs == "" {
		doc = gd.doc
	}
	if st := goStatus(doc, name.Text()); st != goDocOK {
		w.issues = append(w.issues, w.docIssue(st, doc, name, outer, gd.kind, name.Text(), name.Text(), goFirstLine(doc)))
	}
}
