package rules

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/goldentest"
)

// TestGolden runs every testdata/<type>/<case>.txt: a txtar archive with a
// "spec" file (the constraint, as a MultiCodeIF answer) and one "code" file
// (any name; its bytes are checked as-is). Both profiles are run and
// rendered into <case>.out.
func TestGolden(t *testing.T) {
	cases, err := filepath.Glob(filepath.Join("testdata", "*", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range cases {
		path := path
		t.Run(strings.TrimSuffix(strings.TrimPrefix(path, "testdata"+string(filepath.Separator)), ".txt"), func(t *testing.T) {
			got := runGolden(t, path)
			outPath := strings.TrimSuffix(path, ".txt") + ".out"
			goldentest.Check(t, outPath, []byte(got))
		})
	}
}

func runGolden(t *testing.T, path string) string {
	gc, err := goldentest.ReadCase(path)
	if err != nil {
		t.Fatal(err)
	}
	typ := constraint.Type(filepath.Base(filepath.Dir(path)))
	spec, codeName, code := gc.Spec, gc.Name, gc.Code
	if spec == "" || codeName == "" {
		t.Fatalf("%s: expected a spec file and a code file", path)
	}
	c, err := constraint.ParseAnswer(typ, spec)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
		u := check.NewUnit(context.Background(), codeName, code, p)
		r := run(u, c)
		fmt.Fprintf(&sb, "%s: %s (%s)", p, r.Verdict, r.Method)
		if r.Reason != "" {
			fmt.Fprintf(&sb, ": %s", firstLine(r.Reason))
		}
		sb.WriteString("\n")
		for _, f := range r.Findings {
			l1, c1 := u.Position(f.Start)
			l2, c2 := u.Position(f.End)
			fmt.Fprintf(&sb, "  %d:%d-%d:%d: %s\n", l1, c1, l2, c2, f.Message)
		}
	}
	return sb.String()
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
