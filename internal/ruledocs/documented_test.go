package ruledocs

import (
	"testing"

	"github.com/iflint/iflint/internal/rules"
)

// TestEveryRuleDocumented: a rule without its doc has no page worth
// reading.
func TestEveryRuleDocumented(t *testing.T) {
	for _, r := range rules.Rules {
		d := r.Doc
		switch {
		case d == nil:
			t.Errorf("%s: no Doc", r.Type)
		case d.Summary == "" || d.Why == "" || d.Fails.Code == "" || d.Passes.Code == "" || len(d.Options) == 0:
			t.Errorf("%s: its Doc lacks a summary, a why, an example that fails and one that passes, or its options", r.Type)
		case r.Compose != nil && (d.Fix == "" || d.FixSafety == ""):
			t.Errorf("%s: it has a fix, but its Doc does not say what the fix does and when it is safe", r.Type)
		}
	}
}
