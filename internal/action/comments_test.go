package action

import (
	"slices"
	"strings"
	"testing"
)

// TestMaxCommentsKeepsFilesWhole: a file's suggestions are posted
// together or not at all, so a cap of 2 skips calc.py's three and posts
// other.py's one, and the review body says why calc.py has none.
func TestMaxCommentsKeepsFilesWhole(t *testing.T) {
	requirePython(t)
	f := newFixture(t,
		map[string]string{".iflint.yml": scenarioConfig, "calc.py": baseCalc, "test_calc.py": testCalc},
		map[string]string{"calc.py": headCalc, "other.py": "def otherThing():\n    return 1\n"})
	f.env["INPUT_MAX-COMMENTS"] = "2"
	code, err := f.run(Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("exit %d, err %v", code, err)
	}
	posts := reviewPosts(f.srv.Requests())
	if len(posts) != 1 {
		t.Fatalf("%d review POSTs, want 1", len(posts))
	}
	ds := drafts(t, posts[0])
	if len(ds) != 1 || ds[0].Path != "other.py" || ds[0].Line != 1 {
		t.Errorf("comments %+v, want one on other.py line 1", ds)
	}
	body := f.srv.Reviews(owner, repoName, f.number)[0].Body
	if !strings.Contains(body, "`calc.py` (3 finding(s)): its 3 suggestion(s) would exceed max-comments (2)") {
		t.Errorf("review body:\n%s", body)
	}
	for _, l := range []int{9, 14, 17} {
		if !lineAnnotated(f.stdout.String(), "calc.py", l) {
			t.Errorf("calc.py line %d has no suggestion and no annotation", l)
		}
	}
}

func TestReplacementLines(t *testing.T) {
	for body, want := range map[string][]string{
		"```suggestion\n```":                nil,
		"```suggestion\n\n```":              {""},
		"```suggestion\na\nb\n```":          {"a", "b"},
		"````suggestion\nx = ```y```\n````": {"x = ```y```"},
	} {
		got, err := replacement(body)
		if err != nil || !slices.Equal(got, want) || (got == nil) != (want == nil) {
			t.Errorf("replacement(%q) = %q, %v; want %q", body, got, err, want)
		}
	}
	if _, err := replacement("no fence"); err == nil {
		t.Error("replacement accepted a body without a fence")
	}
}

// TestSuggestionFingerprint: what is replaced and with what decides the
// fingerprint; line numbers and line endings do not.
func TestSuggestionFingerprint(t *testing.T) {
	a := suggestionFingerprint("a.py", []string{"def f():\n"}, []string{"def g():"})
	if b := suggestionFingerprint("a.py", []string{"def f():\r\n"}, []string{"def g():"}); a != b {
		t.Error("a CRLF line end changed the fingerprint")
	}
	for _, other := range []string{
		suggestionFingerprint("b.py", []string{"def f():\n"}, []string{"def g():"}),
		suggestionFingerprint("a.py", []string{"def h():\n"}, []string{"def g():"}),
		suggestionFingerprint("a.py", []string{"def f():\n"}, []string{"def k():"}),
		suggestionFingerprint("a.py", []string{"def f():\n"}, nil),
	} {
		if other == a {
			t.Error("different suggestions share a fingerprint")
		}
	}
	if !strings.HasPrefix(a, "fix:") || len(a) != 36 {
		t.Errorf("fingerprint %q", a)
	}
}

// TestCappedFileIsNotOutdated: suggestions posted by an earlier run stay
// current when a later run's max-comments holds their file back.
func TestCappedFileIsNotOutdated(t *testing.T) {
	requirePython(t)
	f := newFixture(t,
		map[string]string{".iflint.yml": scenarioConfig, "calc.py": baseCalc, "test_calc.py": testCalc},
		map[string]string{"calc.py": headCalc, "other.py": "def otherThing():\n    return 1\n"})
	f.env["INPUT_MAX-COMMENTS"] = "10"
	if code, err := f.run(Overrides{}); err != nil || code != ExitFindings {
		t.Fatalf("first run: exit %d, err %v", code, err)
	}
	if n := len(f.srv.Comments(owner, repoName, f.number)); n != 4 {
		t.Fatalf("first run posted %d comments, want 4", n)
	}
	f.srv.ResetLog()
	f.env["INPUT_MAX-COMMENTS"] = "2"
	if code, err := f.run(Overrides{}); err != nil || code != ExitFindings {
		t.Fatalf("second run: exit %d, err %v", code, err)
	}
	for _, r := range f.srv.Requests() {
		if r.Method != "GET" {
			t.Errorf("second run wrote %s %s; the held-back suggestions are still current", r.Method, r.Path)
		}
	}
	for _, c := range f.srv.Comments(owner, repoName, f.number) {
		if strings.Contains(c.Body, "Outdated") {
			t.Errorf("comment marked outdated:\n%s", c.Body)
		}
	}
}
