package fixloop

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/llm/llmtest"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/verify"
)

// writeRepo writes files into a new temporary directory.
func writeRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func loadRepo(t *testing.T, dir string) (*config.Config, []engine.File) {
	t.Helper()
	cfg, err := config.Load(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	fs, err := engine.ReadFiles(dir, []string{dir}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, fs.Files
}

func testEnv() []string {
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "PYENV_ROOT=" + os.Getenv("PYENV_ROOT")}
}

const topConfig = `version: 1
fix:
  test: python3 -m unittest -q
  timeout: 60s
constraints:
  - type: function
    spec: python;sorted
    paths: [top.py]
  - type: naming_convention
    spec: python;function:snake_case
`

const topTest = `import unittest
from top import top_three


class T(unittest.TestCase):
    def test_smallest_first(self):
        self.assertEqual(top_three([5, 3, 9, 1]), [1, 3, 5])
`

// TestFixLLMOverFakeServer drives the LLM path end to end through the
// real client against a scripted OpenAI-compatible server: the first
// reply satisfies the constraint but breaks the tests and is rejected
// at the tests stage; the second round is told why and its reply fixes
// everything, so it is kept.
func TestFixLLMOverFakeServer(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	dir := writeRepo(t, map[string]string{
		".iflint.yml": topConfig,
		"top.py":      "def top_three(xs):\n    xs.sort()\n    return xs[:3]\n",
		"test_top.py": topTest,
	})
	breaks := "```python\ndef top_three(xs):\n    return sorted(xs, reverse=True)[:3]\n```"
	fixes := "```python\ndef top_three(xs):\n    return sorted(xs)[:3]\n```"
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Text: breaks}, llmtest.Response{Text: fixes}))
	client, err := llm.New(llm.Config{BaseURL: srv.URL(), APIKey: "sk-test-CANARY", Concurrency: 1, MaxRetries: 0}, srv.Client(), nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg, files := loadRepo(t, dir)
	res, err := Fix(context.Background(), files, FixOptions{
		Options: engine.Options{Config: cfg}, Root: dir,
		Test: sandbox.Shell(cfg.Fix.Test), Runner: &sandbox.Runner{Timeout: cfg.Fix.Timeout, Env: testEnv()},
		Refactor: fix.LLM{C: client, Model: "fake-model"}, Rounds: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Candidates) != 2 {
		t.Fatalf("got %d candidates, want 2: %+v", len(res.Candidates), res.Candidates)
	}
	first, second := res.Candidates[0], res.Candidates[1]
	if first.Source != "llm" || first.Accepted || first.Stage != verify.StageTests || first.Verification.Tests == nil || first.Verification.Tests.Passed {
		t.Errorf("first candidate: %+v; want an LLM candidate rejected at tests with a failing test record", first)
	}
	if !second.Accepted || second.Round != 1 || second.Verification.Tests == nil || !second.Verification.Tests.Passed {
		t.Errorf("second candidate: %+v; want round 1 accepted with passing tests", second)
	}
	if len(res.Files) != 1 || string(res.Files[0].New) != "def top_three(xs):\n    return sorted(xs)[:3]\n" {
		t.Errorf("fixed files: %+v", res.Files)
	}
	if len(res.After.Diagnostics) != 0 {
		t.Errorf("findings remain: %+v", res.After.Diagnostics)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	p0, p1 := reqs[0].Messages[0].Content, reqs[1].Messages[0].Content
	for _, want := range []string{"python;sorted", "no call to \"sorted\"", "python;function:snake_case", "xs.sort()"} {
		if !strings.Contains(p0, want) {
			t.Errorf("first prompt lacks %q:\n%s", want, p0)
		}
	}
	for _, want := range []string{"rejected by verification", "tests stage", "AssertionError"} {
		if !strings.Contains(p1, want) {
			t.Errorf("feedback prompt lacks %q:\n%s", want, p1)
		}
	}
	for _, r := range reqs {
		if strings.Contains(string(r.Body), "CANARY") {
			t.Error("the API key leaked into a request body")
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "top.py")); !strings.Contains(string(b), "xs.sort()") {
		t.Error("Fix wrote to the repository; writing is the caller's decision")
	}
}

// TestFixLLMSyntaxErrorRejected: a reply that does not parse never
// reaches the tests.
func TestFixLLMSyntaxErrorRejected(t *testing.T) {
	dir := writeRepo(t, map[string]string{
		".iflint.yml": strings.Replace(topConfig, "python3 -m unittest -q", "echo tests must not run; exit 1", 1),
		"top.py":      "def top_three(xs):\n    xs.sort()\n    return xs[:3]\n",
	})
	srv := llmtest.NewServer(t, llmtest.Reply("```python\ndef top_three(xs:\n    return sorted(xs)[:3]\n```"))
	client, err := llm.New(llm.Config{BaseURL: srv.URL(), APIKey: "k", Concurrency: 1}, srv.Client(), nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg, files := loadRepo(t, dir)
	res, err := Fix(context.Background(), files, FixOptions{
		Options: engine.Options{Config: cfg}, Root: dir,
		Test: sandbox.Shell(cfg.Fix.Test), Runner: &sandbox.Runner{Env: testEnv()},
		Refactor: fix.LLM{C: client, Model: "m"}, Rounds: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Candidates {
		if c.Accepted || c.Stage != verify.StageSyntax || c.Verification.Tests != nil {
			t.Errorf("candidate %+v: want rejected at syntax without a test run", c)
		}
	}
	if len(res.Candidates) != 2 || res.Baseline != nil || len(res.Files) != 0 {
		t.Errorf("%d candidates, baseline %v, files %d; want 2 rejected, no test run, no file", len(res.Candidates), res.Baseline, len(res.Files))
	}
}

// TestFixContainsHostileTests: a test command that starts a background
// loop, writes outside its directory and hangs is killed at the timeout
// with everything it started; the candidate is rejected and the original
// tree is unchanged.
func TestFixContainsHostileTests(t *testing.T) {
	mark := fmt.Sprintf("iflint-fixloop-%d-%d", os.Getpid(), time.Now().UnixNano())
	script := `if grep -q parseLine main.go; then sh -c "while :; do sleep 1; done" ` + mark + ` & echo escaped > ../outside.txt; sleep 300; fi`
	dir := writeRepo(t, map[string]string{
		".iflint.yml": "version: 1\nfix:\n  test: '" + script + "'\n  timeout: 1s\nconstraints:\n  - type: naming_convention\n    spec: go;function:camelCase\n",
		"main.go":     "package main\n\nfunc parse_line(s string) string { return s }\n\nfunc main() { _ = parse_line(\"x\") }\n",
	})
	before := snapshot(t, dir)
	cfg, files := loadRepo(t, dir)
	res, err := Fix(context.Background(), files, FixOptions{
		Options: engine.Options{Config: cfg}, Root: dir,
		Test: sandbox.Shell(cfg.Fix.Test), Runner: &sandbox.Runner{Timeout: cfg.Fix.Timeout, Env: testEnv()},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Candidates) != 1 {
		t.Fatalf("candidates: %+v", res.Candidates)
	}
	c := res.Candidates[0]
	if c.Accepted || c.Stage != verify.StageTests || c.Verification.Tests == nil || !c.Verification.Tests.TimedOut {
		t.Fatalf("candidate %+v: want rejected at tests after a timeout", c)
	}
	if res.Baseline == nil || !res.Baseline.Passed {
		t.Errorf("baseline %+v: the unmodified tree's tests pass (the script only hangs with the fix)", res.Baseline)
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("original tree changed:\n%s\nwant:\n%s", after, before)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "outside.txt")); err == nil {
		t.Error("the write outside the copy reached the original tree's parent")
	}
	// Fix returns after the run's mechanism killed everything it started
	// (a zombie has no command line, so it does not count).
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline")); err == nil && strings.Contains(string(b), mark) {
			pid, _ := strconv.Atoi(e.Name())
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d started by the test command outlived the timeout", pid)
		}
	}
}

// snapshot lists every file under dir with its content.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		b.WriteString(p + "\n" + string(data) + "\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestIsTestFile(t *testing.T) {
	for p, want := range map[string]bool{
		"test_top.py": true, "pkg/parse_test.go": true, "src/app.test.js": true, "src/app.spec.ts": true,
		"test/UtilTest.java": true, "src/UtilTest.java": true, "TestMain.java": true, "tests/integration.rs": true,
		"conftest.py": true, "__tests__/x.js": true,
		"top.py": false, "contest.py": false, "src/Testing.java": false, "attest.go": false, "latest.js": false, "Test.java": false,
	} {
		if got := IsTestFile(p); got != want {
			t.Errorf("IsTestFile(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestFixLLMScope: with InScope (a pull request's changed lines), the
// model is shown only the findings inside, and a candidate that leaves
// the outside ones in place is kept; without a scope, the same reply
// does not fix the constraint and is rejected at the findings stage.
func TestFixLLMScope(t *testing.T) {
	// Private names: without a test command only those may be renamed.
	src := "def _loadAll():\n    return 1\n\n\ndef _saveAll():\n    return 2\n"
	reply := "```python\ndef _load_all():\n    return 1\n\n\ndef _saveAll():\n    return 2\n```"
	for _, scoped := range []bool{true, false} {
		t.Run(fmt.Sprintf("scoped=%v", scoped), func(t *testing.T) {
			dir := writeRepo(t, map[string]string{
				".iflint.yml": "version: 1\nconstraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n",
				"m.py":        src,
			})
			srv := llmtest.NewServer(t, llmtest.Reply(reply))
			client, err := llm.New(llm.Config{BaseURL: srv.URL(), APIKey: "k", Concurrency: 1}, srv.Client(), nil)
			if err != nil {
				t.Fatal(err)
			}
			cfg, files := loadRepo(t, dir)
			o := FixOptions{Options: engine.Options{Config: cfg}, Root: dir, Refactor: fix.LLM{C: client, Model: "m"}, Rounds: 1,
				// The deterministic fixer would rename both; leave the work to the model.
				Composer: func(constraint.Type) check.Composer { return nil }}
			if scoped {
				o.InScope = func(path string, start, end int) bool { return path == "m.py" && start >= 1 && end <= 2 }
			}
			res, err := Fix(context.Background(), files, o)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Candidates) != 1 {
				t.Fatalf("candidates: %+v", res.Candidates)
			}
			c := res.Candidates[0]
			prompt := srv.Requests()[0].Messages[0].Content
			if scoped {
				if !c.Accepted {
					t.Errorf("scoped candidate rejected at %s: %s", c.Stage, c.Reason)
				}
				if strings.Contains(prompt, "_saveAll\\\" is not") || strings.Contains(prompt, `"_saveAll" is not`) {
					t.Errorf("the prompt shows the out-of-scope finding:\n%s", prompt)
				}
			} else if c.Accepted || c.Stage != verify.StageFindings {
				t.Errorf("unscoped candidate: accepted %v stage %q; want rejected at findings", c.Accepted, c.Stage)
			}
		})
	}
}

// TestFixLLMWithoutTestsNeedsSafeChange: with no test command, a model's
// candidate that changes code beyond layout, comments and local renames
// is rejected at the safety stage, even when every re-check passes; one
// that only renames a private function is kept.
func TestFixLLMWithoutTestsNeedsSafeChange(t *testing.T) {
	src := "def _loadAll(n):\n    return n + 1\n"
	for _, c := range []struct {
		reply string
		keep  bool
	}{
		{"```python\ndef _load_all(n):\n    return n + 1\n```", true},
		{"```python\ndef _load_all(n):\n    return n + 2\n```", false},
	} {
		dir := writeRepo(t, map[string]string{
			".iflint.yml": "version: 1\nconstraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n",
			"m.py":        src,
		})
		srv := llmtest.NewServer(t, llmtest.Reply(c.reply))
		client, err := llm.New(llm.Config{BaseURL: srv.URL(), APIKey: "k", Concurrency: 1}, srv.Client(), nil)
		if err != nil {
			t.Fatal(err)
		}
		cfg, files := loadRepo(t, dir)
		res, err := Fix(context.Background(), files, FixOptions{Options: engine.Options{Config: cfg}, Root: dir, Refactor: fix.LLM{C: client, Model: "m"}, Rounds: 1,
			Composer: func(constraint.Type) check.Composer { return nil }})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Candidates) != 1 {
			t.Fatalf("candidates: %+v", res.Candidates)
		}
		cd := res.Candidates[0]
		if c.keep && !cd.Accepted {
			t.Errorf("%q: rejected at %s: %s", c.reply, cd.Stage, cd.Reason)
		}
		if !c.keep && (cd.Accepted || cd.Stage != verify.StageSafety || !strings.Contains(cd.Reason, "changes code on line 2")) {
			t.Errorf("%q: accepted %v, stage %q, reason %q; want rejected at safety", c.reply, cd.Accepted, cd.Stage, cd.Reason)
		}
	}
}
