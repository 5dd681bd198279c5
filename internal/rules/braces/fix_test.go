package braces

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
	"github.com/iflint/iflint/internal/syntax"
)

// fixCase is a golden input: a spec and one code file.
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
	c, err := constraint.ParseAnswer(constraint.Braces, gc.Spec)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return fixCase{c, gc.Name, gc.Code}
}

// TestFixGolden fixes every case of testdata/brace_block_formatting/fix,
// handed all the findings of the lint profile, and compares the fixed
// file and the skipped reasons with <case>.out. Beyond the golden text
// it proves the fix's promises (see checkFixed).
func TestFixGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", string(constraint.Braces), "fix", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fix cases: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			fc := loadFixCase(t, path)
			u := check.NewUnit(context.Background(), fc.name, fc.code, check.Lint)
			r := runRule(u, fc.c)
			if r.Verdict != check.Fail {
				t.Fatalf("case does not fail the rule (%s: %s); it tests nothing", r.Verdict, r.Reason)
			}
			edits, skipped, err := compose(u, fc.c, r.Findings)
			if err != nil {
				t.Fatal(err)
			}
			out, err := edits.Apply(fc.code)
			if err != nil {
				t.Fatalf("edits do not apply: %v", err)
			}
			checkFixed(t, fc, out, skipped)
			goldentest.Check(t, strings.TrimSuffix(path, ".txtar")+".out", []byte(renderFix(fc.code, out, skipped)+shapeNote(t, fc, out)))
		})
	}
}

// TestFixOnRuleCases runs the fix over the rule's own golden inputs
// (testdata/brace_block_formatting/*.txt), a wider net than the fix
// goldens: every failing case must come out with the promised
// properties, in both profiles (the paper's findings carry the tree
// reading's fix of the same brace).
func TestFixOnRuleCases(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", string(constraint.Braces), "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no rule cases: %v", err)
	}
	fixed := 0
	for _, path := range paths {
		for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
			t.Run(strings.TrimSuffix(filepath.Base(path), ".txt")+"/"+string(p), func(t *testing.T) {
				fc := loadFixCase(t, path)
				u := check.NewUnit(context.Background(), fc.name, fc.code, p)
				r := runRule(u, fc.c)
				if r.Verdict != check.Fail {
					return
				}
				if _, err := syntax.Parse(context.Background(), fc.c.Lang, fc.code); err != nil {
					return // no grammar: nothing a tree-based fix can do
				}
				for _, f := range r.Findings {
					if f.Fix == nil && f.NoFix == "" {
						t.Errorf("finding %q carries neither a fix nor why it has none", f.Message)
					}
				}
				edits, skipped, err := compose(u, fc.c, r.Findings)
				if err != nil {
					t.Fatal(err)
				}
				out, err := edits.Apply(fc.code)
				if err != nil {
					t.Fatalf("edits do not apply: %v", err)
				}
				if len(edits) > 0 {
					fixed++
				}
				t.Logf("%d edit(s), skipped %v", len(edits), skipped)
				if p == check.Lint {
					checkFixed(t, fc, out, skipped)
				}
			})
		}
	}
	if fixed == 0 {
		t.Errorf("no rule case was fixed; the net catches nothing")
	}
}

// TestFindingsCarryTheirFix: each lint finding's own fix is the edit
// compose makes when given that finding alone, unless verification
// refuses it.
func TestFindingsCarryTheirFix(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", string(constraint.Braces), "fix", "*.txtar"))
	for _, path := range paths {
		fc := loadFixCase(t, path)
		u := check.NewUnit(context.Background(), fc.name, fc.code, check.Lint)
		for _, f := range runRule(u, fc.c).Findings {
			edits, skipped, err := compose(u, fc.c, []check.Finding{f})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case f.Fix == nil:
				if len(edits) != 0 || len(skipped) != 1 || skipped[0].Reason != f.NoFix {
					t.Errorf("%s: %q has no fix (%s), but compose gives %v, %v", path, f.Message, f.NoFix, edits, skipped)
				}
			case f.Fix.Applicability != check.Safe:
				t.Errorf("%s: %q: a brace move is %s, want safe", path, f.Message, f.Fix.Applicability)
			case len(skipped) == 0 && fmt.Sprint(edits) != fmt.Sprint(f.Fix.Edits):
				t.Errorf("%s: %q carries %v, but compose gives %v", path, f.Message, f.Fix.Edits, edits)
			}
		}
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

// checkFixed proves what the fix promises: the edits add no parse error,
// keep the tree's shape (but in Go, where a K&R move mends what
// semicolon insertion broke), leave nothing failing unless something was
// skipped, and fixing the fixed file changes nothing.
func checkFixed(t *testing.T, fc fixCase, out []byte, skipped []check.Skipped) {
	t.Helper()
	ctx := context.Background()
	before, after := parsePair(t, fc, out)
	if after.HasError() && !before.HasError() {
		t.Errorf("fix introduced a parse error:\n%s", out)
	}
	if !before.HasError() && fc.c.Lang != lang.Go && syntax.Shape(after.Root()) != syntax.Shape(before.Root()) {
		t.Errorf("fix changed the syntax tree's shape:\n%s", out)
	}
	u2 := check.NewUnit(ctx, fc.name, out, check.Lint)
	r2 := runRule(u2, fc.c)
	if len(skipped) == 0 && r2.Verdict != check.Pass {
		t.Errorf("nothing skipped but the fixed file fails: %s %v", r2.Reason, r2.Findings)
	}
	again, _, err := compose(u2, fc.c, r2.Findings)
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
func shapeNote(t *testing.T, fc fixCase, out []byte) string {
	t.Helper()
	before, after := parsePair(t, fc, out)
	if before.HasError() || fc.c.Lang == lang.Go || syntax.Shape(before.Root()) == syntax.Shape(after.Root()) {
		return ""
	}
	return "-- shape --\nchanged: verification's syntax stage rejects this candidate\n"
}

// renderFix is the golden text: the fixed file, then each skipped
// finding as line:col of the original and its reason.
func renderFix(src, out []byte, skipped []check.Skipped) string {
	var sb strings.Builder
	sb.WriteString("-- fixed --\n")
	sb.Write(out)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		sb.WriteString("\n(no newline at end)\n")
	}
	sb.WriteString("-- skipped --\n")
	for _, s := range skipped {
		u := check.NewUnit(context.Background(), "", src, check.Lint)
		l, c := u.Position(s.Start)
		fmt.Fprintf(&sb, "%d:%d: %s\n", l, c, s.Reason)
	}
	return sb.String()
}
