package layout_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/layout"
	"github.com/iflint/iflint/internal/rules/rulestest"
	"github.com/iflint/iflint/internal/syntax"
)

// The fix tests are an external package: they hold the fixes to the
// fix loop's own guard (syntax.Shape, the syntax stage's comparison),
// and internal/fix imports the rules.

// golden is the indentation rule under its fix goldens; a candidate
// that changes the tree's shape is only noted, for the fix loop's
// syntax stage rejects it.
var golden = rulestest.Fixer{Rule: layout.IndentationRule}

func runCheck(t *testing.T, name string, src []byte, c constraint.Constraint, p check.Profile) (*check.Unit, check.Result) {
	t.Helper()
	return golden.Run(t, name, src, c, p)
}

func compose(t *testing.T, u *check.Unit, c constraint.Constraint, fs []check.Finding) (check.Edits, []check.Skipped) {
	t.Helper()
	return golden.Compose(t, u, c, fs)
}

// TestFixGolden fixes every testdata/indentation_spacing/fix/*.txtar
// case with all its lint findings and compares the fixed file and the
// skipped reasons with <case>.out (see rulestest.Fixer).
func TestFixGolden(t *testing.T) { golden.FixGolden(t) }

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
			fc := rulestest.LoadFixCase(t, constraint.Indentation, path)
			u, r := runCheck(t, fc.Name, fc.Code, fc.C, check.Lint)
			if r.Verdict != check.Fail {
				return
			}
			if _, err := syntax.Parse(context.Background(), fc.C.Lang, fc.Code); err != nil {
				return // no grammar: nothing a tree-based fix can do
			}
			edits, skipped := compose(t, u, fc.C, r.Findings)
			out, err := edits.Apply(fc.Code)
			if err != nil {
				t.Fatalf("edits do not apply: %v", err)
			}
			if len(edits) > 0 {
				fixed++
			}
			golden.CheckFixed(t, fc, out, skipped)
		})
	}
	if fixed == 0 {
		t.Errorf("no check case was fixed; the net catches nothing")
	}
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
