package fix

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/goldentest"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// layoutCase is one testdata/fixers/<type>/*.txtar archive: a "spec"
// file (the constraint as a MultiCodeIF answer) and one code file.
type layoutCase struct {
	c    constraint.Constraint
	name string
	code []byte
}

func loadLayoutCase(t *testing.T, typ constraint.Type, path string) layoutCase {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lc layoutCase
	var spec string
	for _, f := range ar.Files {
		if f.Name == "spec" {
			spec = strings.TrimSpace(string(f.Data))
		} else {
			lc.name, lc.code = f.Name, f.Data
		}
	}
	if spec == "" || lc.name == "" {
		t.Fatalf("%s: want a spec file and a code file", path)
	}
	if lc.c, err = constraint.ParseAnswer(typ, spec); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return lc
}

// runLayoutGolden fixes every case of typ and compares the fixed file and
// the skipped reasons with <case>.out. Beyond the golden text it proves
// the fixer's promises: edits apply, add no parse error, keep the tree's
// shape, leave nothing failing unless something was skipped, and fixing
// the fixed file changes nothing.
func runLayoutGolden(t *testing.T, typ constraint.Type, fixer Fixer) {
	paths, err := filepath.Glob(filepath.Join("testdata", "fixers", string(typ), "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases for %s: %v", typ, err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			lc := loadLayoutCase(t, typ, path)
			ctx := context.Background()
			u := check.NewUnit(ctx, lc.name, lc.code, check.Lint)
			r := mustRun(u, lc.c)
			if r.Verdict != check.Fail {
				t.Fatalf("case does not fail the rule (%s: %s); it tests nothing", r.Verdict, r.Reason)
			}
			edits, skipped, err := fixer(u, lc.c, r)
			if err != nil {
				t.Fatal(err)
			}
			out, err := edits.Apply(lc.code)
			if err != nil {
				t.Fatalf("edits do not apply: %v", err)
			}
			checkLayoutFixed(t, lc, out, skipped, fixer)
			compareGolden(t, strings.TrimSuffix(path, ".txtar")+".out", renderLayout(lc.code, out, skipped)+shapeNote(t, lc, out))
		})
	}
}

// parsePair parses a case's code and its fixed version.
func parsePair(t *testing.T, lc layoutCase, out []byte) (before, after *syntax.Tree) {
	t.Helper()
	ctx := context.Background()
	before, err := syntax.Parse(ctx, lc.c.Lang, lc.code)
	if err != nil {
		t.Fatal(err)
	}
	after, err = syntax.Parse(ctx, lc.c.Lang, out)
	if err != nil {
		t.Fatal(err)
	}
	return before, after
}

func checkLayoutFixed(t *testing.T, lc layoutCase, out []byte, skipped []check.Skipped, fixer Fixer) {
	t.Helper()
	ctx := context.Background()
	before, after := parsePair(t, lc, out)
	if after.HasError() && !before.HasError() {
		t.Errorf("fix introduced a parse error:\n%s", out)
	}
	// Go: see keepsShape; a K&R move there fixes what the compiler rejects.
	if !before.HasError() && !(lc.c.Type == constraint.Braces && lc.c.Lang == lang.Go) && TreeShape(after.Root()) != TreeShape(before.Root()) {
		t.Errorf("fix changed the syntax tree's shape:\n%s", out)
	}
	u2 := check.NewUnit(ctx, lc.name, out, check.Lint)
	r2 := mustRun(u2, lc.c)
	if len(skipped) == 0 && r2.Verdict != check.Pass {
		t.Errorf("nothing skipped but the fixed file fails: %s %v", r2.Reason, r2.Findings)
	}
	again, _, err := fixer(u2, lc.c, r2)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 0 {
		t.Errorf("not idempotent: fixing the fixed file proposes %v", again)
	}
}

// shapeNote records in the golden when a candidate changes the syntax
// tree's shape: such a candidate is never kept (verification's syntax
// stage rejects it), and the golden must say which cases rely on that.
func shapeNote(t *testing.T, lc layoutCase, out []byte) string {
	t.Helper()
	before, after := parsePair(t, lc, out)
	if before.HasError() || lc.c.Lang == lang.Go || TreeShape(before.Root()) == TreeShape(after.Root()) {
		return ""
	}
	return "-- shape --\nchanged: verification's syntax stage rejects this candidate\n"
}

// renderLayout is the golden text: the fixed file, then each skipped
// finding as line:col of the original and its reason.
func renderLayout(src, out []byte, skipped []check.Skipped) string {
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
	return line, off - lineStartOf(src, off) + 1
}

func compareGolden(t *testing.T, path, got string) {
	t.Helper()
	goldentest.Check(t, path, []byte(got))
}
