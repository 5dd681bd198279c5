package ruledocs

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/rules"
)

// docs is the repository's docs directory.
var docs = filepath.Join("..", "..", "docs")

// TestPagesMatchRules holds docs/rules/*.md and docs/divergences.md equal
// to what the rules' own docs render (go test ./internal/ruledocs -update
// rewrites them).
func TestPagesMatchRules(t *testing.T) {
	goldentest.Check(t, filepath.Join(docs, "rules", "README.md"), []byte(Index()))
	goldentest.Check(t, filepath.Join(docs, "divergences.md"), []byte(Divergences()))
	for _, in := range constraint.All() {
		goldentest.Check(t, filepath.Join(docs, "rules", string(in.Type)+".md"), []byte(Page(in.Type)))
	}
}

// TestExamplesDoWhatTheySay: a rule's documented failing example fails
// and its passing example passes, in the lint profile.
func TestExamplesDoWhatTheySay(t *testing.T) {
	for _, r := range rules.Rules {
		if r.Doc == nil {
			continue
		}
		for _, ex := range []struct {
			e    check.Example
			want check.Verdict
		}{{r.Doc.Fails, check.Fail}, {r.Doc.Passes, check.Pass}} {
			if ex.e.Code == "" {
				continue
			}
			c, err := constraint.ParseSpec(r.Type, ex.e.Spec)
			if err != nil {
				t.Errorf("%s example spec %q: %v", r.Type, ex.e.Spec, err)
				continue
			}
			u := check.NewUnit(context.Background(), ex.e.File, []byte(ex.e.Code), check.Lint)
			res, err := r.Run(u, c)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != ex.want {
				t.Errorf("%s: the example documented to %s gets %s: %s", r.Type, strings.ToLower(string(ex.want)), res.Verdict, res.Reason)
			}
		}
	}
}
