package fixtrack

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/verify"
)

// trackDir is benchmark/fix, from this package's directory.
func trackDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "benchmark", "fix"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFixTrack runs the whole LintEval fix track offline, with the
// deterministic fixers only, exactly as `iflint bench fix` does: every
// expectation of the manifest must hold (each task's deterministic
// violations fixed and verified, each trap's wrong fix rejected at the
// named stage), and no file may be modified without a verified fix.
func TestFixTrack(t *testing.T) {
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
	langs := map[string]bool{}
	traps := 0
	for _, task := range m.Tasks {
		langs[task.Language] = true
		if task.Trap {
			traps++
		}
	}
	if len(m.Tasks) < 24 || len(langs) < 5 || traps == 0 {
		t.Fatalf("%d tasks in %d languages with %d traps; the track promises at least 24 tasks in 5 languages, with traps", len(m.Tasks), len(langs), traps)
	}
	rs := RunFixTrack(context.Background(), dir, m, FixTrackOptions{Env: os.Environ(), Workers: 2})
	for _, r := range rs {
		if r.Err != "" {
			t.Errorf("%s: %s", r.Name, r.Err)
		}
		for _, mm := range r.Mismatches {
			t.Errorf("%s: %s", r.Name, mm)
		}
		for _, u := range r.Unproven {
			t.Errorf("%s: %s was modified without a verified fix", r.Name, u)
		}
		if r.Trap && !rejectedWithStage(r) {
			t.Errorf("%s is a trap but no candidate was rejected at a named stage", r.Name)
		}
	}
	s := SummarizeFixTrack(rs)
	if s.Verified == 0 || s.WrongWithoutVerifying == 0 {
		t.Errorf("summary %+v: expected verified fixes and fixes that verification caught", s)
	}
	// Group testing, counted: per task at most 1 + r·⌈log2 k⌉ + r runs
	// of candidate sets, exactly 1 when none fails, the unmodified tree
	// at most once; and it keeps what one-at-a-time testing keeps.
	for _, r := range rs {
		tr := r.TestRuns
		if tr.Set+tr.Bisect > tr.Bound() || tr.Baseline > 1 || (tr.Culprits == 0 && tr.Candidates > 0 && tr.Total != 1) {
			t.Errorf("%s: test runs %+v exceed 1 + r·⌈log2 k⌉ + r = %d", r.Name, tr, tr.Bound())
		}
	}
	if s.TestRuns.Total >= s.OneAtATime {
		t.Errorf("%d test runs, one at a time %d: group testing saved nothing", s.TestRuns.Total, s.OneAtATime)
	}
	t.Logf("test runs %d (set %d, halving %d, unmodified tree %d) for %d candidates with %d culprits; one at a time: %d",
		s.TestRuns.Total, s.TestRuns.Set, s.TestRuns.Bisect, s.TestRuns.Baseline, s.TestRuns.Candidates, s.TestRuns.Culprits, s.OneAtATime)
	single := RunFixTrack(context.Background(), dir, m, FixTrackOptions{Env: os.Environ(), Workers: 2, OneAtATime: true})
	for i, r := range single {
		if got, want := keptSet(rs[i]), keptSet(r); got != want {
			t.Errorf("%s: group testing keeps\n%s\none at a time keeps\n%s", r.Name, got, want)
		}
	}
}

// keptSet lists a task's candidates with their verdicts and diffs.
func keptSet(r FixTaskResult) string {
	var b strings.Builder
	for _, c := range r.Candidates {
		fmt.Fprintf(&b, "%s %s %q proposed=%v accepted=%v stage=%s\n%s", c.Path, c.Targets, c.Part, c.Proposed, c.Accepted, c.Stage, c.Diff)
	}
	return b.String()
}

func rejectedWithStage(r FixTaskResult) bool {
	for _, c := range r.Candidates {
		if c.Proposed && !c.Accepted {
			for _, st := range verify.Stages {
				if c.Stage == st {
					return true
				}
			}
		}
	}
	return false
}

func TestLoadFixManifestErrors(t *testing.T) {
	for name, tc := range map[string]struct{ manifest, want string }{
		"version":     {`{"version":2,"tasks":[]}`, "version 2, expected 1"},
		"unknown key": {`{"version":1,"tasks":[],"extra":1}`, "unknown field"},
		"no dir":      {`{"version":1,"tasks":[{"name":"missing","expect":[]}]}`, "expected a directory tasks/missing"},
		"bad stage":   {`{"version":1,"tasks":[{"name":"a","expect":[{"path":"x.py","type":"naming_convention","outcome":"rejected","stage":"vibes"}]}]}`, "expected verified, none, or rejected with a stage"},
		"duplicate":   {`{"version":1,"tasks":[{"name":"a","expect":[]},{"name":"a","expect":[]}]}`, "unique"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "tasks", "a"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(tc.manifest), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := LoadFixManifest(dir)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
