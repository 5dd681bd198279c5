package action

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/llm/llmtest"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/sandbox/sandboxtest"
)

func scenario(t *testing.T) *fixture {
	t.Helper()
	requirePython(t)
	return newFixture(t,
		map[string]string{".iflint.yml": scenarioConfig, "calc.py": baseCalc, "test_calc.py": testCalc},
		map[string]string{"calc.py": headCalc})
}

// TestSuggestionsOnlyInsideTheDiff is (a): with filter-mode file every
// finding of the changed file is reported, but only those in the diff's
// hunks get verified suggestions; oldHelper (line 1, untouched) is an
// annotation and a row of the summary, never a comment.
func TestSuggestionsOnlyInsideTheDiff(t *testing.T) {
	f := scenario(t)
	f.env["INPUT_FILTER-MODE"] = "file"
	code, err := f.run(Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v; stderr:\n%s", code, err, f.stderr.String())
	}
	posts := reviewPosts(f.srv.Requests())
	if len(posts) != 1 {
		t.Fatalf("%d review POSTs, want 1", len(posts))
	}
	var got []int
	for _, d := range drafts(t, posts[0]) {
		if d.Path != "calc.py" || d.Side != "RIGHT" || !strings.Contains(d.Body, "```suggestion\n") {
			t.Errorf("comment %+v: want a RIGHT-side suggestion on calc.py", d)
		}
		got = append(got, d.Line)
	}
	if !slices.Equal(got, []int{9, 14, 17}) {
		t.Errorf("suggestions on lines %v, want [9 14 17]", got)
	}
	stdout := f.stdout.String()
	if !lineAnnotated(stdout, "calc.py", 1) {
		t.Errorf("the finding outside the diff (line 1) is not annotated:\n%s", stdout)
	}
	for _, l := range []int{9, 14, 17} {
		if lineAnnotated(stdout, "calc.py", l) {
			t.Errorf("line %d has a suggestion and an annotation; want only the suggestion", l)
		}
	}
	summary := f.read("GITHUB_STEP_SUMMARY")
	for _, want := range []string{"oldHelper", "Findings without a suggested fix (1)", "Suggestions (3)", "Posted a review with 3 suggestion(s)."} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary lacks %q:\n%s", want, summary)
		}
	}
	out := f.outputs()
	if out["findings"] != "4" || out["verified-fixes"] != "3" || out["ssr"] != "0.0000" || out["hsr"] != "0.0000" {
		t.Errorf("outputs %v", out)
	}
	if out["sarif-file"] != filepath.Join(f.repo.dir, DefaultSARIFFile) {
		t.Errorf("sarif-file output %q", out["sarif-file"])
	}
	body := f.srv.Reviews(owner, repoName, f.number)[0].Body
	if !strings.Contains(body, "oldHelper") || !strings.Contains(body, "3 fixed by the 3 suggestion(s) below") {
		t.Errorf("review body:\n%s", body)
	}
}

// TestCheckModeFiltersToAddedLines: the default filter reports only the
// added lines, and check mode posts no review at all.
func TestCheckModeFiltersToAddedLines(t *testing.T) {
	f := scenario(t)
	f.env["INPUT_MODE"] = "check"
	code, err := f.run(Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v", code, err)
	}
	if n := countRequests(f.srv.Requests(), http.MethodPost, "/reviews"); n != 0 {
		t.Errorf("%d review POSTs in check mode", n)
	}
	stdout := f.stdout.String()
	for _, l := range []int{9, 14, 17} {
		if !lineAnnotated(stdout, "calc.py", l) {
			t.Errorf("line %d is not annotated:\n%s", l, stdout)
		}
	}
	if lineAnnotated(stdout, "calc.py", 1) {
		t.Error("line 1 was not added by the pull request but is annotated")
	}
	if out := f.outputs(); out["findings"] != "3" || out["verified-fixes"] != "0" {
		t.Errorf("outputs %v", out)
	}
	f.env["INPUT_FAIL-ON"] = "none"
	if code, err := f.run(Overrides{}); code != ExitClean || err != nil {
		t.Errorf("fail-on none: exit %d, err %v", code, err)
	}
}

