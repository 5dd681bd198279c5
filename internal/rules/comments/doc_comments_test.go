package comments

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
)

// TestDocStylesInReadme keeps README's description of each lint
// documentation rule equal to the rule's own doc, which failing results
// cite: one text, one place to change it.
func TestDocStylesInReadme(t *testing.T) {
	readme, err := os.ReadFile("../../../docs/agreement/doc-comments.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, ds := range doclint.Styles {
		if !strings.Contains(string(readme), ds.Doc) {
			t.Errorf("docs/agreement/doc-comments.md does not quote the %s rule's doc verbatim; paste this line into it:\n%s", ds.Title, ds.Doc)
		}
		if got, ok := doclint.StyleFor(strings.ToUpper(ds.Style)); !ok || got != ds {
			t.Errorf("DocStyleFor(%q) does not find the %s rule", strings.ToUpper(ds.Style), ds.Title)
		}
	}
}

// TestDocRulesReportEveryFinding: no cap, however many declarations a
// file has, in each language.
func TestDocRulesReportEveryFinding(t *testing.T) {
	const n = 1000
	var g, j, r, p strings.Builder
	g.WriteString("package many\n")
	j.WriteString("/** Many. */\npublic class Many {\n")
	p.WriteString("\"\"\"Many.\"\"\"\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&g, "func F%d() {}\n", i)
		fmt.Fprintf(&j, "  public void m%d() {}\n", i)
		fmt.Fprintf(&r, "pub fn f%d() {}\n", i)
		fmt.Fprintf(&p, "def f%d():\n    pass\n", i)
	}
	j.WriteString("}\n")
	for _, tc := range []struct{ style, path, src string }{
		{"godoc", "many.go", g.String()}, {"javadoc", "Many.java", j.String()},
		{"rustdoc", "lib.rs", r.String()}, {"python docstring", "many.py", p.String()},
	} {
		ds, _ := doclint.StyleFor(tc.style)
		u := check.NewUnit(context.Background(), tc.path, []byte(tc.src), check.Lint)
		if res := runRule(u, constraint.Constraint{Type: constraint.Comments, Lang: ds.Lang, Name: tc.style}); len(res.Findings) != n {
			t.Errorf("%s: %d findings, want %d (%s)", tc.style, len(res.Findings), n, res.Reason)
		}
	}
}

// TestDocIssuesAreCoherent checks the fields fixers rely on over every
// comment_formatting golden, in every lint documentation style.
func TestDocIssuesAreCoherent(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "comment_formatting", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatal("no goldens", err)
	}
	for _, path := range paths {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := ar.Files[len(ar.Files)-1]
		for _, ds := range doclint.Styles {
			u := check.NewUnit(context.Background(), f.Name, f.Data, check.Lint)
			issues, skip, err := doclint.Issues(u, ds)
			if err != nil {
				continue
			}
			if skip != "" && len(issues) > 0 {
				t.Errorf("%s/%s: skipped file with issues", path, ds.Title)
			}
			for i, is := range issues {
				if i > 0 && issues[i-1].Start > is.Start || is.Start > is.End || is.Outer > is.Start && is.Problem == doclint.Missing ||
					is.DocStart > is.DocEnd || is.End > len(f.Data) || is.Message == "" || is.Problem == "" {
					t.Errorf("%s/%s: incoherent issue %+v", path, ds.Title, is)
				}
			}
		}
	}
}
