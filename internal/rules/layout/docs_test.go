package layout

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// The rule's documented examples do what its doc says under the lint
// profile: Fails fails, Passes passes.
func TestDocExamples(t *testing.T) {
	for _, r := range Rules {
		if r.Doc == nil {
			t.Fatalf("%s has no Doc", r.Type)
		}
		for _, ex := range []struct {
			name string
			e    check.Example
			want check.Verdict
		}{{"Fails", r.Doc.Fails, check.Fail}, {"Passes", r.Doc.Passes, check.Pass}} {
			c, err := constraint.ParseAnswer(r.Type, ex.e.Spec)
			if err != nil {
				t.Fatalf("%s %s: %v", r.Type, ex.name, err)
			}
			u := check.NewUnit(context.Background(), ex.e.File, []byte(ex.e.Code), check.Lint)
			if got := runRule(u, c); got.Verdict != ex.want {
				t.Errorf("%s %s example: %s (%s), want %s", r.Type, ex.name, got.Verdict, got.Reason, ex.want)
			}
		}
		if r.Doc.Summary == "" || r.Doc.Why == "" || r.Doc.Fix == "" || r.Doc.FixSafety == "" || len(r.Doc.Options) == 0 || len(r.Doc.Agrees) == 0 {
			t.Errorf("%s: Doc leaves a field empty: %+v", r.Type, r.Doc)
		}
	}
}
