package check

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

func TestLayoutQueriesCompile(t *testing.T) {
	for id, q := range layQueries {
		if _, err := syntax.CompileQuery(id, q); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
	for id, q := range layGenericQueries {
		if _, err := syntax.CompileQuery(id, q); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
}

// The evaluator's patterns: \b\w+\s+OP\s+\w+\b is "spaced" and
// \b\w+OP\w+\b "unspaced"; whitespace includes newlines; \w is Unicode.
func TestLayoutSpacingPatterns(t *testing.T) {
	cases := []struct {
		text             string
		spaced, unspaced bool // does the text break "no spacing" / "spacing"
	}{
		{"a = b", true, false},
		{"a=b", false, true},
		{"a =b", false, false},
		{"a ==b", false, false},
		{"x =\n    y", true, false},
		{"ä=ö", false, true},
		{"1e-5", false, true},
		{"a->b", false, false},
		{"a <= b", true, false},
		{"f(a,b)", false, true},
		{"f(a, b)", true, false},
		{"f(a,\n  b)", true, false},
		{"x = -1", false, false},
		{"a && b", true, false},
		{"a,", false, false},
	}
	for _, c := range cases {
		v := layBuildView([]byte(c.text), nil)
		lf := &layFindings{seen: map[int]bool{}, starts: []int{0}}
		if got := laySpacing(v, false, nil, lf) > 0; got != c.spaced {
			t.Errorf("%q breaks no-spacing = %v, want %v", c.text, got, c.spaced)
		}
		lf = &layFindings{seen: map[int]bool{}, starts: []int{0}}
		if got := laySpacing(v, true, nil, lf) > 0; got != c.unspaced {
			t.Errorf("%q breaks spacing = %v, want %v", c.text, got, c.unspaced)
		}
	}
}

// Every layout rule must return a verdict, never panic, and be
// deterministic, whatever the input.
func TestLayoutHostileInputs(t *testing.T) {
	big := strings.Repeat("int f(int a,int b) {\n    return a+b; // c {\n}\n", 5<<20/48)
	inputs := map[string]string{
		"empty":         "",
		"binary":        "\x00\x01\xff\xfe{\x00}\n\t\x80=,",
		"invalid":       "int x\xc3=\xff1;\n  \xe2\x80{\n",
		"nested":        strings.Repeat("{(", 3000) + strings.Repeat(")}", 3000),
		"crlf":          "int f() {\r\n\treturn 1;\r\n}\r\n",
		"lone_cr":       "int f() {\r  return 1;\r}\r",
		"directive_eof": "int x;\n#define A 1 // no newline at the end",
		"unterminated":  "x = \"abc\n/* open comment {\n",
		"big":           big,
	}
	specs := []struct {
		typ  constraint.Type
		spec string
	}{
		{constraint.Indentation, "%s;spaces:4;spacing"},
		{constraint.Indentation, "%s;tabs;no spacing"},
		{constraint.Braces, "%s;K&R"},
		{constraint.Braces, "%s;1TBS"},
		{constraint.Braces, "%s;Allman"},
	}
	langs := []string{"c", "C++", "go", "java", "javascript", "kotlin", "python", "rust", "csharp"}
	for name, src := range inputs {
		for _, l := range langs {
			if name == "big" && (l != "c" || testing.Short()) {
				continue
			}
			for _, p := range []Profile{MultiCodeIF, Lint} {
				// One unit per profile: the 5 MB input is parsed once; a
				// second unit checks the results are deterministic.
				u := NewUnit(context.Background(), "x", []byte(src), p)
				u2 := NewUnit(context.Background(), "x", []byte(src), p)
				for _, s := range specs {
					c, err := constraint.ParseAnswer(s.typ, strings.Replace(s.spec, "%s", l, 1))
					if err != nil {
						t.Fatal(err)
					}
					r := Run(u, c)
					if r.Verdict == Unverified || r.Reason == "" {
						t.Errorf("%s %s %s: %s %q", name, c.Spec, p, r.Verdict, r.Reason)
					}
					if r.Verdict == Fail && len(r.Findings) == 0 {
						t.Errorf("%s %s %s: failure without findings", name, c.Spec, p)
					}
					for _, f := range r.Findings {
						if f.Start < 0 || f.End < f.Start || f.End > len(src) {
							t.Errorf("%s %s %s: finding out of range %+v", name, c.Spec, p, f)
						}
					}
					if name == "big" {
						continue
					}
					again := Run(u2, c)
					if !reflect.DeepEqual(again, r) {
						t.Errorf("%s %s %s: not deterministic", name, c.Spec, p)
					}
				}
			}
		}
	}
}

// A comment line joins the next line in C/C++/Rust only.
func TestLayoutCommentNewline(t *testing.T) {
	src := "int a;\n// c\nint b;\n"
	for _, tc := range []struct {
		id   lang.ID
		want string
	}{
		{lang.C, "int a;\nint b;\n"},
		{lang.CPP, "int a;\nint b;\n"},
		{lang.Rust, "int a;\nint b;\n"},
		{lang.Java, "int a;\n\nint b;\n"},
		{lang.Go, "int a;\n\nint b;\n"},
		{lang.JavaScript, "int a;\n\nint b;\n"},
		{lang.Kotlin, "int a;\n\nint b;\n"},
	} {
		u := NewUnit(context.Background(), "x", []byte(src), MultiCodeIF)
		sp, err := laySpansFor(u, tc.id)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(layViewOf(u, tc.id, sp, true).text); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.id, got, tc.want)
		}
	}
}

