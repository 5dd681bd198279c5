package rulestest

// Fix goldens: testdata/<type>/fix/<case>.txtar in a family's package
// directory, each a spec and one code file whose lint findings the
// rule's composer fixes together; <case>.out holds the fixed file, the
// skipped findings and whether the tree's shape changed. Used by the
// braces and layout families, whose fixes promise the same things.

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

// FixCase is a golden's constraint and code.
type FixCase struct {
	C    constraint.Constraint
	Name string
	Code []byte
}

// LoadFixCase reads a golden's spec (as a constraint of type typ) and
// code file.
func LoadFixCase(t *testing.T, typ constraint.Type, path string) FixCase {
	t.Helper()
	gc, err := goldentest.ReadCase(path)
	if err != nil {
		t.Fatal(err)
	}
	if gc.Spec == "" || gc.Name == "" {
		t.Fatalf("%s: want a spec file and a code file", path)
	}
	c, err := constraint.ParseAnswer(typ, gc.Spec)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return FixCase{c, gc.Name, gc.Code}
}

// Fixer is a rule under its fix goldens. ShapeMustHold says a fix must
// keep the syntax tree's shape outside Go (braces: a brace move never
// changes it); otherwise a change is only noted in the golden, for the
// fix loop's syntax stage rejects such a candidate.
type Fixer struct {
	Rule          *check.Rule
	ShapeMustHold bool
}

// Run checks src under c in profile p; a rule's internal failure fails
// the test.
func (f Fixer) Run(t *testing.T, name string, src []byte, c constraint.Constraint, p check.Profile) (*check.Unit, check.Result) {
	t.Helper()
	u := check.NewUnit(context.Background(), name, src, p)
	r, err := f.Rule.Run(u, c)
	if err != nil {
		t.Fatal(err)
	}
	return u, r
}

// Compose combines the fixes findings carry, as the fix loop does.
func (f Fixer) Compose(t *testing.T, u *check.Unit, c constraint.Constraint, fs []check.Finding) (check.Edits, []check.Skipped) {
	t.Helper()
	edits, skipped, err := f.Rule.Compose(u, c, fs)
	if err != nil {
		t.Fatal(err)
	}
	return edits, skipped
}

// FixGolden fixes every testdata/<type>/fix/*.txtar case with all its
// lint findings and compares the result with <case>.out, proving the
// fixes' promises besides (CheckFixed).
func (f Fixer) FixGolden(t *testing.T) {
	t.Helper()
	typ := f.Rule.Type
	paths, err := filepath.Glob(filepath.Join("testdata", string(typ), "fix", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fix cases: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			fc := LoadFixCase(t, typ, path)
			u, r := f.Run(t, fc.Name, fc.Code, fc.C, check.Lint)
			if r.Verdict != check.Fail {
				t.Fatalf("case does not fail the rule (%s: %s); it tests nothing", r.Verdict, r.Reason)
			}
			edits, skipped := f.Compose(t, u, fc.C, r.Findings)
			out, err := edits.Apply(fc.Code)
			if err != nil {
				t.Fatalf("edits do not apply: %v", err)
			}
			f.CheckFixed(t, fc, out, skipped)
			goldentest.Check(t, strings.TrimSuffix(path, ".txtar")+".out", []byte(RenderFixed(fc.Code, out, skipped)+ShapeNote(t, fc, out)))
		})
	}
}

// parsePair parses a case's code and its fixed version.
func parsePair(t *testing.T, fc FixCase, out []byte) (before, after *syntax.Tree) {
	t.Helper()
	ctx := context.Background()
	before, err := syntax.Parse(ctx, fc.C.Lang, fc.Code)
	if err != nil {
		t.Fatal(err)
	}
	after, err = syntax.Parse(ctx, fc.C.Lang, out)
	if err != nil {
		t.Fatal(err)
	}
	return before, after
}

// shapeChanged: Go is exempt, where a K&R brace move mends what
// semicolon insertion broke and so changes the tree on purpose.
func shapeChanged(fc FixCase, before, after *syntax.Tree) bool {
	return !before.HasError() && fc.C.Lang != lang.Go && syntax.Shape(before.Root()) != syntax.Shape(after.Root())
}

// CheckFixed proves what a fix promises: the edits add no parse error,
// leave nothing failing unless something was skipped, and fixing the
// fixed file changes nothing; with ShapeMustHold, the tree keeps its
// shape too.
func (f Fixer) CheckFixed(t *testing.T, fc FixCase, out []byte, skipped []check.Skipped) {
	t.Helper()
	before, after := parsePair(t, fc, out)
	if after.HasError() && !before.HasError() {
		t.Errorf("fix introduced a parse error:\n%s", out)
	}
	if f.ShapeMustHold && shapeChanged(fc, before, after) {
		t.Errorf("fix changed the syntax tree's shape:\n%s", out)
	}
	u2, r2 := f.Run(t, fc.Name, out, fc.C, check.Lint)
	if len(skipped) == 0 && r2.Verdict != check.Pass {
		t.Errorf("nothing skipped but the fixed file fails: %s %v", r2.Reason, r2.Findings)
	}
	if again, _ := f.Compose(t, u2, fc.C, r2.Findings); len(again) != 0 {
		t.Errorf("not idempotent: fixing the fixed file proposes %v", again)
	}
}

// ShapeNote records in the golden when a candidate changes the syntax
// tree's shape: such a candidate is never kept (the fix loop's syntax
// stage rejects it), and the golden must say which cases rely on that.
func ShapeNote(t *testing.T, fc FixCase, out []byte) string {
	t.Helper()
	if before, after := parsePair(t, fc, out); !shapeChanged(fc, before, after) {
		return ""
	}
	return "-- shape --\nchanged: verification's syntax stage rejects this candidate\n"
}

// RenderFixed is the golden text: the fixed file, then each skipped
// finding as line:col of the original and its reason.
func RenderFixed(src, out []byte, skipped []check.Skipped) string {
	var sb strings.Builder
	sb.WriteString("-- fixed --\n")
	sb.Write(out)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		sb.WriteString("\n(no newline at end)\n")
	}
	sb.WriteString("-- skipped --\n")
	u := check.NewUnit(context.Background(), "", src, check.Lint)
	for _, s := range skipped {
		l, c := u.Position(s.Start)
		fmt.Fprintf(&sb, "%d:%d: %s\n", l, c, s.Reason)
	}
	return sb.String()
}