// TestRerunPostsNothingAndFixedFindingIsOutdated is (b) and (c): an
// identical re-run sends no review and edits nothing; after the author
// commits one suggestion, that comment alone is marked outdated.
func TestRerunPostsNothingAndFixedFindingIsOutdated(t *testing.T) {
	f := scenario(t)
	if code, err := f.run(Overrides{}); err != nil || code != ExitFindings {
		t.Fatalf("first run: exit %d, err %v", code, err)
	}
	if n := len(f.srv.Comments(owner, repoName, f.number)); n != 3 {
		t.Fatalf("%d comments after the first run, want 3", n)
	}

	f.srv.ResetLog()
	if code, err := f.run(Overrides{}); err != nil || code != ExitFindings {
		t.Fatalf("re-run: exit %d, err %v", code, err)
	}
	log := f.srv.Requests()
	if n := countRequests(log, http.MethodPost, "/reviews"); n != 0 {
		t.Errorf("re-run sent %d review POSTs, want 0", n)
	}
	if n := countRequests(log, http.MethodPatch, "/comments/"); n != 0 {
		t.Errorf("re-run edited %d comments, want 0", n)
	}
	if s := f.read("GITHUB_STEP_SUMMARY"); !strings.Contains(s, "Nothing new to post") || !strings.Contains(s, "| 0 | 3 | 0 | 0 |") {
		t.Errorf("re-run summary:\n%s", s)
	}

	// The author applies the suggestion for addNumbers in a new commit.
	f.push(map[string]string{"calc.py": strings.Replace(headCalc, "def addNumbers", "def add_numbers", 1)})
	f.repo.git("checkout", "-q", f.head)
	f.srv.ResetLog()
	if code, err := f.run(Overrides{}); err != nil || code != ExitFindings {
		t.Fatalf("run after the fix: exit %d, err %v", code, err)
	}
	log = f.srv.Requests()
	if n := countRequests(log, http.MethodPost, "/reviews"); n != 0 {
		t.Errorf("%d review POSTs after the fix, want 0 (the other two are already posted)", n)
	}
	if n := countRequests(log, http.MethodPatch, "/comments/"); n != 1 {
		t.Errorf("%d comment edits, want 1", n)
	}
	for _, c := range f.srv.Comments(owner, repoName, f.number) {
		outdated := strings.HasPrefix(c.Body, "**Outdated:**")
		if fixed := strings.Contains(c.Body, "addNumbers"); outdated != fixed {
			t.Errorf("comment on line %d: outdated=%v, want %v:\n%s", c.Line, outdated, fixed, c.Body)
		}
	}
	if out := f.outputs(); out["findings"] != "2" || out["verified-fixes"] != "2" {
		t.Errorf("outputs %v", out)
	}
}

// TestReadOnlyTokenFallsBackToAnnotations is (d): a fork's read-only
// token cannot post, which is reported, not a crash.
func TestReadOnlyTokenFallsBackToAnnotations(t *testing.T) {
	f := scenario(t)
	f.env["INPUT_GITHUB-TOKEN"] = roToken
	code, err := f.run(Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v; want findings and no error", code, err)
	}
	stdout := f.stdout.String()
	if n := annotations(stdout, "notice"); len(n) != 1 || !strings.Contains(n[0], "cannot write reviews") {
		t.Errorf("notices %q", n)
	}
	for _, l := range []int{9, 14, 17} {
		if !lineAnnotated(stdout, "calc.py", l) {
			t.Errorf("line %d is not annotated although its suggestion could not be posted", l)
		}
	}
	if s := f.read("GITHUB_STEP_SUMMARY"); !strings.Contains(s, "Not posted. The token cannot write") || !strings.Contains(s, "Suggestions (3)") {
		t.Errorf("summary:\n%s", s)
	}
	for _, r := range f.srv.Requests() {
		if r.Method != http.MethodGet && r.Status < 300 {
			t.Errorf("a write succeeded with a read-only token: %s %s", r.Method, r.Path)
		}
	}
	f.env["INPUT_FAIL-ON"] = "none"
	if code, err := f.run(Overrides{}); code != ExitClean || err != nil {
		t.Errorf("fail-on none: exit %d, err %v", code, err)
	}
}

