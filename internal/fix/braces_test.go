package fix

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/syntax"
)

func TestBraceFixerGolden(t *testing.T) {
	runLayoutGolden(t, constraint.Braces, FixBraces)
}

// TestLayoutFixersOnCheckCases runs the brace fixer over the rule's own golden
// inputs (internal/rules/<family>/testdata), a wider net than the fixer goldens:
// every failing case must come out with the promised properties.
func TestLayoutFixersOnCheckCases(t *testing.T) {
	for typ, fixer := range map[constraint.Type]Fixer{constraint.Braces: FixBraces} {
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
