package layout

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/syntax"
)

func TestLayoutQueriesCompile(t *testing.T) {
	for id, q := range layoutview.LayQueries {
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
		v := layoutview.LayBuildView([]byte(c.text), nil)
		lf := &layoutview.LayFindings{Seen: map[int]bool{}, Starts: []int{0}}
		if got := laySpacing(v, false, nil, lf) > 0; got != c.spaced {
			t.Errorf("%q breaks no-spacing = %v, want %v", c.text, got, c.spaced)
		}
		lf = &layoutview.LayFindings{Seen: map[int]bool{}, Starts: []int{0}}
		if got := laySpacing(v, true, nil, lf) > 0; got != c.unspaced {
			t.Errorf("%q breaks spacing = %v, want %v", c.text, got, c.unspaced)
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
		u := check.NewUnit(context.Background(), "x", []byte(src), check.MultiCodeIF)
		sp, err := layoutview.LaySpansFor(u, tc.id)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(layoutview.LayViewOf(u, tc.id, sp, true).Text); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.id, got, tc.want)
		}
	}
}

// Keyword arguments and defaults are never spacing findings in Python
// (pycodestyle E251 wants them unspaced); an annotated default is spaced
// (E252). The fix track's keyword-argument task holds both.
func TestKeywordArgumentsAreNotSpacingFindings(t *testing.T) {
	task, err := os.ReadFile(filepath.Join("..", "..", "..", "benchmark", "fix", "tasks", "py-keyword-args", "report.py"))
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
		is, err := LayoutIssues(check.NewUnit(context.Background(), "x.py", []byte(src), check.Lint), c)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range is {
			if i.Kind == SpacingIssue {
				t.Errorf("%s: spacing finding %q at %d", name, i.Message, i.Start)
			}
		}
	}
	is, err := LayoutIssues(check.NewUnit(context.Background(), "x.py", []byte("f(a = 1)\ndef g(b: int=2):\n    pass\n"), check.Lint), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(is) != 2 {
		t.Errorf("spaced keyword and unspaced annotated default: %d findings, want one E251 and one E252: %+v", len(is), is)
	}
}
