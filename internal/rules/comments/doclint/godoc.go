package doclint

// GoDoc in the lint profile: revive's exported rule (golint's successor)
// with its default options, on a tree-sitter tree. Doc comments are found
// as go/parser attaches them (the comment group ending on the line above,
// a trailing comment of the previous line never part of it) and read as
// go/ast's CommentGroup.Text reads them (directives dropped), so the
// verdicts are revive's declaration for declaration.

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

var goDocStyle = &Style{
	Style: "godoc", Title: "GoDoc", Lang: lang.Go, Peer: "revive exported",
	Doc: "Every exported top-level declaration of an importable Go package has a doc comment that starts with its name. " +
		"Checked, as revive's `exported` rule does by default: functions, methods whose receiver type is exported, types, and " +
		"constants and variables, each spec of a parenthesised `const`/`var`/`type` block included. The doc comment is the " +
		"comment group directly above (no blank line between; a trailing comment of the line above is not part of it), read as " +
		"go/ast reads it: directives such as `//go:generate` or `//nolint:x` are not text, and a paragraph starting " +
		"`Deprecated: ` ends it (so a comment that is only a deprecation notice is missing). Its first line must start with the " +
		"name and a space; a type's may put an article first (A, An, The, This). A doc comment on a parenthesised `const` or " +
		"`var` block covers every spec in it, and an undocumented block is reported once, at its first exported spec; a type " +
		"spec without its own doc is read against its block's. `var a, B int` needs B in a declaration of its own. Not " +
		"checked: `package main`, `_test.go` and generated files (`// Code generated ... DO NOT EDIT.`), function-local " +
		"declarations, unexported names, methods of unexported types, the methods Error, Read, ServeHTTP, String, Write and " +
		"Unwrap, Len/Less/Swap of a type with all three (sort.Interface) in the file, interface methods, package comments " +
		"(revive's package-comments rule) and names that stutter (a naming matter).",
	decide: decideGoDoc,
}

var goCommonMethods = map[string]bool{"Error": true, "Read": true, "ServeHTTP": true, "String": true, "Write": true, "Unwrap": true}

var goArticles = [...]string{"A", "An", "The", "This"}

func decideGoDoc(u *check.Unit, root syntax.Node) ([]Issue, int, string) {
	if strings.HasSuffix(u.Path, "_test.go") {
		return nil, 0, "a _test.go file is not importable, so GoDoc (revive's exported rule) does not check it"
	}
	if goGenerated(u.Src) {
		return nil, 0, "a generated file (// Code generated ... DO NOT EDIT.) is not checked for GoDoc"
	}
	w := &goDocWalker{sortFlags: map[string]int{}, m: work.Of(u)}
	w.m.Add(1 + root.ChildCount())
	var g goGrouper
	g.reset()
	main := false
	eachChild(root, func(c syntax.Node) {
		switch c.Type() {
		case "comment":
			g.comment(c)
			return
		case "\n", ";":
			return
		}
		doc := g.token(c)
		switch c.Type() {
		case "package_clause":
			for i := 0; i < c.NamedChildCount(); i++ {
				if id := c.NamedChild(i); id.Type() == "package_identifier" {
					main = id.Text() == "main"
				}
			}
		case "function_declaration":
			w.function(c, doc)
		case "method_declaration":
			w.method(c, doc)
		case "const_declaration", "var_declaration", "type_declaration":
			w.genDecl(c, doc)
		}
	})
	if main {
		return nil, 0, "package main is not importable, so GoDoc (revive's exported rule) does not check it"
	}
	for _, m := range w.pending {
		if w.sortFlags[m.recv] != goSortAll {
			w.issues = append(w.issues, m.issues...)
			w.checked++
		}
	}
	return w.issues, w.checked, ""
}

// goGenerated reports a "// Code generated ... DO NOT EDIT." line
// anywhere, as revive (and golint before it) looks for one.
func goGenerated(src []byte) bool {
	const pre, suf = "// Code generated ", " DO NOT EDIT."
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		line := src[i:]
		if j >= 0 {
			line = src[i : i+j]
		}
		if len(line) >= len(pre)+len(suf) && bytes.HasPrefix(line, []byte(pre)) && bytes.HasSuffix(line, []byte(suf)) {
			return true
		}
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}

