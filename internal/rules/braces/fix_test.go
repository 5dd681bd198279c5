package braces

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/rulestest"
	"github.com/iflint/iflint/internal/syntax"
)

// golden is the brace rule under its fix goldens: a brace move never
// changes the syntax tree's shape outside Go.
var golden = rulestest.Fixer{Rule: Rule, ShapeMustHold: true}

// TestFixGolden fixes every case of testdata/brace_block_formatting/fix,
// handed all the findings of the lint profile, and compares the fixed
// file and the skipped reasons with <case>.out (see rulestest.Fixer).
func TestFixGolden(t *testing.T) { golden.FixGolden(t) }

func loadFixCase(t *testing.T, path string) rulestest.FixCase {
	t.Helper()
	return rulestest.LoadFixCase(t, constraint.Braces, path)
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
				u := check.NewUnit(context.Background(), fc.Name, fc.Code, p)
				r := runRule(u, fc.C)
				if r.Verdict != check.Fail {
					return
				}
				if _, err := syntax.Parse(context.Background(), fc.C.Lang, fc.Code); err != nil {
					return // no grammar: nothing a tree-based fix can do
				}
				for _, f := range r.Findings {
					if f.Fix == nil && f.NoFix == "" {
						t.Errorf("finding %q carries neither a fix nor why it has none", f.Message)
					}
				}
				edits, skipped, err := compose(u, fc.C, r.Findings)
				if err != nil {
					t.Fatal(err)
				}
				out, err := edits.Apply(fc.Code)
				if err != nil {
					t.Fatalf("edits do not apply: %v", err)
				}
				if len(edits) > 0 {
					fixed++
				}
				t.Logf("%d edit(s), skipped %v", len(edits), skipped)
				if p == check.Lint {
					golden.CheckFixed(t, fc, out, skipped)
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
		u := check.NewUnit(context.Background(), fc.Name, fc.Code, check.Lint)
		for _, f := range runRule(u, fc.C).Findings {
			edits, skipped, err := compose(u, fc.C, []check.Finding{f})
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
