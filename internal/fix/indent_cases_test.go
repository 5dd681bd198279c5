package fix

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// TestIndentationFixerOnCheckCases runs the fixer over the rule's own
// golden inputs (internal/rules/<family>/testdata), a wider net than the
// fixer goldens: every failing case must come out with the promised
// properties. (The brace fix's is in internal/rules/braces.)
func TestIndentationFixerOnCheckCases(t *testing.T) {
	for typ, fixer := range map[constraint.Type]Fixer{constraint.Indentation: FixIndentation} {
		paths, err := filepath.Glob(filepath.Join("..", "rules", "*", "testdata", string(typ), "*.txt"))
		if err != nil || len(paths) == 0 {
			t.Fatalf("no check cases for %s: %v", typ, err)
		}
		fixed := 0
		for _, path := range paths {
			t.Run(string(typ)+"/"+strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
				lc := loadLayoutCase(t, typ, path)
				u := check.NewUnit(context.Background(), lc.name, lc.code, check.Lint)
				r := mustRun(u, lc.c)
				if r.Verdict != check.Fail {
					return
				}
				if _, err := syntax.Parse(context.Background(), lc.c.Lang, lc.code); err != nil {
					return // no grammar: nothing a tree-based fixer can do
				}
				edits, skipped, err := fixer(u, lc.c, r)
				if err != nil {
					t.Fatal(err)
				}
				out, err := edits.Apply(lc.code)
				if err != nil {
					t.Fatalf("edits do not apply: %v", err)
				}
				if len(edits) > 0 {
					fixed++
				}
				t.Logf("%d edit(s), skipped %v", len(edits), skipped)
				checkLayoutFixed(t, lc, out, skipped, fixer)
			})
		}
		if fixed == 0 {
			t.Errorf("%s: no check case was fixed; the net catches nothing", typ)
		}
	}
}

// TestShapeGuardCatchesNaiveReindent shows the guard FixIndentation relies
// on would reject the naive fix of the scope trap (tab → 4 spaces).
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
	if TreeShape(before.Root()) == TreeShape(after.Root()) {
		t.Fatalf("naive re-indentation kept the tree shape; the trap tests nothing")
	}
	c, err := constraint.ParseAnswer(constraint.Indentation, "python;spaces:4")
	if err != nil {
		t.Fatal(err)
	}
	u := check.NewUnit(ctx, "code.py", []byte(src), check.Lint)
	edits, skipped, err := FixIndentation(u, c, mustRun(u, c))
	if err != nil || len(skipped) != 0 {
		t.Fatalf("FixIndentation: %v, skipped %v", err, skipped)
	}
	out, _ := edits.Apply([]byte(src))
	fixedTree, err := syntax.Parse(ctx, lang.Python, out)
	if err != nil {
		t.Fatal(err)
	}
	if TreeShape(fixedTree.Root()) != TreeShape(before.Root()) {
		t.Errorf("fixed file changed scope:\n%s", out)
	}
}

func lineStartOf(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}
