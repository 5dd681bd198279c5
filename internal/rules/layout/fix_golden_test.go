package layout_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/layout"
	"github.com/iflint/iflint/internal/syntax"
)

// The fix tests are an external package: they hold the fixes to the
// fix loop's own guard (syntax.Shape, the syntax stage's comparison),
// and internal/fix imports the rules.

// fixCase is a golden's constraint and code.
type fixCase struct {
	c    constraint.Constraint
	name string
	code []byte
}

func loadFixCase(t *testing.T, path string) fixCase {
	t.Helper()
	gc, err := goldentest.ReadCase(path)
	if err != nil {
		t.Fatal(err)
	}
	if gc.Spec == "" || gc.Name == "" {
		t.Fatalf("%s: want a spec file and a code file", path)
	}
	c, err := constraint.ParseAnswer(constraint.Indentation, gc.Spec)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return fixCase{c, gc.Name, gc.Code}
}

// check runs the rule in profile p.
func runCheck(t *testing.T, name string, src []byte, c constraint.Constraint, p check.Profile) (*check.Unit, check.Result) {
	t.Helper()
	u := check.NewUnit(context.Background(), name, src, p)
	r, err := layout.IndentationRule.Run(u, c)
	if err != nil {
		t.Fatal(err)
	}
	return u, r
}

// compose combines the fixes findings carry, as the fix loop does.
func compose(t *testing.T, u *check.Unit, c constraint.Constraint, fs []check.Finding) (check.Edits, []check.Skipped) {
	t.Helper()
	edits, skipped, err := layout.IndentationRule.Compose(u, c, fs)
	if err != nil {
		t.Fatal(err)
	}
	return edits, skipped
}

// TestFixGolden fixes every testdata/indentation_spacing/fix/*.txtar
// case with all its lint findings and compares the fixed file and the
// skipped reasons with <case>.out. Beyond the golden text it proves the
// fixes' promises: edits apply, add no parse error, leave nothing
// failing unless something was skipped, and fixing the fixed file
// changes nothing.
func TestFixGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", string(constraint.Indentation), "fix", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fix cases: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			fc := loadFixCase(t, path)
			u, r := runCheck(t, fc.name, fc.code, fc.c, check.Lint)
			if r.Verdict != check.Fail {
				t.Fatalf("case does not fail the rule (%s: %s); it tests nothing", r.Verdict, r.Reason)
			}
			edits, skipped := compose(t, u, fc.c, r.Findings)
			out, err := edits.Apply(fc.code)
			if err != nil {
				t.Fatalf("edits do not apply: %v", err)
			}
			checkFixed(t, fc, out, skipped)
			goldentest.Check(t, strings.TrimSuffix(path, ".txtar")+".out", []byte(renderFixed(fc.code, out, skipped)+shapeNote(t, fc, out)))
		})
	}
}

// TestComposeOnCheckCases fixes the rule's own golden inputs, a wider
// net than the fix goldens: every failing case must come out with the
// promised properties.
func TestComposeOnCheckCases(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", string(constraint.Indentation), "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no check cases: %v", err)
	}
	fixed := 0
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			fc := loadFixCase(t, path)
			u, r := runCheck(t, fc.name, fc.code, fc.c, check.Lint)
			if r.Verdict != check.Fail {
				return
			}
			if _, err := syntax.Parse(context.Background(), fc.c.Lang, fc.code); err != nil {
				return // no grammar: nothing a tree-based fix can do
			}
			edits, skipped := compose(t, u, fc.c, r.Findings)
			out, err := edits.Apply(fc.code)
			if err != nil {
				t.Fatalf("edits do not apply: %v", err)
			}
			if len(edits) > 0 {
				fixed++
			}
			checkFixed(t, fc, out, skipped)
		})
	}
	if fixed == 0 {
		t.Errorf("no check case was fixed; the net catches nothing")
	}
}

