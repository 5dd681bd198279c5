package braces

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

func TestBraceVerdicts(t *testing.T) {
	cases := []struct {
		spec, code string
		mcif, lint check.Verdict
	}{
		// Python's str.splitlines also breaks at \v, \f and U+2028; in
		// the lint profile, as in compilers and editors, only \n does.
		{"C;Allman", "int f()\v{\f return 0;\u2028}", check.Pass, check.Fail},
		{"C;K&R", "int f()\v{\n}", check.Fail, check.Pass},
		// startswith('else') is a prefix test: "elsewhere" counts; the
		// lint profile reads keywords from the syntax tree.
		{"C;1TBS", "void f() {\n}\nelsewhere();\n", check.Fail, check.Pass},
		// Only the first "{" of a line is looked at.
		{"java;K&R", "class A { int[] a = {1}; }\n", check.Pass, check.Pass},
		// A brace after "=" fails K&R in the evaluator, not in lint.
		{"javascript;K&R", "const o = {\n  a: 1,\n};\n", check.Fail, check.Pass},
		// Braces in strings count for the evaluator, not for lint.
		{"java;Allman", "class A\n{\n    String s = \"{\";\n}\n", check.Fail, check.Pass},
		// Comments are removed first.
		{"java;Allman", "class A\n{ // {\n}\n", check.Pass, check.Pass},
		{"java;Allman", "class A\n{\n    // int f() {\n}\n", check.Pass, check.Pass},
		{"rust;K&R", "fn main() {\n    let v: Vec<u8> = vec![];\n}\n", check.Pass, check.Pass},
		// An empty file has nothing to break.
		{"go;1TBS", "", check.Pass, check.Pass},
	}
	for _, c := range cases {
		con, err := constraint.ParseAnswer(constraint.Braces, c.spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
			want := c.mcif
			if p == check.Lint {
				want = c.lint
			}
			r := runRule(check.NewUnit(context.Background(), "x", []byte(c.code), p), con)
			if r.Verdict != want {
				t.Errorf("%s %s %q: got %s (%s), want %s", p, c.spec, c.code, r.Verdict, r.Reason, want)
			}
		}
	}
}

// TestBraceFindingsUncapped: every misplaced brace is reported, however
// many there are, and two on one line are two findings.
func TestBraceFindingsUncapped(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("class A {\n")
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&sb, "    void f%d()\n    {\n    }\n", i)
	}
	sb.WriteString("}\n")
	c, err := constraint.ParseAnswer(constraint.Braces, "java;K&R")
	if err != nil {
		t.Fatal(err)
	}
	r := runRule(check.NewUnit(context.Background(), "A.java", []byte(sb.String()), check.Lint), c)
	if len(r.Findings) != 300 {
		t.Errorf("K&R: %d findings, want 300", len(r.Findings))
	}
	c, err = constraint.ParseAnswer(constraint.Braces, "java;Allman")
	if err != nil {
		t.Fatal(err)
	}
	src := "class A\n{\n    int f(int x)\n    {\n        if (x > 0)\n        {\n            return 1;\n        } else {\n            return 0;\n        }\n    }\n}\n"
	r = runRule(check.NewUnit(context.Background(), "A.java", []byte(src), check.Lint), c)
	if len(r.Findings) != 2 {
		t.Errorf("Allman `} else {`: %d findings %v, want the keyword's and the brace's", len(r.Findings), r.Findings)
	}
}

// BenchmarkBraceRule compares the lint profile's brace rule with the
// parse it reads (run both: the ratio is the rule's cost).
func BenchmarkBraceRule(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("class A {\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&sb, "    int f%d(int x) {\n        if (x > %d) {\n            return new int[] {x, 1}[0];\n        } else {\n            return 0;\n        }\n    }\n", i, i)
	}
	sb.WriteString("}\n")
	src := []byte(sb.String())
	c, err := constraint.ParseAnswer(constraint.Braces, "java;1TBS")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("parse", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			u := check.NewUnit(context.Background(), "A.java", src, check.Lint)
			if _, err := u.Tree(c.Lang); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parse+rule", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			u := check.NewUnit(context.Background(), "A.java", src, check.Lint)
			if r := runRule(u, c); r.Verdict != check.Pass {
				b.Fatalf("%s: %s", r.Verdict, r.Reason)
			}
		}
	})
}
