//go:build unix

package precommit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// judgeSkipLine is what iflint prints once per run when the config names
// judge models but OPENAI_API_KEY is unset.
const judgeSkipLine = "iflint: no OPENAI_API_KEY: LLM-judged constraints are skipped (reported unverified)"

// requirePreCommit finds pre-commit. Without it the test skips on a
// developer machine, but fails where CI or IFLINT_E2E is set (.ci/run
// installs Debian's pre-commit and exports IFLINT_E2E): the hooks must be
// proven on every landing, not silently skipped.
func requirePreCommit(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("pre-commit")
	if err == nil {
		return p
	}
	if os.Getenv("CI") != "" || os.Getenv("IFLINT_E2E") != "" {
		t.Fatalf("pre-commit is not installed (apt-get install pre-commit): %v", err)
	}
	t.Skipf("pre-commit is not installed (apt-get install pre-commit; under CI or IFLINT_E2E=1 this fails): %v", err)
	return ""
}

// repoRoot is this project's checkout: two levels above the package
// directory, where `go test` runs the test binary.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil || !bytes.Contains(b, []byte("module github.com/iflint/iflint\n")) {
		t.Fatalf("%s is not the iflint module root (go.mod: %v)", root, err)
	}
	return root
}

// environ is a process environment built from the test's own, minus what
// would make the runs depend on the caller rather than on the hooks.
type environ map[string]string

func baseEnviron() environ {
	e := environ{}
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(k, "GIT_"), // a test run from inside a git hook inherits GIT_INDEX_FILE and friends
			strings.HasPrefix(k, "PRE_COMMIT"),
			k == "SKIP", // pre-commit skips the hook ids it names
			strings.HasPrefix(k, "OPENAI_"),
			strings.HasPrefix(k, "IFLINT_"):
			continue
		}
		e[k] = v
	}
	return e
}

func (e environ) with(kv ...string) environ {
	out := maps.Clone(e)
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			delete(out, kv[i])
		} else {
			out[kv[i]] = kv[i+1]
		}
	}
	return out
}

func (e environ) list() []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(e)) {
		out = append(out, k+"="+e[k])
	}
	return out
}

type result struct {
	out  string
	code int
}

// run runs a command to completion in its own process group, so a
// timeout also ends the go builds and hooks pre-commit started.
func run(t *testing.T, dir string, env environ, timeout time.Duration, name string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env.list()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	start := time.Now()
	err := cmd.Run()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ctx.Err() != nil {
			t.Fatalf("%s %s (in %s): %v (after %v)\n%s", name, strings.Join(args, " "), dir, err, time.Since(start).Round(time.Millisecond), buf.String())
		}
		code = ee.ExitCode()
	}
	t.Logf("$ %s %s  # in %s, exit %d, %v\n%s", filepath.Base(name), strings.Join(args, " "), dir, code, time.Since(start).Round(time.Millisecond), buf.String())
	return result{buf.String(), code}
}

