package comments

// The fix handed some findings, as the Action hands it those inside a
// pull request's diff, and what each finding carries.

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

func TestCommentsRejectsOtherConstraints(t *testing.T) {
	u := check.NewUnit(context.Background(), "a.py", []byte("x = 1\n"), check.Lint)
	_, _, err := fixResult(u, constraint.Constraint{Type: constraint.Naming, Lang: lang.Python}, check.Result{Verdict: check.Fail})
	if err == nil || !strings.Contains(err.Error(), "want a comment_formatting constraint") {
		t.Errorf("err = %v, want one naming the expected constraint type", err)
	}
}

// TestCommentsStopsAtFirst holds stopsAtFirst to the rule: on code with
// several offences, a rule it says stops at its first finding reports
// one, and every other rule reports them all.
func TestCommentsStopsAtFirst(t *testing.T) {
	for _, tc := range []struct{ spec, path, src string }{
		{"c;Single-line comment", "a.c", "/* a */\nint x;\n/* b */\nint y;\n"},
		{"c;Multi-line comment", "a.c", "// a\nint x;\n// b\nint y;\n"},
		{"c;Inline comment", "a.c", "// a\nint x;\n\n// b\nint y;\n"},
		{"go;GoDoc", "a.go", "package p\n\nfunc A() {}\n\nfunc B() {}\n"},
		{"rust;Rustdoc", "a.rs", "// a\npub fn a() {}\n// b\npub fn b() {}\n"},
		{"java;Javadoc", "A.java", "/** A. */\npublic class A {\n    /** @return one */\n    public int a(int x) { return 1; }\n    /** @return two */\n    public int b(int y) { return 2; }\n}\n"},
		{"kotlin;KotlinDoc", "a.kt", "/** @return one */\nfun a(x: Int) = 1\n/** @return two */\nfun b(y: Int) = 2\n// c\nfun c() = 3\nfun d() = 4\n"},
		{"python;Python docstring", "a.py", "\"\"\"M.\"\"\"\n\n\ndef a():\n    pass\n\n\ndef b():\n    pass\n"},
	} {
		c, err := constraint.ParseAnswer(constraint.Comments, tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
			r := runRule(check.NewUnit(context.Background(), tc.path, []byte(tc.src), p), c)
			n, stops := len(r.Findings), stopsAtFirst(c.Name, p)
			if r.Verdict != check.Fail || stops && n != 1 || !stops && n < 2 {
				t.Errorf("%s (%s): %s with %d finding(s), but stopsAtFirst = %v", tc.spec, p, r.Verdict, n, stops)
			}
		}
	}
}

