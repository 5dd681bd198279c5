package cli

import (
	"bytes"
	"context"
	"testing"

	"github.com/iflint/iflint/internal/ruledocs"
)

// TestRulesCommandPrintsPages: `iflint rules TYPE` prints the type's
// documentation page as docs/rules/TYPE.md holds it, and an unknown type
// is a usage error.
func TestRulesCommandPrintsPages(t *testing.T) {
	var out, errs bytes.Buffer
	cmd := &Command{Stdout: &out, Stderr: &errs}
	if code := cmd.Main(context.Background(), []string{"rules", "naming_convention", "framework"}); code != 0 {
		t.Fatalf("rules naming_convention framework: exit %d: %s", code, errs.String())
	}
	if want := ruledocs.Page("naming_convention") + ruledocs.Page("framework"); out.String() != want {
		t.Errorf("rules TYPE printed\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	if code := cmd.Main(context.Background(), []string{"rules", "naming"}); code != ExitUsage {
		t.Errorf("rules naming: exit %d, want %d", code, ExitUsage)
	}
}