func mustRun(t *testing.T, dir string, env environ, name string, args ...string) string {
	t.Helper()
	r := run(t, dir, env, 2*time.Minute, name, args...)
	if r.code != 0 {
		t.Fatalf("%s %s: exit %d (output above)", name, strings.Join(args, " "), r.code)
	}
	return r.out
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func wantFile(t *testing.T, dir, name, want string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != want {
		t.Errorf("%s:\n%s\nwant:\n%s", name, b, want)
	}
}

// snapshotHookRepo copies this project's working tree — tracked files as
// they are on disk and untracked files git does not ignore — into a new
// git repository with one commit, and returns that commit.
//
// Why not `pre-commit try-repo /work/main`: its shadow commit takes only
// staged and tracked-modified files (`git add -u`), so new, untracked
// files (a new package, this manifest before it is committed) would be
// missing or stale; it writes its own config, so the user's
// .pre-commit-config.yaml with repo/rev — what users actually write — is
// never exercised; and it builds into a fresh store on every call. A
// snapshot repository is installed exactly as a published tag would be:
// pre-commit clones it at `rev` and runs `go install ./...` in the clone.
func snapshotHookRepo(t *testing.T, root, dst string, env environ) string {
	t.Helper()
	list := mustRun(t, root, env, "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	n := 0
	for _, rel := range strings.Split(strings.TrimRight(list, "\x00"), "\x00") {
		if rel == "" {
			continue
		}
		src := filepath.Join(root, rel)
		st, err := os.Lstat(src)
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the working tree but not yet in the index
		}
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			t.Fatal(err)
		}
		switch {
		case st.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(src)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, out); err != nil {
				t.Fatal(err)
			}
		case st.Mode().IsRegular():
			b, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(out, b, st.Mode().Perm()); err != nil {
				t.Fatal(err)
			}
		default:
			continue // a submodule directory or other non-file entry
		}
		n++
	}
	if _, err := os.Stat(filepath.Join(dst, ".pre-commit-hooks.yaml")); err != nil {
		t.Fatalf("snapshot of %s has no .pre-commit-hooks.yaml: %v", root, err)
	}
	mustRun(t, dst, env, "git", "init", "-q")
	mustRun(t, dst, env, "git", "add", "-A")
	mustRun(t, dst, env, "git", "commit", "-q", "--no-verify", "-m", "snapshot of the working tree")
	rev := strings.TrimSpace(mustRun(t, dst, env, "git", "rev-parse", "HEAD"))
	t.Logf("hook repository %s: %d files, rev %s", dst, n, rev)
	return rev
}

// netRecorder stands in for both the OpenAI endpoint and every HTTP(S)
// proxy while hooks run: any request iflint makes, to the judge API or
// anywhere else through the standard transport, lands here.
type netRecorder struct {
	srv  *httptest.Server
	hits atomic.Int64
	last atomic.Value
}

func newNetRecorder(t *testing.T) *netRecorder {
	r := &netRecorder{}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.hits.Add(1)
		r.last.Store(req.Method + " " + req.Host + req.URL.Path)
		http.Error(w, "network use during a pre-commit hook", http.StatusForbidden)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *netRecorder) env(e environ) environ {
	out := e.with("OPENAI_BASE_URL", r.srv.URL+"/v1", "OPENAI_API_KEY", "", "NO_PROXY", "", "no_proxy", "")
	for _, k := range []string{"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"} {
		out[k] = r.srv.URL
	}
	return out
}

func (r *netRecorder) assertNone(t *testing.T) {
	t.Helper()
	if n := r.hits.Load(); n != 0 {
		t.Errorf("hooks made %d network request(s) without OPENAI_API_KEY, last %v", n, r.last.Load())
	}
}

// hookRun is one hook's part of pre-commit's output: its status line and
// what follows up to the next hook.
type hookRun struct {
	status string
	body   string
}

var statusLine = regexp.MustCompile(`(?m)^(\S.*?)\.{3,}(?:\(no files to check\))?(Passed|Failed|Skipped)$`)

func hookRuns(t *testing.T, out string) map[string]hookRun {
	t.Helper()
	idx := statusLine.FindAllStringSubmatchIndex(out, -1)
	runs := map[string]hookRun{}
	for i, m := range idx {
		end := len(out)
		if i+1 < len(idx) {
			end = idx[i+1][0]
		}
		runs[out[m[2]:m[3]]] = hookRun{status: out[m[4]:m[5]], body: out[m[1]:end]}
	}
	for _, name := range []string{"iflint check", "iflint fix"} {
		if _, ok := runs[name]; !ok {
			t.Fatalf("pre-commit output has no %q hook line:\n%s", name, out)
		}
	}
	return runs
}

var findingLine = regexp.MustCompile(`(?m)^\S+:\d+:\d+: .* \[[a-z_]+\]$`)

// findings are the `path:line:col: message [type]` lines of iflint check.
func findings(body string) []string {
	return findingLine.FindAllString(body, -1)
}