// TestCommentsFixOnlyGiven hands the fixer one finding of several, as the
// Action hands it those inside a pull request's diff, and checks the
// whole output: only that finding's comment changed.
func TestCommentsFixOnlyGiven(t *testing.T) {
	for _, tc := range []struct {
		name, spec, profile, path string
		src                       string
		given                     int // index of the finding handed over
		want                      string
	}{
		{"single-line first", "c;Single-line comment", "lint", "a.c",
			"/* one */\nint a;\n/* two */\nint b;\n", 0,
			"// one\nint a;\n/* two */\nint b;\n"},
		{"single-line second, adjacent", "c;Single-line comment", "lint", "a.c",
			"/* one */\n/* two */\nint a;\n", 1,
			"/* one */\n// two\nint a;\n"},
		{"single-line multicodeif", "c;Single-line comment", "multicodeif", "a.c",
			"/* one */\nint a;\n/* two */\nint b;\n", 0,
			"// one\nint a;\n/* two */\nint b;\n"},
		{"multi-line, middle of a run", "cpp;Multi-line comment", "lint", "a.cpp",
			"// one\n// two\n// three\nint a;\n", 1,
			"// one\n/* two */\n// three\nint a;\n"},
		{"multi-line, other run", "cpp;Multi-line comment", "lint", "a.cpp",
			"// one\n// two\nint a;\n// three\nint b;\n", 2,
			"// one\n// two\nint a;\n/* three */\nint b;\n"},
		{"inline", "c;Inline comment", "lint", "a.c",
			"int f(void) {\n    // one\n    int a = 1;\n    int b = a;\n    // two\n    return b;\n}\n", 0,
			"int f(void) {\n    int a = 1; // one\n    int b = a;\n    // two\n    return b;\n}\n"},
		{"docstring lint", "python;Python docstring", "lint", "a.py",
			"\"\"\"Module.\"\"\"\n\n\n# One.\ndef one():\n    pass\n\n\n# Two.\ndef two():\n    pass\n", 1,
			"\"\"\"Module.\"\"\"\n\n\n# One.\ndef one():\n    pass\n\n\ndef two():\n    \"\"\"Two.\"\"\"\n    pass\n"},
		{"docstring multicodeif", "python;Python docstring", "multicodeif", "a.py",
			"def one():\n    # One.\n\n    pass\n\n\ndef two():\n    # Two.\n\n    pass\n", 0,
			"def one():\n    \"\"\"One.\"\"\"\n\n    pass\n\n\ndef two():\n    # Two.\n\n    pass\n"},
		{"rustdoc lint", "rust;Rustdoc", "lint", "lib.rs",
			"//! Crate.\n\n// One.\npub fn one() {}\n\n// Two.\npub fn two() {}\n", 1,
			"//! Crate.\n\n// One.\npub fn one() {}\n\n/// Two.\npub fn two() {}\n"},
		{"rustdoc multicodeif, one line of a run", "rust;Rustdoc", "multicodeif", "lib.rs",
			"// One.\n// More.\nfn one() {}\n", 0,
			"/// One.\n// More.\nfn one() {}\n"},
		{"godoc lint", "go;GoDoc", "lint", "a.go",
			"// Package p is p.\npackage p\n\n// One is one.\n\nfunc One() {}\n\n// Two is two.\n\nfunc Two() {}\n", 1,
			"// Package p is p.\npackage p\n\n// One is one.\n\nfunc One() {}\n\n// Two is two.\nfunc Two() {}\n"},
		{"javadoc lint", "java;Javadoc", "lint", "A.java",
			"/** A. */\npublic class A {\n    // One.\n    public void one() {}\n\n    // Two.\n    public void two() {}\n}\n", 1,
			"/** A. */\npublic class A {\n    // One.\n    public void one() {}\n\n    /**\n     * Two.\n     */\n    public void two() {}\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := constraint.ParseAnswer(constraint.Comments, tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			u := check.NewUnit(context.Background(), tc.path, []byte(tc.src), check.Profile(tc.profile))
			r := runRule(u, c)
			if r.Verdict != check.Fail || len(r.Findings) < 2 && tc.profile == "lint" && tc.spec != "c;Inline comment" {
				t.Fatalf("want several findings to choose from, got %s %v", r.Verdict, r.Findings)
			}
			if tc.given >= len(r.Findings) {
				t.Fatalf("finding %d of %d", tc.given, len(r.Findings))
			}
			one := r
			one.Findings = r.Findings[tc.given : tc.given+1]
			out, _ := verifyCommentFix(t, u, c, one)
			if string(out) != tc.want {
				t.Errorf("given %v:\ngot\n%s\nwant\n%s", one.Findings, out, tc.want)
			}
		})
	}
}

// TestFindingsCarryTheirFix: every finding of the rule, in both
// profiles, carries a Fix naming its target or a NoFix reason, and
// compose, given a NoFix finding alone, refuses it with that reason.
func TestFindingsCarryTheirFix(t *testing.T) {
	var paths []string
	for _, g := range []string{filepath.Join("testdata", "comment_formatting", "*.txt"), filepath.Join("testdata", "comment_formatting", "fix", "*.txtar")} {
		ps, _ := filepath.Glob(g)
		paths = append(paths, ps...)
	}
	carried, refused := 0, 0
	for _, path := range paths {
		cc := loadCommentCase(t, path)
		for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
			u := check.NewUnit(context.Background(), cc.name, cc.code, p)
			for _, f := range runRule(u, cc.c).Findings {
				_, ok := targetOf(f)
				switch {
				case ok && f.NoFix == "":
					carried++
				case f.Fix == nil && f.NoFix != "":
					refused++
					if _, skipped, err := compose(u, cc.c, []check.Finding{f}); err != nil || !slices.ContainsFunc(skipped, func(s check.Skipped) bool { return s.Reason == f.NoFix }) {
						t.Errorf("%s (%s): %q has no fix (%s), but compose skips %v (err %v)", path, p, f.Message, f.NoFix, skipped, err)
					}
				default:
					t.Errorf("%s (%s): %q carries neither a target nor why it has none", path, p, f.Message)
				}
			}
		}
	}
	if carried == 0 || refused == 0 {
		t.Errorf("%d findings carry a target, %d a NoFix: the test sees too little", carried, refused)
	}
}
