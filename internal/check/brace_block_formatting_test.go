package check

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/constraint"
)

func TestBraceVerdicts(t *testing.T) {
	cases := []struct {
		spec, code string
		mcif, lint Verdict
	}{
		// Python's str.splitlines also breaks at \v, \f and U+2028; in
		// the lint profile, as in compilers and editors, only \n does.
		{"C;Allman", "int f()\v{\f return 0;\u2028}", Pass, Fail},
		{"C;K&R", "int f()\v{\n}", Fail, Pass},
		// startswith('else') is a prefix test: "elsewhere" counts; the
		// lint profile reads keywords from the syntax tree.
		{"C;1TBS", "void f() {\n}\nelsewhere();\n", Fail, Pass},
		// Only the first "{" of a line is looked at.
		{"java;K&R", "class A { int[] a = {1}; }\n", Pass, Pass},
		// A brace after "=" fails K&R in the evaluator, not in lint.
		{"javascript;K&R", "const o = {\n  a: 1,\n};\n", Fail, Pass},
		// Braces in strings count for the evaluator, not for lint.
		{"java;Allman", "class A\n{\n    String s = \"{\";\n}\n", Fail, Pass},
		// Comments are removed first.
		{"java;Allman", "class A\n{ // {\n}\n", Pass, Pass},
		{"java;Allman", "class A\n{\n    // int f() {\n}\n", Pass, Pass},
		{"rust;K&R", "fn main() {\n    let v: Vec<u8> = vec![];\n}\n", Pass, Pass},
		// An empty file has nothing to break.
		{"go;1TBS", "", Pass, Pass},
	}
	for _, c := range cases {
		con, err := constraint.ParseAnswer(constraint.Braces, c.spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []Profile{MultiCodeIF, Lint} {
			want := c.mcif
			if p == Lint {
				want = c.lint
			}
			r := Run(NewUnit(context.Background(), "x", []byte(c.code), p), con)
			if r.Verdict != want {
				t.Errorf("%s %s %q: got %s (%s), want %s", p, c.spec, c.code, r.Verdict, r.Reason, want)
			}
		}
	}
}
