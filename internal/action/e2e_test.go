package action

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// headMulti makes one suggestion span two lines (a re-indented body).
const headMulti = baseCalc + `

def addNumbers(a, b):
    return a + b


def scale(xs, k):
  ys = [x * k for x in xs]
  return ys


class bad_widget:
    pass
`

// TestEndToEndBinary is (g): it builds iflint and runs `iflint action`
// exactly as action.yml does — its "Run iflint" step's run line under the
// runner's bash, with the step's env mapping applied to the inputs (so
// every input arrives as an INPUT_* variable, defaults included), the
// runner's GITHUB_* variables and files, and the workspace as working
// directory — against the fake GitHub. It then reads what a workflow
// would: the exit code, the outputs (checked against action.yml's), the
// job summary and the review GitHub received.
func TestEndToEndBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	requirePython(t)
	root := moduleRoot(t)
	runnerTemp := t.TempDir()
	buildBinary(t, root, filepath.Join(runnerTemp, "iflint"))
	meta := readActionYML(t, filepath.Join(root, "action.yml"))
	step := meta.step(t, "iflint")
	f := newFixture(t,
		map[string]string{".iflint.yml": scenarioConfig, "calc.py": baseCalc, "test_calc.py": testCalc},
		map[string]string{"calc.py": headMulti})

	inputs := map[string]string{"github-token": canaryToken, "mode": "suggest", "filter-mode": "added", "fail-on": "error"}
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "PYENV_ROOT=" + os.Getenv("PYENV_ROOT"), "RUNNER_TEMP=" + runnerTemp, "TMPDIR=" + t.TempDir(),
		"GITHUB_ACTIONS=true", "GITHUB_EVENT_NAME=pull_request", "GITHUB_EVENT_PATH=" + f.env["GITHUB_EVENT_PATH"],
		"GITHUB_OUTPUT=" + f.env["GITHUB_OUTPUT"], "GITHUB_STEP_SUMMARY=" + f.env["GITHUB_STEP_SUMMARY"],
		"GITHUB_REPOSITORY=o/r", "GITHUB_API_URL=" + f.srv.URL, "GITHUB_WORKSPACE=" + f.repo.dir, "GITHUB_SHA=" + f.head,
	}
	env = append(env, meta.stepEnv(t, step, inputs, runnerTemp)...)
	for _, k := range []string{"GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"} {
		if err := os.WriteFile(f.env[k], nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if step.Shell != "bash" || step.WorkingDirectory != "${{ github.workspace }}" {
		t.Fatalf("action.yml's step runs with shell %q in %q; want bash in the workspace", step.Shell, step.WorkingDirectory)
	}
	// The runner's bash invocation for shell: bash.
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step.Run)
	cmd.Dir, cmd.Env = f.repo.dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != ExitFindings {
		t.Fatalf("iflint action: %v (want exit 1 for findings)\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}

	out := f.outputs()
	for k := range out {
		if meta.Outputs[k].Value != "${{ steps.iflint.outputs."+k+" }}" {
			t.Errorf("output %s is not mapped by action.yml", k)
		}
	}
	for k := range meta.Outputs {
		if _, ok := out[k]; !ok {
			t.Errorf("action.yml declares output %s, which iflint does not set", k)
		}
	}
	want := map[string]string{
		"findings": "4", "verified-fixes": "3", "ssr": "0.0000", "hsr": "0.0000",
		"sarif-file": filepath.Join(f.repo.dir, "iflint.sarif"),
	}
	for k, v := range want {
		if out[k] != v {
			t.Errorf("output %s = %q, want %q (all: %v)", k, out[k], v, out)
		}
	}
	if _, err := os.Stat(out["sarif-file"]); err != nil {
		t.Errorf("SARIF file: %v", err)
	}
	summary := f.read("GITHUB_STEP_SUMMARY")
	for _, w := range []string{
		"## iflint: o/r#7 at " + f.head[:7],
		"| `naming_convention` `python;class:PascalCase,function:snake_case` | 1 | 0 | 1 | 0 | 2 | 2 |",
		"| `indentation_spacing` `python;spaces:4` | 1 | 0 | 1 | 0 | 2 | 2 |",
		"**SSR** 0.0000 (0 of 2 decided outcomes satisfied)", "**HSR** 0.0000 (0 of 1 files",
		"| `calc.py` | 14-15 | `indentation_spacing` line 14, `indentation_spacing` line 15 |",
		"python3 -m unittest -q",
		"Posted a review with 3 suggestion(s).",
	} {
		if !strings.Contains(summary, w) {
			t.Errorf("summary lacks %q:\n%s", w, summary)
		}
	}

	posts := reviewPosts(f.srv.Requests())
	if len(posts) != 1 {
		t.Fatalf("%d review POSTs, want 1", len(posts))
	}
	type place struct{ start, line int }
	var got []place
	for _, d := range drafts(t, posts[0]) {
		if d.Path != "calc.py" || d.Side != "RIGHT" || !strings.Contains(d.Body, "```suggestion\n") || !strings.Contains(d.Body, "<!-- iflint:fingerprint=fix:") {
			t.Errorf("comment %+v", d)
		}
		got = append(got, place{d.StartLine, d.Line})
	}
	if !slices.Equal(got, []place{{0, 9}, {14, 15}, {0, 18}}) {
		t.Errorf("comments at %v, want line 9, lines 14-15, line 18", got)
	}
	if !strings.Contains(posts[0].Body, `"start_side":"RIGHT"`) || !strings.Contains(posts[0].Body, `"event":"COMMENT"`) {
		t.Errorf("review request:\n%s", posts[0].Body)
	}
	// The run kept its files' results where action.yml's actions/cache
	// steps restore and save them.
	saved := strings.Replace(meta.uses(t, "actions/cache/save@").With["path"], runnerTempExpr, runnerTemp, 1)
	if ents, err := os.ReadDir(saved); err != nil || len(ents) == 0 {
		t.Errorf("the result cache directory action.yml saves, %s, holds nothing after the run (%d entries, %v)", saved, len(ents), err)
	}
	if strings.Contains(stderr.String()+f.read("GITHUB_OUTPUT")+summary+posts[0].Body, canary) {
		t.Error("the token leaked")
	}
}

// moduleRoot is the directory of go.mod above this package.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			return root
		}
		parent := filepath.Dir(root)
		if parent == root {
			t.Fatal("no go.mod above the package directory")
		}
		root = parent
	}
}

