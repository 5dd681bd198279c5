package naming

import (
	"context"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// The documented examples do what the documentation says under the lint
// profile: the failing one fails with findings that each carry a rename,
// the passing one passes.
func TestDocExamples(t *testing.T) {
	for _, ex := range []struct {
		name string
		ex   check.Example
		want check.Verdict
	}{{"fails", ruleDoc.Fails, check.Fail}, {"passes", ruleDoc.Passes, check.Pass}} {
		t.Run(ex.name, func(t *testing.T) {
			c, err := constraint.ParseAnswer(constraint.Naming, ex.ex.Spec)
			if err != nil {
				t.Fatal(err)
			}
			r := runRule(check.NewUnit(context.Background(), ex.ex.File, []byte(ex.ex.Code), check.Lint), c)
			if r.Verdict != ex.want {
				t.Fatalf("verdict %s (%s), want %s", r.Verdict, r.Reason, ex.want)
			}
			for _, f := range r.Findings {
				if f.Fix == nil || f.Fix.Applicability != check.Unsafe {
					t.Errorf("finding %q carries no unsafe rename (fix %+v, no fix: %q)", f.Message, f.Fix, f.NoFix)
				}
			}
		})
	}
}

// Every option lists its accepted values, and the languages are the ones
// the lint profile models.
func TestDocOptions(t *testing.T) {
	if got := Rule.Doc; got != ruleDoc || got.Summary == "" || got.Fix == "" || got.FixSafety == "" || len(got.Agrees) == 0 {
		t.Fatalf("the rule's doc is incomplete: %+v", got)
	}
	for _, o := range ruleDoc.Options {
		if o.Values == "" || o.Doc == "" {
			t.Errorf("option %q has no values or no doc", o.Name)
		}
	}
	langs := ruleDoc.Options[0].Values
	for _, want := range []string{"python", "java", "go", "cpp", "zig"} {
		if !strings.Contains(langs, want) {
			t.Errorf("languages %q lack %s", langs, want)
		}
	}
}