// No silent cap: every finding is reported, in both profiles (a cap of
// 200 used to drop the rest without a word).
func TestLayoutReportsEveryFinding(t *testing.T) {
	var ind, br strings.Builder
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&ind, "int f%d(void) {\n   return %d;\n}\n", i, i)
		// A control statement's brace on its own line (K&R's own-line
		// function brace is K&R, not a finding).
		fmt.Fprintf(&br, "int g%d(int x) {\n    if (x)\n    {\n        return %d;\n    }\n    return 0;\n}\n", i, i)
	}
	for _, tc := range []struct{ spec, src string }{
		{"c;spaces:4", ind.String()},
	} {
		for _, p := range []Profile{MultiCodeIF, Lint} {
			c, err := constraint.ParseAnswer(constraint.Indentation, tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			r := Run(NewUnit(context.Background(), "x.c", []byte(tc.src), p), c)
			if len(r.Findings) != 300 {
				t.Errorf("%s %s: %d findings, want 300", tc.spec, p, len(r.Findings))
			}
		}
	}
	c, err := constraint.ParseAnswer(constraint.Braces, "c;K&R")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Profile{MultiCodeIF, Lint} {
		r := Run(NewUnit(context.Background(), "x.c", []byte(br.String()), p), c)
		if len(r.Findings) != 300 {
			t.Errorf("braces %s: %d findings, want 300", p, len(r.Findings))
		}
	}
}

// Keyword arguments and defaults are never spacing findings in Python
// (pycodestyle E251 wants them unspaced); an annotated default is spaced
// (E252). The fix track's keyword-argument task holds both.
func TestKeywordArgumentsAreNotSpacingFindings(t *testing.T) {
	task, err := os.ReadFile(filepath.Join("..", "..", "benchmark", "fix", "tasks", "py-keyword-args", "report.py"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := constraint.ParseAnswer(constraint.Indentation, "python;spaces:4;spacing")
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{
		"task":     string(task),
		"calls":    "f(a=1, b=g(c=2))\nx = dict(k=v, **rest)\n",
		"defaults": "def f(a, b=1, *args, c=None, **kw):\n    return lambda x=1: x\n",
		"typed":    "def f(a: int = 1, *, b: str = 'x') -> None:\n    pass\n",
		"class":    "class A(Base, metaclass=Meta):\n    pass\n",
	} {
		is, err := LayoutIssues(NewUnit(context.Background(), "x.py", []byte(src), Lint), c)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range is {
			if i.Kind == SpacingIssue {
				t.Errorf("%s: spacing finding %q at %d", name, i.Message, i.Start)
			}
		}
	}
	is, err := LayoutIssues(NewUnit(context.Background(), "x.py", []byte("f(a = 1)\ndef g(b: int=2):\n    pass\n"), Lint), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(is) != 2 {
		t.Errorf("spaced keyword and unspaced annotated default: %d findings, want one E251 and one E252: %+v", len(is), is)
	}
}
