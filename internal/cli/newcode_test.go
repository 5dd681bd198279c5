package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/github"
	"github.com/iflint/iflint/internal/newcode"
)

// gitRepo is a real repository in a temporary directory.
type gitRepo struct {
	t   *testing.T
	dir string
}

func newRepo(t *testing.T) *gitRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	g := &gitRepo{t: t, dir: t.TempDir()}
	g.git("init", "-q", "-b", "main")
	return g
}

func (g *gitRepo) env() []string {
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + g.dir, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z"}
}

func (g *gitRepo) git(args ...string) string {
	g.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = g.dir, g.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		g.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func (g *gitRepo) write(files map[string]string) {
	g.t.Helper()
	for name, text := range files {
		p := filepath.Join(g.dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			g.t.Fatal(err)
		}
		if text == "" {
			if err := os.Remove(p); err != nil {
				g.t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			g.t.Fatal(err)
		}
	}
}

func (g *gitRepo) commit(msg string, files map[string]string) string {
	g.t.Helper()
	g.write(files)
	g.git("add", "-A")
	g.git("commit", "-q", "-m", msg)
	return g.git("rev-parse", "HEAD")
}

// run runs iflint in the repository.
func (g *gitRepo) run(args ...string) (int, string, string) {
	g.t.Helper()
	var out, errb bytes.Buffer
	env := map[string]string{"PATH": os.Getenv("PATH"), "HOME": g.dir}
	cmd := &Command{Stdout: &out, Stderr: &errb, Dir: g.dir, Getenv: func(k string) string { return env[k] }, BuildInfo: testBuildInfo}
	code := cmd.Main(context.Background(), args)
	return code, out.String(), errb.String()
}

type located struct {
	Path       string
	Line, Col  int
	Type, Text string
}

func (g *gitRepo) findings(args ...string) []located {
	g.t.Helper()
	code, out, errs := g.run(append([]string{"check", "-format", "json"}, args...)...)
	if code != ExitClean && code != ExitFindings {
		g.t.Fatalf("check %v: exit %d\n%s", args, code, errs)
	}
	var res engine.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		g.t.Fatal(err)
	}
	var ls []located
	for _, d := range res.Diagnostics {
		ls = append(ls, located{d.Path, d.Line, d.Col, string(d.Type), d.Message})
	}
	return ls
}

const newCodeConfig = `constraints:
  - type: naming_convention
    spec: python;class:PascalCase,function:snake_case
  - type: indentation_spacing
    spec: python;spaces:4
  - type: naming_convention
    spec: go;function:camelCase
  - type: brace_block_formatting
    spec: java;K&R
`

var newCodeBase = map[string]string{
	".iflint.yml": newCodeConfig,
	"app/models.py": `class user_record:
    def getName(self):
        return 1


def load_all():
    return [user_record()]


def oldHelper():
  return 2
`,
	"app/util.py": `def fineName():
    return 1
`,
	"main.go": `package main

func main() {
	run_all()
}

func run_all() {}

func keep_me() {}
`,
	"Old.java": `class Old
{
    void f()
    {
    }
}
`,
}

var newCodeHead = map[string]string{
	// A changed line (rename), an added function, an old one left alone.
	"app/models.py": `class user_record:
    def getName(self):
        return 1


def loadAll():
    return [user_record()]


def oldHelper():
  return 2


def addedHelper():
  return 3
`,
	// Renamed and changed.
	"app/util.py":    "",
	"app/helpers.py": "def fineName():\n    return 1\n\n\ndef newOne():\n    return 2\n",
	"main.go": `package main

func main() {
	run_all()
	new_call()
}

func run_all() {}

func keep_me() {}

func new_call() {}
`,
	"New.java": "class New\n{\n}\n",
}

// TestNewFromRevMatchesTheActionsAddedFilter: on a real history,
// `check -new-from-rev BASE` reports exactly the findings the Action's
// `added` filter keeps on the same diff, computed two ways: the filter
// of internal/github applied to a full check, and the Action itself run
// on the pull request from BASE to HEAD.
func TestNewFromRevMatchesTheActionsAddedFilter(t *testing.T) {
	g := newRepo(t)
	base := g.commit("base", newCodeBase)
	g.git("checkout", "-q", "-b", "feature")
	g.commit("head", newCodeHead)

	got := g.findings("-new-from-rev", base)
	all := g.findings()

	// The Action's filter, on the pull request diff of the same commits.
	diffText := g.git("diff", "--no-color", "-U3", base+"...HEAD")
	diff, err := github.ParseDiff([]byte(diffText + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := g.run("check", "-format", "json")
	if code != ExitFindings {
		t.Fatalf("full check: exit %d\n%s", code, errs)
	}
	var full engine.Result
	if err := json.Unmarshal([]byte(out), &full); err != nil {
		t.Fatal(err)
	}
	var want []located
	for _, d := range full.Diagnostics {
		if s, e := newcode.Lines(d); diff.Allowed(github.FilterAdded, d.Path, s, e) {
			want = append(want, located{d.Path, d.Line, d.Col, string(d.Type), d.Message})
		}
	}
	if len(got) == 0 || len(got) >= len(all) {
		t.Fatalf("-new-from-rev kept %d of %d findings; the fixture must have findings on both sides", len(got), len(all))
	}
	if !slices.Equal(got, want) {
		t.Errorf("-new-from-rev:\n%s\nthe added filter on the pull request diff:\n%s", render(got), render(want))
	}

	// The Action itself, dry run: its SARIF holds the findings in scope.
	code, _, errs = g.run("action", "-repo", "o/r", "-pr", "1", "-head", "HEAD", "-base", base, "-dry-run")
	if code != ExitFindings {
		t.Fatalf("action dry run: exit %d\n%s", code, errs)
	}
	sarif, err := os.ReadFile(filepath.Join(g.dir, "iflint.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }    `json:"artifactLocation"`
						Region           struct{ StartLine int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarif, &log); err != nil {
		t.Fatal(err)
	}
	var action, ours []string
	for _, r := range log.Runs[0].Results {
		l := r.Locations[0].PhysicalLocation
		action = append(action, fmt.Sprintf("%s:%d %s", l.ArtifactLocation.URI, l.Region.StartLine, r.RuleID))
	}
	for _, l := range got {
		ours = append(ours, fmt.Sprintf("%s:%d %s", l.Path, l.Line, l.Type))
	}
	slices.Sort(action)
	slices.Sort(ours)
	if !slices.Equal(action, ours) {
		t.Errorf("the Action reports\n%s\n-new-from-rev reports\n%s", strings.Join(action, "\n"), strings.Join(ours, "\n"))
	}
	t.Logf("%d of %d findings are on lines changed since the base:\n%s", len(got), len(all), render(got))
}

// TestNewFromRevWorkingTree: uncommitted changes and untracked files are
// new code too; a bad revision is a usage error.
func TestNewFromRevWorkingTree(t *testing.T) {
	g := newRepo(t)
	g.commit("base", newCodeBase)
	g.write(map[string]string{
		"app/models.py": strings.Replace(newCodeBase["app/models.py"], "def load_all():", "def loadEverything():", 1),
		"app/fresh.py":  "def brandNew():\n    return 1\n",
	})
	got := render(g.findings("-new-from-rev", "HEAD"))
	want := "app/fresh.py:1:5 naming_convention function name \"brandNew\" is not snake_case\n" +
		"app/models.py:6:5 naming_convention function name \"loadEverything\" is not snake_case\n"
	if got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	if code, _, errs := g.run("check", "-new-from-rev", "no-such-branch"); code != ExitUsage || !strings.Contains(errs, "no-such-branch") {
		t.Errorf("bad revision: exit %d\n%s", code, errs)
	}
}

// TestFixNewFromRev: fix -new-from-rev fixes the finding on a changed
// line and leaves the old one alone, saying why.
func TestFixNewFromRev(t *testing.T) {
	g := newRepo(t)
	base := g.commit("base", map[string]string{
		".iflint.yml": "constraints:\n  - type: naming_convention\n    spec: python;variable:snake_case\n",
		"a.py":        "def f():\n    oldName = 1\n    return oldName\n",
	})
	// Locals: without a test command only those may be renamed (the
	// compiler proof keeps a function's name, its __name__).
	g.commit("head", map[string]string{"a.py": "def f():\n    oldName = 1\n    return oldName\n\n\ndef g():\n    newName = 2\n    return newName\n"})
	code, out, errs := g.run("fix", "-new-from-rev", base)
	if code != ExitFindings {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "+    new_name = 2") || strings.Contains(out, "+    old_name = 1") {
		t.Errorf("diff:\n%s", out)
	}
	if !strings.Contains(errs, "not on lines changed since "+base) {
		t.Errorf("report:\n%s", errs)
	}
}

func render(ls []located) string {
	var b strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&b, "%s:%d:%d %s %s\n", l.Path, l.Line, l.Col, l.Type, l.Text)
	}
	return b.String()
}
