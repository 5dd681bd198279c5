package action

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/github/githubtest"
	"github.com/iflint/iflint/internal/sandbox"
)

const (
	// Canary secrets: any of them found where it does not belong fails
	// the test that looks.
	canaryToken = "ghs_CANARYTOKEN0123456789abcdefWRITE"
	roToken     = "ghs_CANARYTOKEN0123456789abcdefREAD"
	canaryKey   = "sk-CANARYKEY0123456789abcdefABCDEF"
	canary      = "CANARY"

	botLogin = "github-actions[bot]"
	owner    = "o"
	repoName = "r"
)

// The scenario: a Python module whose base already violates the naming
// convention (oldHelper, line 1), and a head commit that adds three new
// violations on added lines 9, 14 and 17.
const (
	scenarioConfig = `version: 1
fix:
  test: python3 -m unittest -q
  timeout: 60s
constraints:
  - type: naming_convention
    spec: python;class:PascalCase,function:snake_case
  - type: indentation_spacing
    spec: python;spaces:4
`
	baseCalc = `def oldHelper(x):
    return x * 2


def total(xs):
    return sum(xs)
`
	headCalc = baseCalc + `

def addNumbers(a, b):
    return a + b


def scale(xs, k):
  return [x * k for x in xs]


class bad_widget:
    pass
`
	testCalc = `import unittest

from calc import total


class TotalTest(unittest.TestCase):
    def test_total(self):
        self.assertEqual(total([1, 2, 3]), 6)
`
)

func requirePython(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
}

// gitRepo is a real repository in a temporary directory.
type gitRepo struct {
	t   testing.TB
	dir string
	env []string
}

func newGitRepo(t testing.TB) *gitRepo {
	t.Helper()
	g := &gitRepo{t: t, dir: t.TempDir(), env: []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@example.com", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@example.com",
		"GIT_AUTHOR_DATE=2030-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2030-01-02T03:04:05Z",
	}}
	g.git("init", "-q", "-b", "main")
	return g
}

