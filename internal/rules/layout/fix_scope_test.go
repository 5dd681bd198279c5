package layout_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/goldentest"
)

func fixFindings(t *testing.T, spec, name, src string, pick func([]check.Finding) []check.Finding) (string, check.Result, check.Edits, []check.Skipped) {
	t.Helper()
	c, err := constraint.ParseAnswer(constraint.Indentation, spec)
	if err != nil {
		t.Fatal(err)
	}
	u, r := runCheck(t, name, []byte(src), c, check.Lint)
	if r.Verdict != check.Fail {
		t.Fatalf("%s does not fail: %s", name, r.Reason)
	}
	if pick != nil {
		r.Findings = pick(r.Findings)
	}
	edits, skipped := compose(t, u, c, r.Findings)
	out, err := edits.Apply([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return string(out), r, edits, skipped
}

// lineSpan is the byte range of the lines [Start's line, End's line].
func lineSpan(src []byte, f check.Finding) (int, int) {
	s := bytes.LastIndexByte(src[:f.Start], '\n') + 1
	end := max(f.End, f.Start)
	if end > 0 && end <= len(src) && src[end-1] == '\n' {
		end--
	}
	e := bytes.IndexByte(src[end:], '\n')
	if e < 0 {
		return s, len(src)
	}
	return s, end + e
}

// requireInside fails when an edit touches text outside the lines of the
// findings it was given.
func requireInside(t *testing.T, src []byte, given []check.Finding, edits check.Edits) {
	t.Helper()
	for _, e := range edits {
		ok := false
		for _, f := range given {
			s, end := lineSpan(src, f)
			if e.Start >= s && e.End <= end {
				ok = true
			}
		}
		if !ok {
			t.Errorf("edit %v is outside the given findings %v", e, given)
		}
	}
}

// Issue 13's reproduction: the base has a 2-space function, the pull
// request appends another; the Action hands the fixer only the new
// function's finding, and the fix touches only the new function.
func TestFixEditsOnlyGivenFindings(t *testing.T) {
	base := "def add(a, b):\n  return a + b\n"
	head := base + "\n\ndef addOne(c):\n  return c + 1\n"
	out, r, edits, _ := fixFindings(t, "python;spaces:4", "x.py", head, func(fs []check.Finding) []check.Finding {
		var in []check.Finding
		for _, f := range fs {
			if f.Start >= len(base) {
				in = append(in, f)
			}
		}
		return in
	})
	if len(r.Findings) != 1 {
		t.Fatalf("want exactly the appended function's finding, got %v", r.Findings)
	}
	want := base + "\n\ndef addOne(c):\n    return c + 1\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	requireInside(t, []byte(head), r.Findings, edits)
}

// A block's statements move together in Python (they must share one
// column), even when only the first one's finding is given; a line
// inside the block that is wrong for it as well goes where it belongs.
func TestFixMovesTheWholePythonBlock(t *testing.T) {
	src := "def f(a):\n  b = a\n  if b:\n     c = 1\n  return b\n"
	out, r, edits, _ := fixFindings(t, "python;spaces:4", "x.py", src, func(fs []check.Finding) []check.Finding { return fs[:1] })
	want := "def f(a):\n    b = a\n    if b:\n        c = 1\n    return b\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	requireInside(t, []byte(src), r.Findings, edits)
}

// In a brace language only the wrongly indented header and the lines
// that stand with it move; a body already where it belongs stays.
func TestFixKeepsDetachedLines(t *testing.T) {
	src := "class A {\n     void f() {\n        int x = 1;\n    }\n\n      void g() {\n          int y = 2;\n      }\n}\n"
	out, _, _, skipped := fixFindings(t, "java;spaces:4", "A.java", src, nil)
	want := "class A {\n    void f() {\n        int x = 1;\n    }\n\n    void g() {\n        int y = 2;\n    }\n}\n"
	if out != want || len(skipped) > 0 {
		t.Errorf("got\n%s\nwant\n%s\nskipped %v", out, want, skipped)
	}
}

// The declarator's "=" is an infix operator the rule reports, so the
// fixer must fix it (it used to refuse: "= belongs to init_declarator").
func TestSpacingFixFixesDeclarators(t *testing.T) {
	out, _, _, skipped := fixFindings(t, "c;spaces:4;spacing", "t.c", "long f(void) {\n    long total=0;\n    return total;\n}\n", nil)
	if want := "long f(void) {\n    long total = 0;\n    return total;\n}\n"; out != want || len(skipped) > 0 {
		t.Errorf("got\n%s\nskipped %v", out, skipped)
	}
}

// Keyword arguments and defaults are not spaced (pycodestyle E251), and
// spaced ones are unspaced.
func TestSpacingFixUnspacesKeywordArguments(t *testing.T) {
	out, _, _, _ := fixFindings(t, "python;spaces:4;spacing", "k.py", "def f(a, b = 1):\n    return g(a, key = b)\n", nil)
	if want := "def f(a, b=1):\n    return g(a, key=b)\n"; out != want {
		t.Errorf("got\n%s", out)
	}
}

// Every finding of the rule, on every golden case of the rule and of
// the fixer, gets an edit inside its lines or a skip with a reason; and
// no edit lands outside the findings' lines.
func TestFixAnswersEveryFinding(t *testing.T) {
	var paths []string
	for _, g := range []string{
		filepath.Join("testdata", "indentation_spacing", "fix", "*.txtar"),
		filepath.Join("testdata", "indentation_spacing", "*.txt"),
	} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	if len(paths) < 20 {
		t.Fatalf("only %d cases", len(paths))
	}
	for _, path := range paths {
		gc, err := goldentest.ReadCase(path)
		if err != nil {
			t.Fatal(err)
		}
		spec, name, code := gc.Spec, gc.Name, gc.Code
		c, err := constraint.ParseAnswer(constraint.Indentation, spec)
		if err != nil {
			t.Fatal(err)
		}
		u, r := runCheck(t, name, code, c, check.Lint)
		if r.Verdict != check.Fail {
			continue
		}
		edits, skipped := compose(t, u, c, r.Findings)
		requireInside(t, code, r.Findings, edits)
		for _, f := range r.Findings {
			s, e := lineSpan(code, f)
			answered := false
			for _, ed := range edits {
				answered = answered || ed.Start >= s && ed.End <= e && ed.Start <= max(f.End, f.Start+1)
			}
			for _, sk := range skipped {
				answered = answered || sk.Start == f.Start && sk.Reason != ""
			}
			if !answered {
				t.Errorf("%s: finding %q at %d has neither an edit nor a reason", path, f.Message, f.Start)
			}
		}
	}
}
