//go:build unix

package precommit

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// testBaselineScenario: both hooks read the baseline key of .iflint.yml.
// Without the file they fail with what to do; with it the legacy finding
// it accepts neither fails the commit nor is rewritten, while a new one
// in the same file does both.
func testBaselineScenario(t *testing.T, e *e2e, dir string) {
	legacy := "def legacyName(items):\n    return len(items)\n"
	e.newProject(t, dir, map[string]string{
		".iflint.yml": "version: 1\nbaseline: .iflint-baseline.json\nconstraints:\n  - type: naming_convention\n    spec: python;function:snake_case,variable:snake_case\n",
		"legacy.py":   legacy,
	})
	r := e.preCommitRun(t, dir, "--all-files")
	if r.code != 1 || !strings.Contains(r.out, "no such baseline file") || !strings.Contains(r.out, "-write-baseline") {
		t.Errorf("pre-commit without the baseline file: exit %d, want 1 and how to create it:\n%s", r.code, r.out)
	}
	iflint := e.iflintBinary(t)
	if r := run(t, dir, e.hookEnv(), time.Minute, iflint, "check", "-write-baseline", ".iflint-baseline.json"); r.code != 0 {
		t.Fatalf("iflint check -write-baseline: exit %d\n%s", r.code, r.out)
	}
	mustRun(t, dir, e.env, "git", "add", "-A")
	r = e.preCommitRun(t, dir, "--all-files")
	if r.code != 0 {
		t.Errorf("pre-commit with the legacy finding baselined: exit %d, want 0:\n%s", r.code, r.out)
	}
	wantFile(t, dir, "legacy.py", legacy)

	// A local: without a test command only those may be renamed.
	writeFiles(t, dir, map[string]string{"legacy.py": legacy + "\n\ndef new_func(items):\n    itemCount = legacyName(items)\n    return itemCount\n"})
	mustRun(t, dir, e.env, "git", "add", "legacy.py")
	r = e.preCommitRun(t, dir)
	if r.code != 1 {
		t.Errorf("pre-commit with a new violation: exit %d, want 1", r.code)
	}
	runs := hookRuns(t, r.out)
	want := []string{`legacy.py:6:5: error: local variable name "itemCount" is not snake_case [naming_convention]`}
	if got := findings(wantStatus(t, runs, "iflint check", "Failed").body); !slices.Equal(got, want) {
		t.Errorf("iflint check findings %q, want %q", got, want)
	}
	wantStatus(t, runs, "iflint fix", "Failed")
	wantFile(t, dir, "legacy.py", legacy+"\n\ndef new_func(items):\n    item_count = legacyName(items)\n    return item_count\n")
	e.net.assertNone(t)
}