// buildBinary runs `go build -o bin ./cmd/iflint` in the module root.
func buildBinary(t *testing.T, root, bin string) {
	t.Helper()
	gotool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gotool); err != nil {
		gotool = "go"
	}
	cmd := exec.Command(gotool, "build", "-o", bin, "./cmd/iflint")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
}

// actionMeta is the part of action.yml the test runs.
type actionMeta struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionStep struct {
	ID               string            `yaml:"id"`
	Name             string            `yaml:"name"`
	If               string            `yaml:"if"`
	Uses             string            `yaml:"uses"`
	With             map[string]string `yaml:"with"`
	Shell            string            `yaml:"shell"`
	WorkingDirectory string            `yaml:"working-directory"`
	Env              map[string]string `yaml:"env"`
	Run              string            `yaml:"run"`
}

func readActionYML(t *testing.T, path string) *actionMeta {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m actionMeta
	if err := yaml.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if m.Runs.Using != "composite" {
		t.Fatalf("action.yml runs using %q, want composite", m.Runs.Using)
	}
	return &m
}

func (m *actionMeta) step(t *testing.T, id string) actionStep {
	t.Helper()
	for _, s := range m.Runs.Steps {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("action.yml has no step %q", id)
	return actionStep{}
}

var inputExpr = regexp.MustCompile(`^\$\{\{ inputs\.([a-z0-9-]+) \}\}$`)

// stepEnv evaluates the step's env mapping as the runner would: each
// ${{ inputs.NAME }} is the given value, else the input's default. Every
// declared input must be passed, or the binary would never see it.
func (m *actionMeta) stepEnv(t *testing.T, s actionStep, given map[string]string, runnerTemp string) []string {
	t.Helper()
	passed := map[string]bool{}
	var env []string
	for k, v := range s.Env {
		if rest, ok := strings.CutPrefix(v, runnerTempExpr); ok { // the result cache's directory
			env = append(env, k+"="+runnerTemp+rest)
			continue
		}
		sub := inputExpr.FindStringSubmatch(v)
		if sub == nil {
			t.Fatalf("env %s: %q is not an input expression", k, v)
		}
		in, ok := m.Inputs[sub[1]]
		if !ok {
			t.Fatalf("env %s names undeclared input %q", k, sub[1])
		}
		if want := "INPUT_" + strings.ToUpper(sub[1]); k != want {
			t.Errorf("input %s is passed as %s; go-githubactions reads %s", sub[1], k, want)
		}
		val, ok := given[sub[1]]
		if !ok {
			val = in.Default
		}
		passed[sub[1]] = true
		env = append(env, k+"="+val)
	}
	for name := range m.Inputs {
		if !passed[name] {
			t.Errorf("input %s is not passed to iflint", name)
		}
	}
	sort.Strings(env)
	return env
}
