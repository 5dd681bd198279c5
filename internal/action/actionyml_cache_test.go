package action

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/cache"
)

// runnerTempExpr is how action.yml names the runner's temporary
// directory, where the result cache lives during a job.
const runnerTempExpr = "${{ runner.temp }}"

// uses returns the one step of action.yml that uses an action whose
// reference starts with prefix.
func (m *actionMeta) uses(t *testing.T, prefix string) actionStep {
	t.Helper()
	var found []actionStep
	for _, s := range m.Runs.Steps {
		if strings.HasPrefix(s.Uses, prefix) {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		t.Fatalf("action.yml has %d steps using %s, want 1", len(found), prefix)
	}
	return found[0]
}

func (m *actionMeta) index(t *testing.T, pred func(actionStep) bool, what string) int {
	t.Helper()
	for i, s := range m.Runs.Steps {
		if pred(s) {
			return i
		}
	}
	t.Fatalf("action.yml has no %s step", what)
	return -1
}

// TestActionYMLResultCache holds action.yml's result cache together:
// the restore step comes before iflint runs and the save step after it,
// even when findings fail the step; both carry the directory iflint
// writes its results to under the IFLINT_CACHE_DIR the run step sets,
// and one key, which names the configuration and the iflint build.
func TestActionYMLResultCache(t *testing.T) {
	m := readActionYML(t, filepath.Join(moduleRoot(t), "action.yml"))
	restore, save := m.uses(t, "actions/cache/restore@"), m.uses(t, "actions/cache/save@")
	run := m.step(t, "iflint")
	iRestore := m.index(t, func(s actionStep) bool { return s.Uses == restore.Uses }, "restore")
	iRun := m.index(t, func(s actionStep) bool { return s.ID == "iflint" }, "run")
	iSave := m.index(t, func(s actionStep) bool { return s.Uses == save.Uses }, "save")
	if !(iRestore < iRun && iRun < iSave) {
		t.Errorf("steps in order restore %d, run %d, save %d; want restore before the run before save", iRestore, iRun, iSave)
	}
	if !strings.Contains(save.If, "always()") {
		t.Errorf("the save step runs if %q: a run with findings fails its step, and its results are worth keeping", save.If)
	}
	dir := run.Env["IFLINT_CACHE_DIR"]
	if !strings.HasPrefix(dir, runnerTempExpr) {
		t.Fatalf("the run step's IFLINT_CACHE_DIR is %q, want a directory under %s", dir, runnerTempExpr)
	}
	want := dir + "/" + cache.ResultsSubdir
	for _, s := range []actionStep{restore, save} {
		if s.With["path"] != want {
			t.Errorf("%s caches path %q; iflint keeps its results in %q", s.Uses, s.With["path"], want)
		}
	}
	if restore.With["key"] != save.With["key"] {
		t.Errorf("restore key %q, save key %q: a run would never restore what it saved", restore.With["key"], save.With["key"])
	}
	prefix := "${{ steps.result-cache-key.outputs.prefix }}"
	if !strings.HasPrefix(restore.With["key"], prefix) || restore.With["restore-keys"] != prefix {
		t.Errorf("key %q, restore-keys %q: want both to start with %s", restore.With["key"], restore.With["restore-keys"], prefix)
	}
}

// TestActionYMLResultCacheKey runs the key step's script as the runner
// would: the key changes with the configuration's content and with the
// iflint binary (its SHA-256, what iflint salts entries with), and not
// otherwise.
func TestActionYMLResultCacheKey(t *testing.T) {
	m := readActionYML(t, filepath.Join(moduleRoot(t), "action.yml"))
	step := m.step(t, "result-cache-key")
	if step.Env["CONFIG"] != "${{ inputs.config }}" {
		t.Fatalf("the key step reads the config input as %q", step.Env["CONFIG"])
	}
	temp, ws := t.TempDir(), t.TempDir()
	write := func(path, body string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	key := func(config string) string {
		t.Helper()
		out := filepath.Join(t.TempDir(), "output")
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step.Run)
		cmd.Dir = ws
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "RUNNER_TEMP=" + temp, "RUNNER_OS=Linux", "GITHUB_OUTPUT=" + out, "CONFIG=" + config}
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("key step: %v\n%s", err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		v, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "prefix=")
		if !ok {
			t.Fatalf("key step output %q, want prefix=...", b)
		}
		return v
	}
	write(filepath.Join(temp, "iflint"), "build one")
	noConfig := key("")
	write(filepath.Join(ws, ".iflint.yml"), "version: 1\n")
	one := key("")
	if one == noConfig || key("") != one {
		t.Errorf("keys without and with .iflint.yml: %q, %q; want different and stable", noConfig, one)
	}
	sum := sha256.Sum256([]byte("build one"))
	if !strings.Contains(one, hex.EncodeToString(sum[:])[:16]) {
		t.Errorf("key %q does not name the binary's SHA-256 %x", one, sum)
	}
	write(filepath.Join(ws, ".iflint.yml"), "version: 1\nprofile: lint\n")
	if key("") == one {
		t.Error("editing .iflint.yml left the key unchanged")
	}
	write(filepath.Join(ws, "other.yml"), "version: 1\n")
	if key("other.yml") != one {
		t.Error("the config input naming a file with the first configuration's content gave another key")
	}
	write(filepath.Join(temp, "iflint"), "build two")
	if key("other.yml") == one {
		t.Error("another iflint build left the key unchanged")
	}
}
