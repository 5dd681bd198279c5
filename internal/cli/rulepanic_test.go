package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules"
)

// TestRulePanicIsInternalFailure: a rule that panics on a file is an
// internal failure of iflint (exit 3) that names the rule, the file and
// the stack, never a verdict of "unverified" in an otherwise clean run.
func TestRulePanicIsInternalFailure(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "shapes.py"), []byte("class Shape:\n    pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := &check.Rule{Type: constraint.Naming}
	broken.Paper = func(*check.Unit, constraint.Constraint) check.Result { panic("index out of range [3] with length 3") }
	broken.Lint = broken.Paper
	var out, errs bytes.Buffer
	cmd := &Command{Stdout: &out, Stderr: &errs, Dir: dir, Rules: func(t constraint.Type) (*check.Rule, bool) {
		if t == constraint.Naming {
			return broken, true
		}
		return rules.For(t)
	}}
	code := cmd.Main(context.Background(), []string{"check", "shapes.py"})
	if code != ExitInternal {
		t.Errorf("exit %d, want %d (internal failure); stderr:\n%s", code, ExitInternal, errs.String())
	}
	for _, want := range []string{"naming_convention rule panicked", "shapes.py", "index out of range", "goroutine"} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("stderr does not say %q:\n%s", want, errs.String())
		}
	}
	if out.Len() != 0 {
		t.Errorf("a failed run printed findings:\n%s", out.String())
	}
}
