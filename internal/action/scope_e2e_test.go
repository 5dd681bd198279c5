package action

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/github"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/sandbox/sandboxtest"
)

// The scope scenario: the base already breaks both constraints in
// oldHelper (lines 1-2, outside the diff: a camelCase name and a
// 2-space body); the head adds a rename whose call site is in another
// hunk (makeTotal), a 2-space function (addOne), a class, and getValue,
// whose rename the tests reject (they import it).
const (
	scopeBase = `def oldHelper(x):
  return x * 2


def total(xs):
    return sum(xs)


def count(xs):
    return len(xs)


def largest(xs):
    return max(xs)


def report(xs):
    return "total: %d" % total(xs)
`
	scopeHead = `def oldHelper(x):
  return x * 2


def makeTotal(xs):
    return total(xs)


def total(xs):
    return sum(xs)


def count(xs):
    return len(xs)


def largest(xs):
    return max(xs)


def report(xs):
    return "total: %d" % makeTotal(xs)


def addOne(c):
  return c + 1


def getValue():
    return 42


class bad_widget:
    pass
`
	scopeTest = `import unittest

from calc import report


class ReportTest(unittest.TestCase):
    def test_report(self):
        self.assertEqual(report([1, 2]), "total: 3")
`
	scopeTestHead = `import unittest

from calc import getValue, report


class ReportTest(unittest.TestCase):
    def test_report(self):
        self.assertEqual(report([1, 2]), "total: 3")

    def test_value(self):
        self.assertEqual(getValue(), 42)
`
)

