package layout

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/check"
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
		u := check.NewUnit(context.Background(), "x", []byte(c.text), check.MultiCodeIF)
		if got := laySpacing(v, false, newPaperFindings(u)) > 0; got != c.spaced {
			t.Errorf("%q breaks no-spacing = %v, want %v", c.text, got, c.spaced)
		}
		if got := laySpacing(v, true, newPaperFindings(u)) > 0; got != c.unspaced {
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
