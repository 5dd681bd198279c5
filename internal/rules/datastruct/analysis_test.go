package datastruct

import (
	"context"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// TestDSHostileInputs: every data-structure rule returns a verdict with a
// reason, deterministically, on inputs no generator should produce.
func TestDSHostileInputs(t *testing.T) {
	inputs := map[string]string{
		"empty":        "",
		"binary":       "\x00\x01\x02\xff\xfe#[\x00/*",
		"invalid utf8": "x = list()\xff\xfe\n\xc3(",
		"nested":       strings.Repeat("(", 5000) + strings.Repeat("[", 5000) + strings.Repeat("{", 5000),
		"open comment": "/* never closed\n#define X 1 \\\n",
		"hash lines":   "#\n#if 0\n#if 1\n#else\n$\n$(\n#![x",
		"dollar":       "macro_rules! m { ($x:expr) => { $x }; }\n$",
		"crlf unicode": "let é = \"ü\";\r\n// ß\r\nq.push(1);\r\n",
	}
	specs := []string{"%s;list", "%s;list;10", "%s;list;['push','append']"}
	for _, l := range []string{"python", "java", "cpp", "go", "rust"} {
		for name, src := range inputs {
			for _, f := range specs {
				c, err := constraint.ParseLevel(strings.ReplaceAll(f, "%s", l))
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
					r1 := runRule(check.NewUnit(context.Background(), "", []byte(src), p), c)
					r2 := runRule(check.NewUnit(context.Background(), "", []byte(src), p), c)
					if r1.Verdict == check.Unverified && strings.Contains(r1.Reason, "internal error") || r1.Reason == "" {
						t.Errorf("%s/%s/%s/%s: %s %q", l, name, c.Type, p, r1.Verdict, r1.Reason)
					}
					if r1.Verdict != r2.Verdict || r1.Reason != r2.Reason || len(r1.Findings) != len(r2.Findings) {
						t.Errorf("%s/%s/%s/%s: not deterministic", l, name, c.Type, p)
					}
				}
			}
		}
	}
}

func TestDSLargeInput(t *testing.T) {
	if testing.Short() {
		t.Skip("5 MB input")
	}
	src := strings.Repeat("q = collections.deque()  # é\nq.append(1)\n", 5<<20/40)
	c, _ := constraint.ParseAnswer(constraint.DSOperation, "python;collections.deque;['append']")
	src = "import collections\n" + src
	if r := runRule(check.NewUnit(context.Background(), "", []byte(src), check.MultiCodeIF), c); r.Verdict != check.Pass {
		t.Fatalf("got %s: %s", r.Verdict, r.Reason)
	}
}

// TestDSCppDirectives pins the Pygments preprocessor rules we mirror.
func TestDSCppDirectives(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"#include <vector>\nint a;\n", "int a;\n"},
		{"  #define N \\\n  300\nint b;\n", "  int b;\n"},
		{"#define N 3 /* a\nb */ 4\nint c;\n", "int c;\n"},
		{"#define N 3 // x\nint d;\n", "int d;\n"},
		{"#if 0\nstack s;\n#if 1\n#endif\n#endif\nint e;\n", "int e;\n"},
		{"#if 0\nstack s;\n#else\nint f;\n#endif\n", "int f;\n"},
		{"/* # not a directive\n# still comment */ int g;\n", " int g;\n"},
		{"const char* s = R\"(\n#define X\n)\";\n", "const char* s = R\"(\n#define X\n)\";\n"},
		{"int h; // c\nint i;\n", "int h; int i;\n"},
	} {
		u := check.NewUnit(context.Background(), "", []byte(tc.src), check.MultiCodeIF)
		a, err := analyze(u, lang.CPP)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(a.code()); got != tc.want {
			t.Errorf("%q: stripped to %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestDSRustStripping pins what Pygments' Rust lexer drops and keeps.
func TestDSRustStripping(t *testing.T) {
	src := "/// doc 64\n//! inner 65\n// plain 66\n/* block 67 */\n/** doc block 68 */\n#[cfg(feature = \"x69\")]\nfn f() {}\n"
	u := check.NewUnit(context.Background(), "", []byte(src), check.MultiCodeIF)
	a, _ := analyze(u, lang.Rust)
	got := string(a.code())
	for _, keep := range []string{"doc 64", "inner 65", "doc block 68", "\"x69\"", "fn f()"} {
		if !strings.Contains(got, keep) {
			t.Errorf("stripped code lost %q: %q", keep, got)
		}
	}
	for _, drop := range []string{"66", "67", "cfg"} {
		if strings.Contains(got, drop) {
			t.Errorf("stripped code kept %q: %q", drop, got)
		}
	}
}

// TestDSEvalTextShift: the evaluator slices the decoded text with byte
// offsets, so one two-byte character shifts later names by one.
func TestDSEvalTextShift(t *testing.T) {
	src := "class A { void f() { String s = \"é\"; // ü\r\n q.offer(1); } }"
	u := check.NewUnit(context.Background(), "", []byte(src), check.MultiCodeIF)
	a, _ := analyze(u, lang.Java)
	var got []string
	for _, c := range a.calls {
		for _, n := range c.names {
			got = append(got, a.evalText(n, operationReading(check.MultiCodeIF))+"|"+a.evalText(n, operationReading(check.Lint)))
		}
	}
	want := ".|q ffer(|offer"
	if strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
}