// TestScopedSuggestionsEndToEnd is issue 13's acceptance test, against
// the fake GitHub: every in-diff finding whose fix passes the tests gets
// a suggestion, no suggestion touches a line outside the diff, the base's
// violations outside it cost nothing, the rename whose sites span two
// hunks is posted as one batch whose comments name each other, and
// applying the batch gives exactly the verified file. Every report
// counts the same findings the same way.
func TestScopedSuggestionsEndToEnd(t *testing.T) {
	requirePython(t)
	f := newFixture(t,
		map[string]string{".iflint.yml": scenarioConfig, "calc.py": scopeBase, "test_calc.py": scopeTest},
		map[string]string{"calc.py": scopeHead, "test_calc.py": scopeTestHead})
	code, err := f.run(Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v; stderr:\n%s", code, err, f.stderr.String())
	}

	// The in-diff findings, found independently of the run.
	added := addedLines(t, []byte(f.repo.git("diff", f.base, f.head, "--", "calc.py")+"\n"), []byte(scopeHead))
	cfg, err := config.Load(f.repo.dir, "")
	if err != nil {
		t.Fatal(err)
	}
	before := mustCheck(context.Background(), []engine.File{{Path: "calc.py", Src: []byte(scopeHead)}}, engine.Options{Config: cfg}).Diagnostics
	var inDiff, outside []engine.Diagnostic
	for _, d := range before {
		if added[d.Line] {
			inDiff = append(inDiff, d)
		} else {
			outside = append(outside, d)
		}
	}
	if len(outside) != 2 || len(inDiff) < 5 {
		t.Fatalf("scenario: %d findings outside the diff (want oldHelper's 2), %d inside:\n%+v", len(outside), len(inDiff), before)
	}

	posts := reviewPosts(f.srv.Requests())
	if len(posts) != 1 {
		t.Fatalf("%d review POSTs, want 1:\n%s", len(posts), f.read("GITHUB_STEP_SUMMARY"))
	}
	ds := drafts(t, posts[0])
	var blocks []fix.SuggestionBlock
	for _, d := range ds {
		start := d.StartLine
		if start == 0 {
			start = d.Line
		}
		for l := start; l <= d.Line; l++ {
			if !added[l] {
				t.Errorf("suggestion on lines %d-%d touches line %d, outside the diff", start, d.Line, l)
			}
		}
		body, _, _ := strings.Cut(d.Body, "\n\n<!-- iflint:fingerprint=")
		i := strings.Index(body, "```suggestion\n")
		if i < 0 {
			t.Fatalf("comment without a suggestion:\n%s", d.Body)
		}
		blocks = append(blocks, fix.SuggestionBlock{StartLine: start, Line: d.Line, Body: body[i:]})
	}
	slices.SortFunc(blocks, func(a, b fix.SuggestionBlock) int { return a.StartLine - b.StartLine })

	// Committing the whole batch, as "Add suggestion to batch" does.
	applied, err := fix.ApplySuggestions([]byte(scopeHead), blocks)
	if err != nil {
		t.Fatal(err)
	}
	after := mustCheck(context.Background(), []engine.File{{Path: "calc.py", Src: applied}}, engine.Options{Config: cfg}).Diagnostics
	var left []string
	for _, d := range after {
		left = append(left, d.Message)
	}
	want := []string{
		`function name "oldHelper" is not snake_case`, // outside the diff
		`function name "getValue" is not snake_case`,  // its rename breaks the tests
	}
	for _, d := range outside {
		if d.Type == "indentation_spacing" {
			want = append(want, d.Message)
		}
	}
	slices.Sort(left)
	slices.Sort(want)
	if !slices.Equal(left, want) {
		t.Errorf("after applying every suggestion, findings %q remain; want only %q", left, want)
	}
	if !strings.HasPrefix(string(applied), "def oldHelper(x):\n  return x * 2\n") {
		t.Errorf("the batch changed lines outside the diff:\n%s", applied)
	}
	runTests(t, applied)

	// The rename of makeTotal spans two hunks: its comments name each
	// other, and the batch note is on every comment.
	var renameParts []string
	for _, d := range ds {
		if strings.Contains(d.Body, "makeTotal") || strings.Contains(d.Body, "make_total") {
			renameParts = append(renameParts, d.Body)
		}
		if !strings.Contains(d.Body, "Add suggestion to batch") || !regexp.MustCompile(`suggestion \d of \d+ for `+"`calc.py`").MatchString(d.Body) {
			t.Errorf("comment without the batch note:\n%s", d.Body)
		}
	}
	if len(renameParts) != 2 || !strings.Contains(renameParts[0], "also changes line") || !strings.Contains(renameParts[1], "also changes line") {
		t.Errorf("the rename's comments do not name each other:\n%s", strings.Join(renameParts, "\n----\n"))
	}

	// One truth: the same counts everywhere.
	n, fixed := len(inDiff), len(inDiff)-1 // getValue's is the only one left
	out := f.outputs()
	summary := f.read("GITHUB_STEP_SUMMARY")
	body := f.srv.Reviews(owner, repoName, f.number)[0].Body
	counts := regexp.MustCompile(`(\d+) finding\(s\) in scope, (\d+) outside it: (\d+) fixed by a suggestion, (\d+) with a verified fix not suggested, (\d+) without a verified fix`)
	bodyCounts := regexp.MustCompile(`(\d+) finding\(s\) in this pull request's lines \(filter-mode added\): (\d+) fixed by the (\d+) suggestion\(s\) below, (\d+) with a verified fix not suggested, (\d+) without a verified fix`)
	sm, bm := counts.FindStringSubmatch(summary), bodyCounts.FindStringSubmatch(body)
	if sm == nil || bm == nil {
		t.Fatalf("counts missing:\nsummary:\n%s\nbody:\n%s", summary, body)
	}
	if sm[1] != itoa(n) || sm[2] != "2" || sm[3] != itoa(fixed) || sm[4] != "0" || sm[5] != "1" {
		t.Errorf("summary counts %v, want %d in scope, 2 outside, %d fixed, 0, 1", sm[1:], n, fixed)
	}
	if bm[1] != sm[1] || bm[2] != sm[3] || bm[3] != itoa(len(ds)) || bm[4] != sm[4] || bm[5] != sm[5] {
		t.Errorf("review body counts %v disagree with the summary's %v", bm[1:], sm[1:])
	}
	if out["findings"] != itoa(n) || out["verified-fixes"] != itoa(len(ds)) {
		t.Errorf("outputs %v, want findings %d and verified-fixes %d", out, n, len(ds))
	}
	sarif, err := os.ReadFile(out["sarif-file"])
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(sarif), `"ruleId"`); got != n {
		t.Errorf("SARIF has %d results, want %d", got, n)
	}
	stdout := f.stdout.String()
	annotated := 0
	for _, d := range inDiff {
		if lineAnnotated(stdout, "calc.py", d.Line) {
			annotated++
		}
	}
	if annotated != n-fixed {
		t.Errorf("%d in-diff findings annotated, want %d (the ones without a suggestion)", annotated, n-fixed)
	}
	for _, w := range []string{"getValue", "### Rejected candidates", "### Test runs", "python3 -m unittest -q"} {
		if !strings.Contains(summary, w) {
			t.Errorf("summary lacks %q:\n%s", w, summary)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// addedLines are the head's added lines of calc.py in a git diff, by
// the parser the action uses on GitHub's patches.
func addedLines(t *testing.T, patch, head []byte) map[int]bool {
	t.Helper()
	d, err := github.ParseDiff(patch)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]bool{}
	for l := 1; l <= strings.Count(string(head), "\n"); l++ {
		if d.Allowed(github.FilterAdded, "calc.py", l, l) {
			out[l] = true
		}
	}
	return out
}

// runTests runs the scenario's tests on calc.py = src.
func runTests(t *testing.T, src []byte) {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string]string{"calc.py": string(src), "test_calc.py": scopeTestHead} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("python3", "-m", "unittest", "-q")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the tests fail on the file with every suggestion applied: %v\n%s", err, out)
	}
}

