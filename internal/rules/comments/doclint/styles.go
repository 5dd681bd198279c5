package doclint

// The lint profile's documentation-comment rules: for each ecosystem, its
// established linter's reading of "public declarations are documented"
// (GoDoc as revive's exported rule, Javadoc as checkstyle's
// MissingJavadoc*/JavadocMethod, Rustdoc as rustc's missing_docs, Python
// docstrings as pydocstyle's D1xx, KDoc as detekt's
// UndocumentedPublic*). Each rule is option-free, reports every finding,
// and states its scope in its Doc, which README quotes and failing
// results cite. Rules walk only the levels that can hold
// documented declarations (never function bodies), each once, with a
// tree cursor.

import (
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// Style is one lint-profile documentation rule.
type Style struct {
	// Style is the comment style as specs name it, lower-cased.
	Style string
	// Title is how README and messages name the rule.
	Title string
	Lang  lang.ID
	// Peer names the established linter the rule agrees with.
	Peer string
	// Doc says what the rule requires and what it leaves out; its first
	// sentence is the scope that failing results cite.
	Doc string
	// decide lists the issues of a parsed unit, or returns why the whole
	// file is out of scope (skip).
	decide func(u *check.Unit, root syntax.Node) (issues []Issue, checked int, skip string)
	// reads, when set, is what decide reads beyond the unit's bytes (see
	// check.Rule.LintReads).
	reads func(u *check.Unit) string
}

// Reads is what the rule's verdict on u reads beyond u's bytes, as a
// digest ("" for nothing).
func (ds *Style) Reads(u *check.Unit) string {
	if ds.reads == nil || u.Repo == nil {
		return ""
	}
	return ds.reads(u)
}

// Styles are the lint profile's documentation rules, in README order.
var Styles = []*Style{goDocStyle, javadocStyle, rustdocStyle, docstringStyle, kdocStyle}

// StyleFor returns the lint documentation rule of a comment style.
func StyleFor(style string) (*Style, bool) {
	style = strings.ToLower(strings.TrimSpace(style))
	for _, ds := range Styles {
		if ds.Style == style {
			return ds, true
		}
	}
	return nil, false
}

// Scope is the first sentence of the rule's doc.
func (ds *Style) Scope() string {
	if i := strings.Index(ds.Doc, ". "); i >= 0 {
		return ds.Doc[:i+1]
	}
	return ds.Doc
}

// Problem classifies a documentation finding.
type Problem string

const (
	// Missing: the declaration has no doc comment (or docstring).
	Missing Problem = "missing"
	// Empty: the docstring is blank (pydocstyle's D419).
	Empty Problem = "empty"
	// Form: a GoDoc comment does not start with the declared name.
	Form Problem = "form"
	// OwnDecl: an exported Go name shares a var or const spec with
	// the first, so no doc comment can be its own.
	OwnDecl Problem = "own-declaration"
	// Tag: a Javadoc comment lacks, repeats or misnames a block tag.
	Tag Problem = "tag"
)

// Issue is one finding of a documentation rule with the declaration it
// is about, which a finding's fix carries (fix_attach.go), so the fix
// acts on exactly what the rule reported.
type Issue struct {
	check.Finding
	Problem Problem
	// Kind and Name say what is declared ("method", "Parse").
	Kind, Name string
	// Outer is where the declaration starts, decorators, annotations and
	// attributes included: a doc comment would go on the lines above.
	Outer int
	// DocStart and DocEnd span the doc comment or docstring the
	// declaration has (both zero when it has none).
	DocStart, DocEnd int
}

// Report is what a documentation rule found in one unit.
type Report struct {
	// Issues are sorted by position.
	Issues  []Issue
	Checked int
	// Skip, when set, says why the whole file is outside the rule's
	// scope.
	Skip string
	// Partial: the tree has syntax errors, and declarations inside them
	// were not seen.
	Partial bool
	Err     error
}

// Issues runs the lint documentation rule ds on u, once per unit; the
// issues are sorted by position. skip, when set, says why the whole file
// is outside the rule's scope.
func Issues(u *check.Unit, ds *Style) (issues []Issue, skip string, err error) {
	r := Run(u, ds)
	return r.Issues, r.Skip, r.Err
}

// Run runs the lint documentation rule ds on u, once per unit.
func Run(u *check.Unit, ds *Style) Report {
	return u.Memo("check.doc:"+ds.Style, func() any {
		t, err := u.Tree(ds.Lang)
		if err != nil {
			return Report{Err: err}
		}
		issues, checked, skip := ds.decide(u, t.Root())
		work.Of(u).Add(len(issues) * (1 + work.Log(len(issues))))
		sort.SliceStable(issues, func(i, j int) bool { return issues[i].Start < issues[j].Start })
		return Report{Issues: issues, Checked: checked, Skip: skip, Partial: t.HasError()}
	}).(Report)
}

// eachChild calls fn for each child of n, named or not, in order. It
// steps a tree cursor: indexing children one by one is quadratic in
// tree-sitter, and top-level lists can be long.
func eachChild(n syntax.Node, fn func(c syntax.Node)) {
	root := true
	n.Walk(func(m syntax.Node) bool {
		if root {
			root = false
			return true
		}
		fn(m)
		return false
	})
}

// row is the 0-based line a node starts on; endRow the line it ends on.
func row(n syntax.Node) int    { return n.StartPoint().Row }
func endRow(n syntax.Node) int { return n.EndPoint().Row }

// nameOr is the text of n's name field, and where to report: the name,
// or the node itself when it has none.
func nameOr(n syntax.Node) (string, syntax.Node) {
	if name := n.Field("name"); name.Valid() {
		return name.Text(), name
	}
	return "", n
}

func issueAt(at syntax.Node, p Problem, kind, name string, outer int, msg string) Issue {
	return Issue{Finding: check.Finding{Start: at.Start(), End: at.End(), Message: msg}, Problem: p, Kind: kind, Name: name, Outer: outer}
}
