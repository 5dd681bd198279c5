package fixtrack

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/toolchain"
	"github.com/iflint/iflint/internal/verify"
)

// TestFixWithoutTestCommandKeepsProgramsWorking runs what `iflint fix
// -write` does with no test command configured (verification stops at
// the syntax, findings and regressions stages) on a copy of every
// fix-track task, writes what it keeps, and then runs the task's own
// tests: a fix written without tests must not change what the program
// does. The traps among the tasks are fixes only their tests reject (a
// rename a test imports or reaches through getattr or a script, a
// comment that becomes a failing doctest); without tests the safety
// stage must refuse them.
func TestFixWithoutTestCommandKeepsProgramsWorking(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every task's tests")
	}
	for _, tool := range []string{"go", "python3", "node", "javac", "java", "cargo", "cc", "g++", "make"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the fix track needs %s on PATH: %v", tool, err)
		}
	}
	dir := trackDir(t)
	m, err := LoadFixManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var broken []string
	for _, task := range m.Tasks {
		ok := fixWithoutTests(t, filepath.Join(dir, "tasks", task.Name))
		if !ok {
			broken = append(broken, task.Name)
		}
	}
	sort.Strings(broken)
	if len(broken) > 0 {
		t.Errorf("tasks whose tests fail after a fix written without a test command: %s", strings.Join(broken, " "))
	}
}

// fixWithoutTests fixes a copy of the task at src with its test command
// removed, then reports whether the task's tests still pass.
func fixWithoutTests(t *testing.T, src string) bool {
	t.Helper()
	root := filepath.Join(t.TempDir(), "repo")
	if err := sandbox.CopyTree(context.Background(), src, root); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(root, "")
	if err != nil {
		t.Fatal(err)
	}
	test, timeout := cfg.Fix.Test, cfg.Fix.Timeout
	if test == "" {
		t.Fatalf("%s has no test command", src)
	}
	cfg.Fix.Test = ""
	files, err := engine.ReadFiles(root, []string{root}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	fr, err := fixloop.Fix(context.Background(), files.Files, fixloop.FixOptions{Options: engine.Options{Config: cfg, Workers: 1}, Root: root, Prover: &toolchain.Equivalence{Root: root}})
	if err != nil {
		t.Fatal(err)
	}
	kept, refused := 0, 0
	for _, c := range fr.Candidates {
		switch {
		case c.Accepted:
			kept++
			t.Logf("%s: %s kept: %s", filepath.Base(src), c.Path, c.Verification.Summary(false, nil))
		case c.Stage == verify.StageSafety:
			refused++
			t.Logf("%s: %s refused at safety: %s", filepath.Base(src), c.Path, c.Reason)
		}
	}
	t.Logf("%s: %d fix(es) kept, %d refused at safety", filepath.Base(src), kept, refused)
	for _, f := range fr.Files {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(f.Path)), f.New, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), max(timeout, time.Minute))
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", test)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Logf("%s: after fixing %d file(s) without a test command, %q fails:\n%s", filepath.Base(src), len(fr.Files), test, outputTail(out))
		return false
	}
	return true
}

func outputTail(b []byte) string {
	s := string(b)
	if len(s) > 600 {
		s = "…" + s[len(s)-600:]
	}
	return s
}