// goGrouper groups the comments among one node's children as go/parser
// does: a comment starting on the line where the previous token ends is
// that token's line comment (with any others on that line); other
// comments form groups of lines no more than one apart; the group ending
// on the line before a token is its doc.
type goGrouper struct {
	group   []syntax.Node
	end     int  // last row of the group
	line    bool // the group is a line comment
	prevEnd int  // last row of the previous token; -1 before the first
}

func (g *goGrouper) reset() { *g = goGrouper{prevEnd: -1} }

func (g *goGrouper) comment(c syntax.Node) {
	s, e := row(c), endRow(c)
	switch {
	case len(g.group) > 0 && g.line && s <= g.end, len(g.group) > 0 && !g.line && s <= g.end+1:
		g.group = append(g.group, c)
		g.end = max(g.end, e)
	default:
		g.group, g.end, g.line = []syntax.Node{c}, e, s == g.prevEnd
	}
}

// token records a non-comment child and returns its doc comment group.
func (g *goGrouper) token(n syntax.Node) []syntax.Node {
	var doc []syntax.Node
	if len(g.group) > 0 && !g.line && g.end+1 == row(n) {
		doc = g.group
	}
	g.group, g.line, g.prevEnd = nil, false, endRow(n)
	return doc
}

// goFirstLine is revive's firstCommentLine: the first non-blank line of
// the group's text as go/ast gives it (markers and directives removed),
// trimmed, or "" when there is none or it opens a deprecation notice.
func goFirstLine(doc []syntax.Node) string {
	for _, c := range doc {
		t := strings.ReplaceAll(c.Text(), "\r", "")
		if strings.HasPrefix(t, "//") {
			t = t[2:]
			if t != "" && t[0] != ' ' && goDirective(t) {
				continue
			}
		} else if len(t) >= 4 {
			t = t[2 : len(t)-2]
		}
		for _, l := range strings.Split(t, "\n") {
			l = strings.TrimSpace(l)
			if l == "" {
				continue
			}
			if strings.HasPrefix(l, "Deprecated: ") {
				return ""
			}
			return l
		}
	}
	return ""
}

// goDirective is go/ast's isDirective on a // comment without its marker:
// //line, //extern, //export and //[a-z0-9]+:[a-z0-9].
func goDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	colon := strings.IndexByte(c, ':')
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if b := c[i]; i != colon && !('a' <= b && b <= 'z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}

type goDocStatus int

const (
	goDocOK goDocStatus = iota
	goDocMissing
	goDocCase        // the name with other letter case: "SendJson" for SendJSON
	goDocFirstLetter // only the first letter differs: "qux" for Qux
	goDocUnexpected
)

// goStatus is revive's checkGoDocStatus: does the first line start with
// prefix and a space?
func goStatus(doc []syntax.Node, prefix string) goDocStatus {
	fl := goFirstLine(doc)
	if fl == "" {
		return goDocMissing
	}
	want := strings.TrimSpace(prefix) + " "
	switch {
	case strings.HasPrefix(fl, want):
		return goDocOK
	case !strings.HasPrefix(strings.ToLower(fl), strings.ToLower(want)):
		return goDocUnexpected
	case strings.HasPrefix(stripFirstRune(fl), stripFirstRune(want)):
		return goDocFirstLetter
	}
	return goDocCase
}

func stripFirstRune(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return s[size:]
}

// goHint says how a misworded first line differs from the name.
func goHint(st goDocStatus, firstLine string) string {
	word, _, _ := strings.Cut(firstLine, " ")
	switch st {
	case goDocCase:
		return fmt.Sprintf(" (spell it with its correct casing, not %q)", word+" ...")
	case goDocFirstLetter:
		return fmt.Sprintf(" (its exported spelling, not %q)", word+" ...")
	}
	return ""
}

func goExported(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsUpper(r)
}

const (
	goSortLen = 1 << iota
	goSortLess
	goSortSwap
	goSortAll = goSortLen | goSortLess | goSortSwap
)