func wantStatus(t *testing.T, runs map[string]hookRun, name, status string) hookRun {
	t.Helper()
	r := runs[name]
	if r.status != status {
		t.Errorf("hook %q: %s, want %s:%s", name, r.status, status, r.body)
	}
	return r
}

// e2e is what the scenarios share: one hook repository and one
// PRE_COMMIT_HOME, so pre-commit clones and builds iflint once per test run.
type e2e struct {
	preCommit string
	hookRepo  string
	rev       string
	env       environ // for git and pre-commit install-hooks (module downloads allowed)
	net       *netRecorder
	store     string
}

// hookEnv is the environment hooks run in: no OPENAI_API_KEY, and every
// route to the network leads to the recorder.
func (e *e2e) hookEnv() environ { return e.net.env(e.env) }

// newProject creates a user's repository whose first commit holds files
// and a .pre-commit-config.yaml that installs both hooks from the
// snapshot at its rev, as a user pins a release tag.
func (e *e2e) newProject(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	cfg := fmt.Sprintf(`repos:
  - repo: %s
    rev: %s
    hooks:
      - id: iflint
      - id: iflint-fix
`, e.hookRepo, e.rev)
	writeFiles(t, dir, files)
	writeFiles(t, dir, map[string]string{".pre-commit-config.yaml": cfg})
	mustRun(t, dir, e.env, "git", "init", "-q")
	mustRun(t, dir, e.env, "git", "add", "-A")
	mustRun(t, dir, e.env, "git", "commit", "-q", "--no-verify", "-m", "base")
	// The cold build compiles tree-sitter's C sources with cgo; later
	// calls find the environment installed and return at once.
	r := run(t, dir, e.env, 15*time.Minute, e.preCommit, "install-hooks", "--color=never")
	if r.code != 0 {
		t.Fatalf("pre-commit install-hooks: exit %d (output above)", r.code)
	}
}

// iflintBinary is the iflint pre-commit built. A golangenv-system
// directory proves pre-commit used the Go toolchain on PATH rather than
// downloading one.
func (e *e2e) iflintBinary(t *testing.T) string {
	t.Helper()
	bins, err := filepath.Glob(filepath.Join(e.store, "repo*", "golangenv-system", "bin", "iflint"))
	if err != nil || len(bins) != 1 {
		t.Fatalf("want one iflint built by pre-commit with the system Go under %s, found %v (%v)", e.store, bins, err)
	}
	return bins[0]
}

func (e *e2e) preCommitRun(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return run(t, dir, e.hookEnv(), 5*time.Minute, e.preCommit, append([]string{"run", "--color=never"}, args...)...)
}

func TestHooksEndToEnd(t *testing.T) {
	preCommit := requirePreCommit(t)
	for _, tool := range []string{"git", "go", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed next to pre-commit: %v", tool, err)
		}
	}
	tmp := t.TempDir()
	gitConfig := filepath.Join(tmp, "gitconfig")
	writeFiles(t, tmp, map[string]string{"gitconfig": ""})

	// pre-commit's golang install sets GOPATH to its own environment
	// directory, which would move the module cache there (and delete it
	// afterwards): pin the caches this go command uses, so the build reuses
	// downloaded modules and compiled packages. GOFLAGS is left alone: a
	// build that needs -mod=mod would fail for users too.
	var goEnv struct{ GOMODCACHE, GOCACHE string }
	goEnvJSON := mustRun(t, "", baseEnviron(), "go", "env", "-json", "GOMODCACHE", "GOCACHE")
	if err := json.Unmarshal([]byte(goEnvJSON), &goEnv); err != nil || goEnv.GOMODCACHE == "" || goEnv.GOCACHE == "" {
		t.Fatalf("go env: %v: %s", err, goEnvJSON)
	}
	e := &e2e{
		preCommit: preCommit,
		hookRepo:  filepath.Join(tmp, "hookrepo"),
		net:       newNetRecorder(t),
		store:     filepath.Join(tmp, "pre-commit-home"),
	}
	e.env = baseEnviron().with(
		"PRE_COMMIT_HOME", e.store,
		"GOMODCACHE", goEnv.GOMODCACHE,
		"GOCACHE", goEnv.GOCACHE,
		"IFLINT_CACHE_DIR", filepath.Join(tmp, "iflint-cache"),
		// The user's and the system's git configuration (hooksPath,
		// templates, signing) stay out of every repository here.
		"GIT_CONFIG_GLOBAL", gitConfig,
		"GIT_CONFIG_NOSYSTEM", "1",
		"GIT_AUTHOR_NAME", "iflint e2e", "GIT_AUTHOR_EMAIL", "e2e@iflint.invalid",
		"GIT_COMMITTER_NAME", "iflint e2e", "GIT_COMMITTER_EMAIL", "e2e@iflint.invalid",
	)
	t.Logf("%s", strings.TrimSpace(mustRun(t, "", e.env, preCommit, "--version")))
	e.rev = snapshotHookRepo(t, repoRoot(t), e.hookRepo, e.env)

	t.Run("fix", func(t *testing.T) { testFixScenario(t, e, filepath.Join(tmp, "project")) })
	t.Run("judge", func(t *testing.T) { testJudgeScenario(t, e, filepath.Join(tmp, "judged")) })
	t.Run("baseline", func(t *testing.T) { testBaselineScenario(t, e, filepath.Join(tmp, "baselined")) })
}

