package comments

// The lint profile's documentation-comment rules: for each ecosystem, its
// established linter's reading of "public declarations are documented"
// (GoDoc as revive's exported rule, Javadoc as checkstyle's
// MissingJavadoc*/JavadocMethod, Rustdoc as rustc's missing_docs, Python
// docstrings as pydocstyle's D1xx, KDoc as detekt's UndocumentedPublic*). Each rule is option-free, reports
// every finding, and states its scope in its Doc, which README quotes
// and failing results cite. Rules walk only the levels that can hold
// documented declarations (never function bodies), each once, with a
// tree cursor.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// DocStyle is one lint-profile documentation rule.
type DocStyle struct {
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
	decide func(u *check.Unit, root syntax.Node) (issues []DocIssue, checked int, skip string)
}

// DocStyles are the lint profile's documentation rules, in README order.
var DocStyles = []*DocStyle{goDocStyle, javadocStyle, rustdocStyle, docstringStyle, kdocStyle}

// DocStyleFor returns the lint documentation rule of a comment style.
func DocStyleFor(style string) (*DocStyle, bool) {
	style = strings.ToLower(strings.TrimSpace(style))
	for _, ds := range DocStyles {
		if ds.Style == style {
			return ds, true
		}
	}
	return nil, false
}

// Scope is the first sentence of the rule's doc.
func (ds *DocStyle) Scope() string {
	if i := strings.Index(ds.Doc, ". "); i >= 0 {
		return ds.Doc[:i+1]
	}
	return ds.Doc
}

// DocProblem classifies a documentation finding.
type DocProblem string

const (
	// DocMissing: the declaration has no doc comment (or docstring).
	DocMissing DocProblem = "missing"
	// DocEmpty: the docstring is blank (pydocstyle's D419).
	DocEmpty DocProblem = "empty"
	// DocForm: a GoDoc comment does not start with the declared name.
	DocForm DocProblem = "form"
	// DocOwnDecl: an exported Go name shares a var or const spec with
	// the first, so no doc comment can be its own.
	DocOwnDecl DocProblem = "own-declaration"
	// DocTag: a Javadoc comment lacks, repeats or misnames a block tag.
	DocTag DocProblem = "tag"
)

// DocIssue is one finding of a documentation rule with the declaration it
// is about, which a finding's fix carries (fix_attach.go), so the fix
// acts on exactly what the rule reported.
type DocIssue struct {
	check.Finding
	Problem DocProblem
	// Kind and Name say what is declared ("method", "Parse").
	Kind, Name string
	// Outer is where the declaration starts, decorators, annotations and
	// attributes included: a doc comment would go on the lines above.
	Outer int
	// DocStart and DocEnd span the doc comment or docstring the
	// declaration has (both zero when it has none).
	DocStart, DocEnd int
}

type docReport struct {
	issues  []DocIssue
	checked int
	skip    string
	partial bool // the tree has syntax errors: declarations inside them were not seen
	err     error
}

// DocIssues runs the lint documentation rule ds on u, once per unit; the
// issues are sorted by position. skip, when set, says why the whole file
// is outside the rule's scope.
func DocIssues(u *check.Unit, ds *DocStyle) (issues []DocIssue, skip string, err error) {
	r := docRun(u, ds)
	return r.issues, r.skip, r.err
}

func docRun(u *check.Unit, ds *DocStyle) docReport {
	return u.Memo("check.doc:"+ds.Style, func() any {
		t, err := u.Tree(ds.Lang)
		if err != nil {
			return docReport{err: err}
		}
		issues, checked, skip := ds.decide(u, t.Root())
		sort.SliceStable(issues, func(i, j int) bool { return issues[i].Start < issues[j].Start })
		return docReport{issues: issues, checked: checked, skip: skip, partial: t.HasError()}
	}).(docReport)
}

func checkDocStyle(u *check.Unit, ds *DocStyle) check.Result {
	res := checkDocRun(u, ds)
	res.Checked = docRun(u, ds).checked
	return res
}

func checkDocRun(u *check.Unit, ds *DocStyle) check.Result {
	r := docRun(u, ds)
	note := ""
	if r.partial {
		note = "; the file has syntax errors, and declarations inside them were not checked"
	}
	switch {
	case r.err != nil:
		return check.Result{Verdict: check.Unverified, Reason: r.err.Error()}
	case r.skip != "":
		return check.Passed(r.skip)
	case len(r.issues) > 0:
		fs := make([]check.Finding, len(r.issues))
		for i, is := range r.issues {
			fs[i] = is.Finding
		}
		attachDocIssueFixes(u, ds, r.issues, fs)
		return check.Failed(fmt.Sprintf("%d %s finding(s) in %d declaration(s) checked (%s: %s)%s", len(fs), ds.Title, r.checked, ds.Peer, ds.Scope(), note), fs...)
	case r.checked == 0:
		return check.Passed(fmt.Sprintf("no declaration here needs a %s comment (%s: %s)%s", ds.Title, ds.Peer, ds.Scope(), note))
	}
	return check.Passed(fmt.Sprintf("all %d declaration(s) checked are documented (%s: %s)%s", r.checked, ds.Peer, ds.Scope(), note))
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

func issueAt(at syntax.Node, p DocProblem, kind, name string, outer int, msg string) DocIssue {
	return DocIssue{Finding: check.Finding{Start: at.Start(), End: at.End(), Message: msg}, Problem: p, Kind: kind, Name: name, Outer: outer}
}