func (g *gitRepo) git(args ...string) string {
	g.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = g.dir, g.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		g.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// commit writes files ("" deletes one) and commits them; it returns the SHA.
func (g *gitRepo) commit(msg string, files map[string]string) string {
	g.t.Helper()
	for name, data := range files {
		p := filepath.Join(g.dir, filepath.FromSlash(name))
		if data == "" {
			if err := os.Remove(p); err != nil {
				g.t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			g.t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			g.t.Fatal(err)
		}
	}
	g.git("add", "-A")
	g.git("commit", "-q", "--allow-empty", "-m", msg)
	return g.git("rev-parse", "HEAD")
}

// show is path at rev, or nil when it does not exist there.
func (g *gitRepo) show(rev, path string) []byte {
	cmd := exec.Command("git", "show", rev+":"+path)
	cmd.Dir, cmd.Env = g.dir, g.env
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	return out
}

// changes describes base..head as GitHub's list-files would.
func (g *gitRepo) changes(base, head string) []githubtest.File {
	g.t.Helper()
	var files []githubtest.File
	for _, p := range strings.Fields(g.git("diff", "--name-only", base, head)) {
		files = append(files, githubtest.FileChange(p, g.show(base, p), g.show(head, p)))
	}
	return files
}

// fixture is a pull request on the fake GitHub with its repository checked
// out as GITHUB_WORKSPACE, and the environment the runner would set.
type fixture struct {
	t      testing.TB
	srv    *githubtest.Server
	repo   *gitRepo
	dir    string // event payload, outputs, summary
	env    map[string]string
	number int
	base   string
	head   string
	// headRepo is the pull request's head repository (default the base's,
	// owner/repoName; another one makes it a fork).
	headRepo string
	treeDir  string // the test command's trees and caches
	stdout   bytes.Buffer
	stderr   bytes.Buffer
	// clock, when set, is the run's clock (default: a stopped one).
	clock *stageClock
}

func newFixture(t testing.TB, base, head map[string]string) *fixture {
	t.Helper()
	f := &fixture{t: t, srv: githubtest.New(t, githubtest.Options{RateLimit: 1 << 30}), repo: newGitRepo(t), dir: t.TempDir(), number: 7, treeDir: t.TempDir()}
	f.srv.AddToken(canaryToken, githubtest.Token{Login: botLogin, Write: true})
	f.srv.AddToken(roToken, githubtest.Token{Login: botLogin})
	f.base = f.repo.commit("base", base)
	f.head = f.repo.commit("head", head)
	f.env = map[string]string{
		"PATH": os.Getenv("PATH"), "HOME": os.Getenv("HOME"), "PYENV_ROOT": os.Getenv("PYENV_ROOT"),
		"GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "pull_request", "GITHUB_REPOSITORY": owner + "/" + repoName,
		"GITHUB_API_URL": f.srv.URL, "GITHUB_WORKSPACE": f.repo.dir, "GITHUB_SHA": f.head,
		"GITHUB_EVENT_PATH":   filepath.Join(f.dir, "event.json"),
		"GITHUB_OUTPUT":       filepath.Join(f.dir, "output"),
		"GITHUB_STEP_SUMMARY": filepath.Join(f.dir, "summary.md"),
		"INPUT_GITHUB-TOKEN":  canaryToken,
		"INPUT_MODE":          "suggest",
	}
	f.openPR()
	return f
}

// openPR (re)registers the pull request at f.head and writes its event.
func (f *fixture) openPR() {
	f.t.Helper()
	f.registerPR(f.repo.changes(f.base, f.head))
	f.writeEvent()
}

func (f *fixture) registerPR(files []githubtest.File) {
	f.t.Helper()
	if err := f.srv.AddPR(githubtest.PR{Owner: owner, Repo: repoName, Number: f.number, HeadSHA: f.head, BaseSHA: f.base, Files: files, HeadRepo: f.headRepo}); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) writeEvent() {
	f.t.Helper()
	ev := map[string]any{
		"action": "synchronize", "number": f.number,
		"pull_request": map[string]any{"number": f.number,
			"head": map[string]any{"sha": f.head, "repo": map[string]any{"full_name": cmp.Or(f.headRepo, owner+"/"+repoName)}},
			"base": map[string]any{"sha": f.base, "repo": map[string]any{"full_name": owner + "/" + repoName}}},
		"repository": map[string]any{"name": repoName, "owner": map[string]any{"login": owner}},
	}
	b, _ := json.Marshal(ev)
	if err := os.WriteFile(f.env["GITHUB_EVENT_PATH"], b, 0o644); err != nil {
		f.t.Fatal(err)
	}
}

// push commits a new head (the author's next commit) and updates the PR.
func (f *fixture) push(files map[string]string) {
	f.t.Helper()
	f.head = f.repo.commit("next", files)
	f.env["GITHUB_SHA"] = f.head
	f.openPR()
}

func (f *fixture) getenv(k string) string { return f.env[k] }

// environ is the process environment the test command starts from: the
// whole fixture environment, secrets included, for the runner to scrub.
func (f *fixture) environ() []string {
	var out []string
	for k, v := range f.env {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

// run runs the action once, with fresh output files and logs.
func (f *fixture) run(ov Overrides) (int, error) {
	return f.runIn(nil, ov)
}

// runIn runs the action once with the test command contained by one of
// mechanisms (nil: the strongest that works here).
func (f *fixture) runIn(mechanisms []sandbox.Mechanism, ov Overrides) (int, error) {
	f.t.Helper()
	f.stdout.Reset()
	f.stderr.Reset()
	for _, k := range []string{"GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"} {
		if err := os.WriteFile(f.env[k], nil, 0o644); err != nil {
			f.t.Fatal(err)
		}
	}
	clock := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	env := Env{
		Getenv: f.getenv, Environ: f.environ, Stdout: &f.stdout, Stderr: &f.stderr,
		HTTPClient: &http.Client{Timeout: time.Minute}, Now: func() time.Time { return clock },
		Sleep: func(context.Context, time.Duration) error { return nil }, Version: "test", Sandbox: mechanisms, TreeDir: f.treeDir,
		// Progress lines wait on a timer that never fires unless a test
		// drives the clock.
		After: func(time.Duration) <-chan time.Time { return nil },
	}
	if f.clock != nil {
		env.Now, env.After = f.clock.Now, f.clock.After
	}
	return Run(context.Background(), env, ov)
}

func (f *fixture) read(envName string) string {
	f.t.Helper()
	b, err := os.ReadFile(f.env[envName])
	if err != nil {
		f.t.Fatal(err)
	}
	return string(b)
}

// outputs parses GITHUB_OUTPUT's name<<delimiter blocks.
func (f *fixture) outputs() map[string]string {
	f.t.Helper()
	return parseOutputs(f.t, f.read("GITHUB_OUTPUT"))
}

func parseOutputs(t testing.TB, s string) map[string]string {
	t.Helper()
	out := map[string]string{}
	lines := strings.Split(s, "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] == "" {
			continue
		}
		name, delim, ok := strings.Cut(lines[i], "<<")
		if !ok || i+2 >= len(lines) || lines[i+2] != delim {
			t.Fatalf("GITHUB_OUTPUT line %d: unexpected %q in\n%s", i+1, lines[i], s)
		}
		out[name] = lines[i+1]
		i += 2
	}
	return out
}

// reviewPosts returns the review-creating requests that succeeded.
func reviewPosts(log []githubtest.Request) []githubtest.Request {
	var out []githubtest.Request
	for _, r := range log {
		if r.Method == http.MethodPost && strings.HasSuffix(r.Path, "/reviews") && r.Status == http.StatusOK {
			out = append(out, r)
		}
	}
	return out
}

func countRequests(log []githubtest.Request, method, contains string) int {
	n := 0
	for _, r := range log {
		if r.Method == method && strings.Contains(r.Path, contains) {
			n++
		}
	}
	return n
}

// draft is a comment of a create-review request, as sent.
type draft struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Side      string `json:"side"`
	StartLine int    `json:"start_line"`
	Body      string `json:"body"`
}

func drafts(t testing.TB, r githubtest.Request) []draft {
	t.Helper()
	var req struct {
		Event    string  `json:"event"`
		CommitID string  `json:"commit_id"`
		Comments []draft `json:"comments"`
	}
	if err := json.Unmarshal([]byte(r.Body), &req); err != nil {
		t.Fatalf("review body: %v", err)
	}
	return req.Comments
}

// annotations returns the workflow command lines of one kind ("error").
func annotations(stdout, kind string) []string {
	var out []string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(l, "::"+kind+" ") || strings.HasPrefix(l, "::"+kind+"::") {
			out = append(out, l)
		}
	}
	return out
}

func lineAnnotated(stdout, path string, line int) bool {
	want := fmt.Sprintf("file=%s,line=%d,", path, line)
	for _, a := range append(annotations(stdout, "error"), annotations(stdout, "warning")...) {
		if strings.Contains(a, want) {
			return true
		}
	}
	return false
}
