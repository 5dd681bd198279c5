package braces

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/rulestest"
)

// TestDocExamples holds each rule's documented examples to the rule: the
// Fails example fails and the Passes example passes under the lint
// profile, and the doc says what the fix does and how safe it is.
func TestDocExamples(t *testing.T) {
	for _, r := range Rules {
		d := r.Doc
		if d == nil || d.Summary == "" || d.Why == "" || len(d.Options) == 0 || d.Fix == "" || d.FixSafety == "" || len(d.Agrees) == 0 {
			t.Fatalf("%s: the doc lacks a summary, why, options, fix, fix safety or agreement: %+v", r.Type, d)
		}
		for _, ex := range []struct {
			e    check.Example
			want check.Verdict
		}{{d.Fails, check.Fail}, {d.Passes, check.Pass}} {
			c, err := constraint.ParseAnswer(r.Type, ex.e.Spec)
			if err != nil {
				t.Fatalf("%s: example spec %q: %v", r.Type, ex.e.Spec, err)
			}
			res := runRule(check.NewUnit(context.Background(), ex.e.File, []byte(ex.e.Code), check.Lint), c)
			if res.Verdict != ex.want {
				t.Errorf("%s: the %s example gives %s (%s)", r.Type, ex.want, res.Verdict, res.Reason)
			}
		}
	}
}

// TestDivergenceGoldens: every divergence is listed by its rule, has a
// kebab-case name and a golden named after it whose two profiles'
// outputs differ.
func TestDivergenceGoldens(t *testing.T) {
	for _, r := range Rules {
		for _, d := range r.Divergences {
			if d.Type != r.Type || d.Paper == "" || d.Lint == "" || d.Name != strings.ToLower(d.Name) || strings.ContainsAny(d.Name, " _") {
				t.Errorf("%s: divergence %+v: want the rule's type, a kebab-case name and both readings", r.Type, d)
			}
			path := filepath.Join("testdata", string(r.Type), d.Name+".txt")
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: divergence %s has no golden %s", r.Type, d.Name, path)
				continue
			}
			out := rulestest.Render(t, r, path)
			i := strings.Index(out, "\n"+string(check.Lint)+": ")
			if i < 0 {
				t.Fatalf("%s: no lint section in %q", path, out)
			}
			paper, lint := out[len(check.MultiCodeIF)+2:i+1], out[i+1+len(check.Lint)+2:]
			if paper == lint {
				t.Errorf("%s: both profiles give the same output, so the golden shows no divergence:\n%s", path, out)
			}
		}
	}
}