const geometryTest = `import unittest

import geometry
import shapes


class GeometryTest(unittest.TestCase):
    def test_area(self):
        self.assertEqual(geometry.computeArea(2, 3), 6)

    def test_describe(self):
        self.assertEqual(shapes.describe("box"), "shape box")


if __name__ == "__main__":
    unittest.main()
`

// testFixScenario: a Python project with naming and indentation rules
// and a unittest suite commits two modules with violations, while an
// untracked file and an unstaged change also break the rules.
func testFixScenario(t *testing.T, e *e2e, dir string) {
	e.newProject(t, dir, map[string]string{
		".iflint.yml": `version: 1
constraints:
  - type: naming_convention
    spec: python;class:PascalCase,function:snake_case,variable:snake_case
  - type: indentation_spacing
    spec: python;spaces:4
fix:
  test: "python3 -m unittest -q"
  timeout: 60s
`,
		// The test module is committed here, so the hooks never see it.
		"test_geometry.py": geometryTest,
		"notes.py":         "def note_text():\n    return \"ok\"\n",
	})
	shapes := "def describeShape(name):\n  labelText = \"shape \" + name\n  return labelText\n\n\ndef describe(name):\n  return describeShape(name)\n"
	// computeArea is the trap: the test suite calls it by that name, so
	// renaming it breaks the tests and must be rejected.
	geometry := "def computeArea(width, height):\n  totalArea = width * height\n  return totalArea\n"
	notes := "def noteText():\n  return \"changed\"\n"
	scratch := "def scratchPad():\n  return 1\n"
	writeFiles(t, dir, map[string]string{"shapes.py": shapes, "geometry.py": geometry, "notes.py": notes, "scratch.py": scratch})
	mustRun(t, dir, e.env, "git", "add", "shapes.py", "geometry.py")

	// 1. `pre-commit run` on what is staged: shapes.py and geometry.py,
	// not the untracked scratch.py nor the unstaged change to notes.py.
	r := e.preCommitRun(t, dir)
	if r.code != 1 {
		t.Errorf("first pre-commit run: exit %d, want 1", r.code)
	}
	runs := hookRuns(t, r.out)
	check := wantStatus(t, runs, "iflint check", "Failed")
	want := []string{
		`geometry.py:1:5: error: function name "computeArea" is not snake_case [naming_convention]`,
		`geometry.py:2:1: error: line indented with 2 spaces, expected 4: indentation is not a multiple of 4 (pycodestyle E111) [indentation_spacing]`,
		`geometry.py:2:3: error: local variable name "totalArea" is not snake_case [naming_convention]`,
		`geometry.py:3:1: error: line indented with 2 spaces, expected 4: indentation is not a multiple of 4 (pycodestyle E111) [indentation_spacing]`,
		`shapes.py:1:5: error: function name "describeShape" is not snake_case [naming_convention]`,
		`shapes.py:2:1: error: line indented with 2 spaces, expected 4: indentation is not a multiple of 4 (pycodestyle E111) [indentation_spacing]`,
		`shapes.py:2:3: error: local variable name "labelText" is not snake_case [naming_convention]`,
		`shapes.py:3:1: error: line indented with 2 spaces, expected 4: indentation is not a multiple of 4 (pycodestyle E111) [indentation_spacing]`,
		`shapes.py:7:1: error: line indented with 2 spaces, expected 4: indentation is not a multiple of 4 (pycodestyle E111) [indentation_spacing]`,
	}
	if got := findings(check.body); !slices.Equal(got, want) {
		t.Errorf("iflint check findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	fix := wantStatus(t, runs, "iflint fix", "Failed")
	if !strings.Contains(fix.body, "files were modified by this hook") {
		t.Errorf("iflint fix did not report modified files:%s", fix.body)
	}
	if !regexp.MustCompile(`geometry\.py: naming_convention .*"computeArea".*: rejected at tests`).MatchString(fix.body) {
		t.Errorf("iflint fix does not say the computeArea rename failed the tests:%s", fix.body)
	}
	for _, s := range []string{"scratch.py", "notes.py", "OPENAI_API_KEY"} {
		if strings.Contains(r.out, s) {
			t.Errorf("pre-commit output mentions %s:\n%s", s, r.out)
		}
	}

	// The verified fixes were written; the trap kept its name; files the
	// hooks were not given are untouched (pre-commit restored notes.py's
	// unstaged change after stashing it).
	fixedShapes := "def describe_shape(name):\n    label_text = \"shape \" + name\n    return label_text\n\n\ndef describe(name):\n    return describe_shape(name)\n"
	fixedGeometry := "def computeArea(width, height):\n    total_area = width * height\n    return total_area\n"
	wantFile(t, dir, "shapes.py", fixedShapes)
	wantFile(t, dir, "geometry.py", fixedGeometry)
	wantFile(t, dir, "notes.py", notes)
	wantFile(t, dir, "scratch.py", scratch)
	mustRun(t, dir, e.hookEnv(), "python3", "-m", "unittest", "-q")

	iflint := e.iflintBinary(t)
	if r := run(t, dir, e.hookEnv(), time.Minute, iflint, "check", "shapes.py"); r.code != 0 || r.out != "iflint: no findings; 1 file checked\n" {
		t.Errorf("iflint check shapes.py after the fix: exit %d, want 0 and only the clean summary:\n%s", r.code, r.out)
	}
	trap := `geometry.py:1:5: error: function name "computeArea" is not snake_case [naming_convention]`
	if r := run(t, dir, e.hookEnv(), time.Minute, iflint, "check", "geometry.py"); r.code != 1 || !slices.Equal(findings(r.out), []string{trap}) {
		t.Errorf("iflint check geometry.py after the fix: exit %d, want 1 with only %s:\n%s", r.code, trap, r.out)
	}

	// 2. The user stages the fixes and runs again: only the trap is left,
	// and nothing more is rewritten.
	mustRun(t, dir, e.env, "git", "add", "shapes.py", "geometry.py")
	r = e.preCommitRun(t, dir)
	if r.code != 1 {
		t.Errorf("second pre-commit run: exit %d, want 1 (the trap stays)", r.code)
	}
	runs = hookRuns(t, r.out)
	check = wantStatus(t, runs, "iflint check", "Failed")
	if got := findings(check.body); !slices.Equal(got, []string{trap}) {
		t.Errorf("second run, iflint check findings %q, want only the trap", got)
	}
	fix = wantStatus(t, runs, "iflint fix", "Failed")
	if strings.Contains(fix.body, "files were modified by this hook") {
		t.Errorf("second run rewrote files:%s", fix.body)
	}
	wantFile(t, dir, "shapes.py", fixedShapes)
	wantFile(t, dir, "geometry.py", fixedGeometry)

	// 3. What was fixed passes both hooks. --verbose shows their output
	// although they pass: no judge is configured, so no key notice.
	r = e.preCommitRun(t, dir, "--verbose", "--files", "shapes.py")
	if r.code != 0 {
		t.Errorf("pre-commit run --files shapes.py: exit %d, want 0", r.code)
	}
	runs = hookRuns(t, r.out)
	wantStatus(t, runs, "iflint check", "Passed")
	wantStatus(t, runs, "iflint fix", "Passed")
	if strings.Contains(r.out, "OPENAI_API_KEY") {
		t.Errorf("no judge is configured, yet the output mentions OPENAI_API_KEY:\n%s", r.out)
	}
	e.net.assertNone(t)
}

// testJudgeScenario: the config names a judge model and an LLM-judged
// constraint, but there is no key. Each hook says so once (both are
// serial, so six files still make one iflint process per hook), makes no
// request, and passes or fails on the rule-decided constraint alone.
func testJudgeScenario(t *testing.T, e *e2e, dir string) {
	e.newProject(t, dir, map[string]string{
		".iflint.yml": `version: 1
judge: [gpt-4o]
constraints:
  - type: naming_convention
    spec: python;class:PascalCase,function:snake_case,variable:snake_case
  - type: time_complexity
    spec: python;O(n)
`,
	})
	clean := map[string]string{}
	for i := range 6 {
		clean[fmt.Sprintf("mod%d.py", i)] = fmt.Sprintf("def total_%d(items):\n    return sum(items)\n", i)
	}
	writeFiles(t, dir, clean)
	mustRun(t, dir, e.env, "git", "add", ".")

	oneSkipLine := func(r result, wantCheck, wantFix string) map[string]hookRun {
		t.Helper()
		runs := hookRuns(t, r.out)
		for name, status := range map[string]string{"iflint check": wantCheck, "iflint fix": wantFix} {
			h := wantStatus(t, runs, name, status)
			if n := strings.Count(h.body, judgeSkipLine); n != 1 {
				t.Errorf("hook %q printed the missing-key notice %d times, want once:%s", name, n, h.body)
			}
			if strings.Contains(h.body, "time_complexity") {
				t.Errorf("hook %q reports the unjudged time_complexity constraint as a finding:%s", name, h.body)
			}
		}
		return runs
	}

	r := e.preCommitRun(t, dir, "--verbose")
	if r.code != 0 {
		t.Errorf("pre-commit run on rule-clean files: exit %d, want 0", r.code)
	}
	oneSkipLine(r, "Passed", "Passed")

	// A local: without a test command only those may be renamed (the
	// compiler proof keeps a function's name: its __name__).
	writeFiles(t, dir, map[string]string{"bad.py": "def bad(items):\n    itemCount = len(items)\n    return itemCount\n"})
	mustRun(t, dir, e.env, "git", "add", "bad.py")
	r = e.preCommitRun(t, dir)
	if r.code != 1 {
		t.Errorf("pre-commit run with a naming violation: exit %d, want 1", r.code)
	}
	runs := oneSkipLine(r, "Failed", "Failed")
	want := []string{`bad.py:2:5: error: local variable name "itemCount" is not snake_case [naming_convention]`}
	if got := findings(runs["iflint check"].body); !slices.Equal(got, want) {
		t.Errorf("iflint check findings %q, want %q", got, want)
	}
	if !strings.Contains(runs["iflint fix"].body, "files were modified by this hook") {
		t.Errorf("iflint fix did not rewrite bad.py:%s", runs["iflint fix"].body)
	}
	wantFile(t, dir, "bad.py", "def bad(items):\n    item_count = len(items)\n    return item_count\n")

	mustRun(t, dir, e.env, "git", "add", "bad.py")
	r = e.preCommitRun(t, dir, "--verbose")
	if r.code != 0 {
		t.Errorf("pre-commit run after staging the fix: exit %d, want 0", r.code)
	}
	oneSkipLine(r, "Passed", "Passed")
	e.net.assertNone(t)
}
