// Package rulestest runs a rule family's goldens: testdata/<type>/<case>.txt
// in the family's package directory, each a txtar archive with a "spec"
// file (the constraint, as a MultiCodeIF answer) and one code file (any
// name; its bytes are checked as they are). Both profiles are run and
// rendered into <case>.out, which -update rewrites.
package rulestest

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/clangformat"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/goldentest"
)

// Golden runs every golden of the family whose rules are given.
func Golden(t *testing.T, rules []*check.Rule) {
	t.Helper()
	cases, err := filepath.Glob(filepath.Join("testdata", "*", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no goldens under testdata/<type>/")
	}
	for _, path := range cases {
		typ := constraint.Type(filepath.Base(filepath.Dir(path)))
		rule := ruleOf(rules, typ)
		if rule == nil {
			t.Errorf("%s: no rule of this family decides %s", path, typ)
			continue
		}
		name := strings.TrimSuffix(strings.TrimPrefix(path, "testdata"+string(filepath.Separator)), ".txt")
		t.Run(name, func(t *testing.T) {
			got := Render(t, rule, path)
			goldentest.Check(t, strings.TrimSuffix(path, ".txt")+".out", []byte(got))
		})
	}
}

func ruleOf(rules []*check.Rule, typ constraint.Type) *check.Rule {
	for _, r := range rules {
		if r.Type == typ {
			return r
		}
	}
	return nil
}

// Render checks the golden at path with rule in both profiles and renders
// each profile's verdict, method, reason and findings and, for a rule
// with fixes, the file after every finding's fix (a unified diff) and the
// findings left unfixed with the reason.
func Render(t testing.TB, rule *check.Rule, path string) string {
	t.Helper()
	gc, err := goldentest.ReadCase(path)
	if err != nil {
		t.Fatal(err)
	}
	if gc.Spec == "" || gc.Name == "" {
		t.Fatalf("%s: expected a spec file and a code file", path)
	}
	c, err := constraint.ParseAnswer(rule.Type, gc.Spec)
	if err != nil {
		t.Fatal(err)
	}
	if gc.ClangFormat != nil && c.Indent != nil {
		// The style the configuration attaches from a repository's
		// .clang-format (config's attachClang).
		s, ok, err := clangformat.Parse(".clang-format", gc.ClangFormat)
		if err != nil || !ok {
			t.Fatalf("%s: .clang-format: %v", path, err)
		}
		in := *c.Indent
		in.Clang = &s
		c.Indent = &in
	}
	var sb strings.Builder
	for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
		u := check.NewUnit(context.Background(), gc.Name, gc.Code, p)
		r, err := rule.Run(u, c)
		if err != nil {
			t.Fatal(err)
		}
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
		if rule.Compose != nil && len(r.Findings) > 0 {
			renderFix(t, &sb, rule, u, c, r.Findings)
		}
	}
	return sb.String()
}

// renderFix renders what composing every finding's fix does to the file.
func renderFix(t testing.TB, sb *strings.Builder, rule *check.Rule, u *check.Unit, c constraint.Constraint, fs []check.Finding) {
	t.Helper()
	edits, skipped, err := rule.Compose(u, c, fs)
	if err != nil {
		fmt.Fprintf(sb, "  fix failed: %v\n", err)
		return
	}
	out, err := edits.Apply(u.Src)
	if err != nil {
		t.Fatalf("the composed fix does not apply: %v", err)
	}
	if string(out) != string(u.Src) {
		// The whole file, indented, so a golden reads as the file a user
		// gets; CR is spelled out to survive line-ending conversion.
		sb.WriteString("  fixed:\n")
		for _, l := range strings.SplitAfter(strings.ReplaceAll(string(out), "\r", "<CR>"), "\n") {
			if l != "" {
				sb.WriteString("    | " + strings.TrimSuffix(l, "\n") + "\n")
			}
		}
	}
	for _, s := range skipped {
		l, col := u.Position(s.Start)
		fmt.Fprintf(sb, "  not fixed %d:%d: %s\n", l, col, firstLine(s.Reason))
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
