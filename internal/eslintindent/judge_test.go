package eslintindent

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

func judge(t *testing.T, id lang.ID, src, unit string) []string {
	t.Helper()
	tr, err := syntax.Parse(context.Background(), id, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	var out []string
	for _, r := range Judge([]byte(src), syntax.NewFlatTree(tr.Root()), unit) {
		out = append(out, fmt.Sprintf("%d:%q:%v", r.Line, r.Want, r.Comment))
	}
	return out
}

// Cases in the manner of eslint's tests/lib/rules/indent.js, default
// options: the lines eslint reports and the indentation it wants.
func TestJudge(t *testing.T) {
	for _, tc := range []struct {
		id        lang.ID
		src, unit string
		want      []string
	}{
		{lang.JavaScript, "function f() {\n    return 1;\n}\n", "    ", nil},
		{lang.JavaScript, "function f() {\n  return 1;\n}\n", "    ", []string{`1:"    ":false`}},
		{lang.JavaScript, "if (a) {\n\tb();\n} else {\n  c();\n}\n", "\t", []string{`3:"\t":false`}},
		// SwitchCase 0: cases at the switch's level.
		{lang.JavaScript, "switch (a) {\ncase 1:\n    b();\n}\n", "    ", nil},
		// A comment is judged like the line it precedes.
		{lang.JavaScript, "{\n      // c\n    x();\n}\n", "    ", []string{`1:"    ":true`}},
		// Call arguments one level past the call's line.
		{lang.JavaScript, "f(\n  a,\n      b\n);\n", "  ", []string{`2:"  ":false`}},
		// Type-level syntax eslint's rule does not know is left alone.
		{lang.TypeScript, "let x: {\n        a: number;\n} = {a: 1};\n", "  ", nil},
	} {
		if got := judge(t, tc.id, tc.src, tc.unit); !slices.Equal(got, tc.want) {
			t.Errorf("%s %q: got %q, want %q", tc.id, tc.src, got, tc.want)
		}
	}
}