// TestHostileTestCommandInAction: the pull request's test command appends
// to every workflow command file it can find (it lists them from a file
// of its own; on a runner it could list the directory), dumps its
// environment and reads HOME. Every command file is byte-identical
// afterwards and the log holds no token. In a real sandbox the files are
// out of reach and the run goes on, naming its sandbox in the summary;
// contained by the process group alone, the run stops with an error
// naming the files, and the dump (written outside the copy, which only
// that mechanism allows) holds no token and no command-file path.
func TestHostileTestCommandInAction(t *testing.T) {
	requirePython(t)
	for _, real := range []bool{true, false} {
		t.Run(map[bool]string{true: "real sandbox", false: "process group"}[real], func(t *testing.T) {
			testHostileTestCommandInAction(t, real)
		})
	}
}

func testHostileTestCommandInAction(t *testing.T, real bool) {
	f := scenario(t)
	var mechanisms []sandbox.Mechanism
	if real {
		mechanisms = []sandbox.Mechanism{sandbox.Bwrap}
		sandboxtest.Require(t, f.environ(), sandbox.Bwrap)
	} else {
		mechanisms = []sandbox.Mechanism{sandbox.ProcessGroup}
	}
	initial := map[string]string{}
	var paths []string
	for _, name := range []string{"GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"} {
		if f.env[name] == "" {
			f.env[name] = filepath.Join(f.dir, strings.ToLower(name))
		}
		paths = append(paths, f.env[name])
	}
	f.push(map[string]string{"targets.txt": strings.Join(paths, "\n") + "\n"})
	dump := filepath.Join(t.TempDir(), "env.txt")
	if err := os.WriteFile(filepath.Join(f.repo.dir, ".iflint.yml"), []byte(strings.Replace(scenarioConfig, "  timeout: 60s\n", "  timeout: 60s\n  env: [ENV_DUMP]\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	f.env["ENV_DUMP"] = dump
	f.env["INPUT_TEST-COMMAND"] = `{ env; echo "home=$HOME"; ls -A "$HOME"; } > "$ENV_DUMP" 2>/dev/null; ` +
		`while read -r p; do echo 'PATH=/tmp/evil' >> "$p"; done 2>/dev/null < targets.txt; python3 -m unittest -q`
	for _, name := range []string{"GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE"} {
		initial[name] = "KEEP=" + name + "\n"
		if err := os.WriteFile(f.env[name], []byte(initial[name]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, err := f.runIn(mechanisms, Overrides{})
	if real {
		if err != nil || code != ExitFindings {
			t.Fatalf("exit %d, err %v; want the run to go on in the sandbox", code, err)
		}
		if summary := f.read("GITHUB_STEP_SUMMARY"); !strings.Contains(summary, "The test command ran in **bwrap**") {
			t.Errorf("the summary does not name the sandbox:\n%s", summary)
		}
		if _, err := os.Stat(dump); err == nil {
			t.Errorf("the test command wrote %s, outside its copy", dump)
		}
	} else {
		initial["GITHUB_OUTPUT"], initial["GITHUB_STEP_SUMMARY"] = "", "" // f.run empties them
		if code != ExitInternal || err == nil || !strings.Contains(err.Error(), "workflow command file") {
			t.Fatalf("exit %d, err %v; want an internal error about the command files", code, err)
		}
		b, rerr := os.ReadFile(dump)
		if rerr != nil {
			t.Fatalf("the test command did not run: %v", rerr)
		}
		for _, bad := range append([]string{canary, f.env["HOME"] + "\n"}, paths...) {
			if strings.Contains(string(b), bad) {
				t.Errorf("the test command saw %q:\n%s", bad, b)
			}
		}
		if !strings.Contains(string(b), "home=") || strings.Contains(string(b), "home="+f.env["HOME"]+"\n") {
			t.Errorf("HOME is not the isolated tree's:\n%s", b)
		}
	}
	for name, want := range initial {
		if got := f.read(name); got != want {
			t.Errorf("%s = %q, want it unchanged %q", name, got, want)
		}
	}
	logged := regexp.MustCompile(`(?m)^::add-mask::.*$`).ReplaceAllString(f.stdout.String(), "") + f.stderr.String()
	if strings.Contains(logged, canary) {
		t.Errorf("a secret reached the log:\n%s\n%s", f.stdout.String(), f.stderr.String())
	}
}
