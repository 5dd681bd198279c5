package rulestest

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Docs checks each rule's documentation: it says what the rule checks
// and why, names what the rule agrees with (or that nothing was
// measured), and its examples hold under the lint profile, where users
// meet them: the Fails example fails and the Passes example passes, each
// spec written as a user writes it in .iflint.yml.
func Docs(t *testing.T, rules []*check.Rule) {
	t.Helper()
	for _, r := range rules {
		d := r.Doc
		if d == nil {
			t.Errorf("%s: no Doc", r.Type)
			continue
		}
		if d.Summary == "" || d.Why == "" || len(d.Options) == 0 || len(d.Agrees) == 0 {
			t.Errorf("%s: the doc needs a summary, a why, the spec's options and what the rule agrees with", r.Type)
		}
		for _, a := range d.Agrees {
			if a.Tool == "" || a.Measured == "" {
				t.Errorf("%s: agreement %+v names no tool or no measurement (say \"not measured\")", r.Type, a)
			}
		}
		if (d.Fix == "") != (d.FixSafety == "") {
			t.Errorf("%s: a fix and its safety are documented together", r.Type)
		}
		for _, ex := range []struct {
			name string
			ex   check.Example
			want check.Verdict
		}{{"Fails", d.Fails, check.Fail}, {"Passes", d.Passes, check.Pass}} {
			c, err := constraint.ParseSpec(r.Type, ex.ex.Spec)
			if err != nil {
				t.Errorf("%s: %s example: %v", r.Type, ex.name, err)
				continue
			}
			u := check.NewUnit(context.Background(), ex.ex.File, []byte(ex.ex.Code), check.Lint)
			res, err := r.Run(u, c)
			u.Close()
			if err != nil {
				t.Errorf("%s: %s example: %v", r.Type, ex.name, err)
				continue
			}
			if res.Verdict != ex.want {
				t.Errorf("%s: %s example gives %s, want %s: %s", r.Type, ex.name, res.Verdict, ex.want, res.Reason)
			}
		}
	}
}
