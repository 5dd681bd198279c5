package action

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/iflint/iflint/internal/baseline"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
)

// TestBaselineInput: findings the baseline input accepts are not
// reported; the others still are, and a missing baseline is an input
// error (exit 2).
func TestBaselineInput(t *testing.T) {
	f := scenario(t)
	f.env["INPUT_MODE"] = "check"
	f.env["INPUT_FILTER-MODE"] = "nofilter"
	cfg, err := config.Load(f.repo.dir, "")
	if err != nil {
		t.Fatal(err)
	}
	files, err := engine.ReadFiles(f.repo.dir, []string{filepath.Join(f.repo.dir, "calc.py")}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	res := mustCheck(context.Background(), files.Files, engine.Options{Config: cfg})
	if len(res.Diagnostics) < 2 {
		t.Fatalf("scenario has %d findings in calc.py; want at least 2", len(res.Diagnostics))
	}
	// Accept all but the last finding.
	b := baseline.FromDiagnostics(res.Diagnostics[:len(res.Diagnostics)-1])
	if err := baseline.Write(filepath.Join(f.repo.dir, "legacy.json"), b); err != nil {
		t.Fatal(err)
	}
	f.env["INPUT_BASELINE"] = "legacy.json"
	code, err := f.run(Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v; stderr:\n%s", code, err, f.stderr.String())
	}
	if out := f.outputs(); out["findings"] != "1" {
		t.Errorf("findings output %q with the baseline, want 1", out["findings"])
	}
	if err := os.Remove(filepath.Join(f.repo.dir, "legacy.json")); err != nil {
		t.Fatal(err)
	}
	if code, _ := f.run(Overrides{}); code != ExitUsage {
		t.Errorf("missing baseline: exit %d, want %d", code, ExitUsage)
	}
}
