//go:build unix

package sandbox_test

import (
	"context"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/sandbox"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

// TestGolden runs every testdata/NAME.txtar. The archive comment holds
// "sh: SCRIPT" or "args: PROGRAM ARG..." (split on spaces) and optionally
// "limit: BYTES"; files under repo/ form the repository and files under
// change/ the candidate's changes. NAME.out holds Record.Text and, if Run
// failed, its error (rewritten with -update; review the diff).
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			got := runArchive(t, file)
			golden := strings.TrimSuffix(file, ".txtar") + ".out"
			goldentest.Check(t, golden, []byte(got))
		})
	}
}

func runArchive(t *testing.T, file string) string {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var command []string
	r := &sandbox.Runner{Env: os.Environ(), Now: fakeClock()}
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		if v, ok := strings.CutPrefix(line, "sh:"); ok {
			command = sandbox.Shell(strings.TrimSpace(v))
		}
		if v, ok := strings.CutPrefix(line, "args:"); ok {
			command = strings.Fields(v)
		}
		if v, ok := strings.CutPrefix(line, "limit:"); ok {
			if r.OutputLimit, err = strconv.Atoi(strings.TrimSpace(v)); err != nil {
				t.Fatalf("limit: %v", err)
			}
		}
	}
	if command == nil {
		t.Fatal(`archive comment: expected "sh:" or "args:"`)
	}
	repo := t.TempDir()
	changes := map[string][]byte{}
	for _, f := range ar.Files {
		if rel, ok := strings.CutPrefix(f.Name, "repo/"); ok {
			writeFile(t, filepath.Join(repo, rel), string(f.Data), 0o644)
		} else if rel, ok := strings.CutPrefix(f.Name, "change/"); ok {
			changes[rel] = f.Data
		} else {
			t.Fatalf("archive file %s: expected a repo/ or change/ prefix", f.Name)
		}
	}
	rec, err := r.Run(context.Background(), repo, changes, command)
	// Which mechanism contained the run depends on the machine.
	got := strings.Replace(rec.Text(), "sandbox: "+string(rec.Sandbox)+"\n", "sandbox: $SANDBOX\n", 1)
	if err != nil {
		// The repository's temporary path differs on every run.
		got += "error: " + strings.ReplaceAll(err.Error(), repo, "$REPO") + "\n"
	}
	return got
}

// fakeClock advances 1.5s per call, so that Record.Duration is the same
// on every run (Run reads the clock once before and once after).
func fakeClock() func() time.Time {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return func() time.Time {
		now = now.Add(1500 * time.Millisecond)
		return now
	}
}

func writeFile(t *testing.T, path, data string, perm os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), perm); err != nil {
		t.Fatal(err)
	}
}