// TestPullRequestTargetRefused is (e).
func TestPullRequestTargetRefused(t *testing.T) {
	f := scenario(t)
	f.env["GITHUB_EVENT_NAME"] = "pull_request_target"
	code, err := f.run(Overrides{})
	if code != ExitUsage || err == nil || !strings.Contains(err.Error(), "pull_request_target") {
		t.Fatalf("exit %d, err %v; want a usage error about pull_request_target", code, err)
	}
	errs := annotations(f.stdout.String(), "error")
	if len(errs) != 1 || !strings.Contains(errs[0], "write token") || !strings.Contains(errs[0], "untrusted") || !strings.Contains(errs[0], "test command") {
		t.Errorf("error annotations %q", errs)
	}
	if n := len(f.srv.Requests()); n != 0 {
		t.Errorf("%d requests to GitHub before refusing", n)
	}

	f.env["INPUT_ALLOW-PULL-REQUEST-TARGET"] = "true"
	f.env["INPUT_MODE"] = "check"
	if code, err := f.run(Overrides{}); code != ExitFindings || err != nil {
		t.Errorf("allowed explicitly: exit %d, err %v", code, err)
	}
}

// TestSecretsNeverLeak is (f): canary secrets reach GitHub and the model
// only as credentials, never any text the run writes, the test command's
// environment, or a request body. The renamed function is imported by a
// test, so the deterministic rename fails the tests and the model is
// asked, with the key.
func TestSecretsNeverLeak(t *testing.T) {
	requirePython(t)
	testUsesName := testCalc + `
    def test_add(self):
        from calc import addNumbers
        self.assertEqual(addNumbers(1, 2), 3)
`
	f := newFixture(t,
		map[string]string{".iflint.yml": scenarioConfig, "calc.py": baseCalc, "test_calc.py": testCalc},
		map[string]string{"calc.py": headCalc, "test_calc.py": testUsesName})
	model := llmtest.NewServer(t, llmtest.Reply("```python\n"+strings.Replace(headCalc, "def addNumbers", "def add_numbers", 1)+"\naddNumbers = add_numbers\n```"))
	envDump := filepath.Join(t.TempDir(), "env.txt")
	f.env["INPUT_API-KEY"] = canaryKey
	f.env["INPUT_MODEL"] = "fake-model"
	f.env["INPUT_BASE-URL"] = model.URL()
	f.env["INPUT_TEST-COMMAND"] = `env > "$ENV_DUMP"; python3 -m unittest -q`
	f.env["ENV_DUMP"] = envDump
	if err := os.WriteFile(filepath.Join(f.repo.dir, ".iflint.yml"), []byte(strings.Replace(scenarioConfig, "  timeout: 60s\n", "  timeout: 60s\n  env: [ENV_DUMP, UNRELATED_NAME]\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	f.env["UNRELATED_NAME"] = "copy of " + canaryToken // caught by value, whatever the name
	// The dump is written outside the copy, which only the process group
	// mechanism allows; the environment is the same under every one.
	code, err := f.runIn([]sandbox.Mechanism{sandbox.ProcessGroup}, Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v; stderr:\n%s", code, err, f.stderr.String())
	}

	// The secrets were used, as credentials.
	if n := len(reviewPosts(f.srv.Requests())); n != 1 {
		t.Fatalf("%d review POSTs, want 1", n)
	}
	reqs := model.Requests()
	if len(reqs) == 0 || reqs[0].Header.Get("Authorization") != "Bearer "+canaryKey {
		t.Fatalf("the model got %d requests; want the key as a bearer token", len(reqs))
	}
	// Masks come first, and are the only lines carrying a secret.
	stdout := f.stdout.String()
	if !strings.HasPrefix(stdout, "::add-mask::"+canaryToken+"\n::add-mask::"+canaryKey+"\n") {
		t.Errorf("stdout does not start with the two masks:\n%.300s", stdout)
	}
	var stdoutRest []string
	for _, l := range strings.Split(stdout, "\n") {
		if !strings.HasPrefix(l, "::add-mask::") {
			stdoutRest = append(stdoutRest, l)
		}
	}
	places := map[string]string{
		"stdout (besides the masks)": strings.Join(stdoutRest, "\n"),
		"stderr":                     f.stderr.String(),
		"GITHUB_OUTPUT":              f.read("GITHUB_OUTPUT"),
		"GITHUB_STEP_SUMMARY":        f.read("GITHUB_STEP_SUMMARY"),
	}
	sarif, err := os.ReadFile(f.outputs()["sarif-file"])
	if err != nil {
		t.Fatal(err)
	}
	places["SARIF"] = string(sarif)
	dump, err := os.ReadFile(envDump)
	if err != nil {
		t.Fatalf("the test command did not run: %v", err)
	}
	places["the test command's environment"] = string(dump)
	for i, r := range f.srv.Requests() {
		places["GitHub request "+string(rune('A'+i%26))+" "+r.Method+" "+r.Path] = r.Path + "?" + r.Query + "\n" + r.Body
	}
	for _, r := range reqs {
		places["model request body"] += string(r.Body)
	}
	for where, text := range places {
		if strings.Contains(text, canary) {
			t.Errorf("a canary secret appears in %s", where)
		}
	}
	if !strings.Contains(string(dump), "PATH=") {
		t.Error("the environment dump is empty; the check above proves nothing")
	}
}

// TestUsageErrors: bad inputs and events are usage errors, reported as
// an annotation, before any request.
func TestUsageErrors(t *testing.T) {
	requirePython(t)
	for name, set := range map[string]map[string]string{
		"mode":         {"INPUT_MODE": "fix-everything"},
		"filter":       {"INPUT_FILTER-MODE": "changed"},
		"fail-on":      {"INPUT_FAIL-ON": "warning"},
		"max-comments": {"INPUT_MAX-COMMENTS": "0"},
		"no token":     {"INPUT_GITHUB-TOKEN": ""},
		"repository":   {"GITHUB_REPOSITORY": "just-a-name"},
		"config":       {"INPUT_CONFIG": "missing.yml"},
	} {
		t.Run(name, func(t *testing.T) {
			f := scenario(t)
			for k, v := range set {
				f.env[k] = v
			}
			code, err := f.run(Overrides{})
			if code != ExitUsage || err == nil {
				t.Fatalf("exit %d, err %v; want a usage error", code, err)
			}
			if errs := annotations(f.stdout.String(), "error"); len(errs) != 1 {
				t.Errorf("error annotations %q, want one", errs)
			}
			if n := len(f.srv.Requests()); n != 0 {
				t.Errorf("%d requests before failing", n)
			}
		})
	}
}

// TestPushChecksWorkspace: outside pull requests the whole workspace is
// checked and nobody is reviewed.
func TestPushChecksWorkspace(t *testing.T) {
	f := scenario(t)
	f.env["GITHUB_EVENT_NAME"] = "push"
	f.env["GITHUB_REF"] = "refs/heads/main"
	code, err := f.run(Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v", code, err)
	}
	if n := len(f.srv.Requests()); n != 0 {
		t.Errorf("%d GitHub requests on push", n)
	}
	for _, l := range []int{1, 9, 14, 17} {
		if !lineAnnotated(f.stdout.String(), "calc.py", l) {
			t.Errorf("line %d not annotated", l)
		}
	}
	s := f.read("GITHUB_STEP_SUMMARY")
	if !strings.Contains(s, "refs/heads/main at") || !strings.Contains(s, "Suggestions need a pull request") {
		t.Errorf("summary:\n%s", s)
	}
}

// TestDryRunPrintsReview: a local dry run without a token diffs with git
// and prints the review instead of posting it.
func TestDryRunPrintsReview(t *testing.T) {
	f := scenario(t)
	delete(f.env, "INPUT_GITHUB-TOKEN")
	for _, k := range []string{"GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_API_URL"} {
		delete(f.env, k)
	}
	f.env["GITHUB_OUTPUT"], f.env["GITHUB_STEP_SUMMARY"] = filepath.Join(f.dir, "o"), filepath.Join(f.dir, "s")
	code, err := f.run(Overrides{PR: 7, Repo: "o/r", Base: f.base, DryRun: true})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v", code, err)
	}
	out := f.stdout.String()
	for _, want := range []string{"dry run: the review for o/r#7", "--- calc.py lines 9", "```suggestion\ndef add_numbers(a, b):\n```"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if n := len(f.srv.Requests()); n != 0 {
		t.Errorf("%d requests in a dry run without a token", n)
	}
}

// TestReadsHeadWhenWorkspaceIsElsewhere: actions/checkout checks out the
// merge commit unless told otherwise; comments must still be anchored to
// the head's lines, so the changed files are read at head from git.
func TestReadsHeadWhenWorkspaceIsElsewhere(t *testing.T) {
	f := scenario(t)
	f.repo.git("checkout", "-q", f.base)
	code, err := f.run(Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v", code, err)
	}
	posts := reviewPosts(f.srv.Requests())
	if len(posts) != 1 {
		t.Fatalf("%d review POSTs, want 1", len(posts))
	}
	var got []int
	for _, d := range drafts(t, posts[0]) {
		got = append(got, d.Line)
	}
	if !slices.Equal(got, []int{9, 14, 17}) {
		t.Errorf("suggestions on lines %v, want [9 14 17]", got)
	}
	if s := f.read("GITHUB_STEP_SUMMARY"); !strings.Contains(s, "read at head from git") {
		t.Errorf("summary does not say where the files were read:\n%s", s)
	}
}

// TestHeadMissingFromClone: a shallow clone without the head commit is
// an error that says how to fix the checkout.
func TestHeadMissingFromClone(t *testing.T) {
	f := scenario(t)
	files := f.repo.changes(f.base, f.head)
	f.head = strings.Repeat("a", 40)
	f.registerPR(files)
	f.writeEvent()
	code, err := f.run(Overrides{})
	if code != ExitInternal || err == nil || !strings.Contains(err.Error(), "fetch-depth: 0") {
		t.Fatalf("exit %d, err %v", code, err)
	}
}

// TestLocalRunWithFlags: outside Actions the flags name the pull request,
// the API and the variable holding the token; nothing comes from an event.
func TestLocalRunWithFlags(t *testing.T) {
	f := scenario(t)
	for _, k := range []string{"INPUT_GITHUB-TOKEN", "INPUT_MODE", "GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "GITHUB_REPOSITORY", "GITHUB_API_URL"} {
		delete(f.env, k)
	}
	f.env["MY_GH_PAT"] = canaryToken
	code, err := f.run(Overrides{Repo: "o/r", PR: 7, Head: f.head, Base: f.base, TokenEnv: "MY_GH_PAT", APIURL: f.srv.URL, Mode: "suggest", FilterMode: "diff_context"})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v", code, err)
	}
	if n := len(reviewPosts(f.srv.Requests())); n != 1 {
		t.Errorf("%d review POSTs, want 1", n)
	}
	if !strings.HasPrefix(f.stdout.String(), "::add-mask::"+canaryToken+"\n") {
		t.Error("the token from -token-env was not masked first")
	}
	if s := f.read("GITHUB_STEP_SUMMARY"); !strings.Contains(s, "filter-mode **diff_context**") {
		t.Errorf("summary:\n%s", s)
	}
}

// TestSARIFCarriesSuppressedFindings: a finding in the diff that an
// inline marker silences is in the SARIF file as a suppressed result
// (code scanning shows it closed, with the reason), not as an open one,
// and it counts for neither the findings output nor fail-on.
func TestSARIFCarriesSuppressedFindings(t *testing.T) {
	requirePython(t)
	head := baseCalc + "\n\ndef keepName(a):  # noqa: N802 the C bindings call it\n    return a\n"
	f := newFixture(t,
		map[string]string{".iflint.yml": scenarioConfig, "calc.py": baseCalc, "test_calc.py": testCalc},
		map[string]string{"calc.py": head})
	f.env["INPUT_MODE"] = "check"
	code, err := f.run(Overrides{})
	if err != nil || code != ExitClean {
		t.Fatalf("exit %d, err %v; stderr:\n%s", code, err, f.stderr.String())
	}
	sarif, err := os.ReadFile(f.outputs()["sarif-file"])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"keepName`, `"suppressions"`, `"inSource"`, "the C bindings call it"} {
		if !strings.Contains(string(sarif), want) {
			t.Errorf("SARIF lacks %s:\n%s", want, sarif)
		}
	}
	if out := f.outputs(); out["findings"] != "0" {
		t.Errorf("findings output %q, want 0 (the only finding is suppressed)", out["findings"])
	}
}

// TestForkTestsNeedARealSandbox: a pull request from a fork is code
// nobody with write access vouched for. Where no real sandbox works (the
// process group is all there is), its test command does not run at all:
// the summary says so and why, and only fixes that cannot change
// behaviour are suggested. From the base repository, or with a real
// sandbox, the tests run, and the summary names the sandbox.
func TestForkTestsNeedARealSandbox(t *testing.T) {
	requirePython(t)
	for _, tc := range []struct {
		name       string
		fork       bool
		mechanisms []sandbox.Mechanism
		wantRun    bool
		wantText   string
	}{
		{"fork without a sandbox", true, []sandbox.Mechanism{sandbox.ProcessGroup}, false, "The test command was not run: this pull request comes from a fork"},
		{"own branch without a sandbox", false, []sandbox.Mechanism{sandbox.ProcessGroup}, true, "**No real sandbox works on this runner**: the test command is contained by **process-group** only"},
		{"fork in a real sandbox", true, []sandbox.Mechanism{sandbox.Bwrap}, true, "The test command ran in **bwrap**"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.mechanisms[0] == sandbox.Bwrap {
				sandboxtest.Require(t, os.Environ(), sandbox.Bwrap)
			}
			f := scenario(t)
			if tc.fork {
				f.headRepo = "someone/" + repoName
				f.writeEvent()
			}
			// The command leaves a mark in its copy's output, which the
			// summary shows for a failing run: it fails on purpose.
			f.env["INPUT_TEST-COMMAND"] = "echo TESTS-RAN; exit 1"
			code, err := f.runIn(tc.mechanisms, Overrides{})
			if err != nil || code != ExitFindings {
				t.Fatalf("exit %d, err %v\n%s", code, err, f.stderr.String())
			}
			summary := f.read("GITHUB_STEP_SUMMARY")
			if !strings.Contains(summary, tc.wantText) {
				t.Errorf("summary lacks %q:\n%s", tc.wantText, summary)
			}
			if ran := strings.Contains(summary, "TESTS-RAN"); ran != tc.wantRun {
				t.Errorf("the test command ran: %v, want %v:\n%s", ran, tc.wantRun, summary)
			}
		})
	}
}