// parsePair parses a case's code and its fixed version.
func parsePair(t *testing.T, fc fixCase, out []byte) (before, after *syntax.Tree) {
	t.Helper()
	ctx := context.Background()
	before, err := syntax.Parse(ctx, fc.c.Lang, fc.code)
	if err != nil {
		t.Fatal(err)
	}
	after, err = syntax.Parse(ctx, fc.c.Lang, out)
	if err != nil {
		t.Fatal(err)
	}
	return before, after
}

func checkFixed(t *testing.T, fc fixCase, out []byte, skipped []check.Skipped) {
	t.Helper()
	before, after := parsePair(t, fc, out)
	if after.HasError() && !before.HasError() {
		t.Errorf("fix introduced a parse error:\n%s", out)
	}
	// A candidate that changes the tree's shape is rejected by the fix
	// loop's syntax stage; the golden says which cases rely on that
	// (shapeNote).
	u2, r2 := runCheck(t, fc.name, out, fc.c, check.Lint)
	if len(skipped) == 0 && r2.Verdict != check.Pass {
		t.Errorf("nothing skipped but the fixed file fails: %s %v", r2.Reason, r2.Findings)
	}
	if r2.Verdict == check.Fail {
		if again, _ := compose(t, u2, fc.c, r2.Findings); len(again) != 0 {
			t.Errorf("not idempotent: fixing the fixed file proposes %v", again)
		}
	}
}

// shapeNote records in the golden when a candidate changes the syntax
// tree's shape: such a candidate is never kept (the syntax stage rejects
// it), and the golden must say which cases rely on that.
func shapeNote(t *testing.T, fc fixCase, out []byte) string {
	t.Helper()
	before, after := parsePair(t, fc, out)
	if before.HasError() || fc.c.Lang == lang.Go || syntax.Shape(before.Root()) == syntax.Shape(after.Root()) {
		return ""
	}
	return "-- shape --\nchanged: verification's syntax stage rejects this candidate\n"
}

// renderFixed is the golden text: the fixed file, then each skipped
// finding as line:col of the original and its reason.
func renderFixed(src, out []byte, skipped []check.Skipped) string {
	var sb strings.Builder
	sb.WriteString("-- fixed --\n")
	sb.Write(out)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		sb.WriteString("\n(no newline at end)\n")
	}
	sb.WriteString("-- skipped --\n")
	for _, s := range skipped {
		l, c := lineCol(src, s.Start)
		fmt.Fprintf(&sb, "%d:%d: %s\n", l, c, s.Reason)
	}
	return sb.String()
}

func lineCol(src []byte, off int) (int, int) {
	line := strings.Count(string(src[:off]), "\n") + 1
	return line, off - (strings.LastIndexByte(string(src[:off]), '\n') + 1) + 1
}

// TestShapeGuardCatchesNaiveReindent shows the guard the fixes rely on
// would reject the naive fix of the scope trap (tab → 4 spaces), and
// that the rule's fix keeps the scope.
func TestShapeGuardCatchesNaiveReindent(t *testing.T) {
	src := "def f(a):\n        if a:\n            a += 1\n\treturn a\n"
	naive := strings.ReplaceAll(src, "\t", "    ")
	ctx := context.Background()
	before, err := syntax.Parse(ctx, lang.Python, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	after, err := syntax.Parse(ctx, lang.Python, []byte(naive))
	if err != nil {
		t.Fatal(err)
	}
	if syntax.Shape(before.Root()) == syntax.Shape(after.Root()) {
		t.Fatalf("naive re-indentation kept the tree shape; the trap tests nothing")
	}
	c, err := constraint.ParseAnswer(constraint.Indentation, "python;spaces:4")
	if err != nil {
		t.Fatal(err)
	}
	u, r := runCheck(t, "code.py", []byte(src), c, check.Lint)
	edits, skipped := compose(t, u, c, r.Findings)
	if len(skipped) != 0 {
		t.Fatalf("skipped %v", skipped)
	}
	out, _ := edits.Apply([]byte(src))
	fixedTree, err := syntax.Parse(ctx, lang.Python, out)
	if err != nil {
		t.Fatal(err)
	}
	if syntax.Shape(fixedTree.Root()) != syntax.Shape(before.Root()) {
		t.Errorf("fixed file changed scope:\n%s", out)
	}
}
