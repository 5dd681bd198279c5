package fix

// Temporary: the old fixers against the families' Compose, on every
// subset shape, both profiles. Deleted with the old fixers.

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules"
)

type eqCase struct {
	name string
	c    constraint.Constraint
	path string
	src  []byte
}

func eqCases(t *testing.T, typ constraint.Type, mixedSpecs []string) []eqCase {
	var out []eqCase
	tasks, _ := filepath.Glob(filepath.Join("..", "..", "benchmark", "fix", "tasks", "*"))
	for _, dir := range tasks {
		cfg, err := config.Load(dir, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range cfg.Constraints {
			if e.Constraint.Type != typ {
				continue
			}
			filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				rel, _ := filepath.Rel(dir, p)
				info, ok := lang.ByPath(rel)
				if !ok || info.ID != e.Constraint.Lang || !e.Applies(rel) || cfg.Excluded(rel) {
					return nil
				}
				src, _ := os.ReadFile(p)
				out = append(out, eqCase{p + " " + e.Constraint.Spec, e.Constraint, rel, src})
				return nil
			})
		}
	}
	for _, glob := range []string{
		filepath.Join("..", "rules", "*", "testdata", string(typ), "*.txt"),
		filepath.Join("..", "rules", "*", "testdata", string(typ), "fix", "*.txtar"),
		filepath.Join("testdata", "fixers", string(typ), "*.txtar"),
	} {
		paths, _ := filepath.Glob(glob)
		for _, p := range paths {
			gc, err := goldentest.ReadCase(p)
			if err != nil {
				t.Fatal(err)
			}
			c, err := constraint.ParseAnswer(typ, gc.Spec)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, eqCase{p, c, gc.Name, gc.Code})
			// every other spec of the type on the same code, same language
			for _, s := range mixedSpecs {
				c2, err := constraint.ParseAnswer(typ, s)
				if err != nil || c2.Lang != c.Lang || c2.Name == c.Name {
					continue
				}
				out = append(out, eqCase{p + " " + s, c2, gc.Name, gc.Code})
			}
		}
	}
	if os.Getenv("EQ_MIXED") != "" {
		for _, s := range mixedSpecs {
			c, _ := constraint.ParseAnswer(typ, s)
			n := 0
			filepath.WalkDir("/work/mixed", func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() || n >= 60 || strings.Contains(p, "node_modules") {
					return nil
				}
				info, ok := lang.ByPath(p)
				if !ok || info.ID != c.Lang {
					return nil
				}
				src, _ := os.ReadFile(p)
				if len(src) > 60000 {
					return nil
				}
				n++
				out = append(out, eqCase{p + " " + s, c, filepath.Base(p), src})
				return nil
			})
		}
	}
	return out
}

func eqCompare(t *testing.T, typ constraint.Type, old Fixer, specs []string) {
	rule, _ := rules.For(typ)
	cases := eqCases(t, typ, specs)
	compared := 0
	for _, ec := range cases {
		for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
			u := check.NewUnit(context.Background(), ec.path, ec.src, p)
			r := mustRun(u, ec.c)
			if r.Verdict != check.Fail {
				continue
			}
			subsets := [][]check.Finding{r.Findings}
			if len(r.Findings) > 1 && os.Getenv("EQ_ALL_ONLY") == "" {
				var odd []check.Finding
				for i, f := range r.Findings {
					if i < 12 {
						subsets = append(subsets, []check.Finding{f})
					}
					if i%2 == 1 {
						odd = append(odd, f)
					}
				}
				subsets = append(subsets, odd)
			}
			for _, given := range subsets {
				u1 := check.NewUnit(context.Background(), ec.path, ec.src, p)
				bare := make([]check.Finding, len(given))
				for i, f := range given {
					bare[i] = check.Finding{Start: f.Start, End: f.End, Message: f.Message}
				}
				if given == nil {
					bare = nil
				}
				e1, s1, err1 := old(u1, ec.c, check.Result{Verdict: check.Fail, Findings: bare})
				u2 := check.NewUnit(context.Background(), ec.path, ec.src, p)
				mustRun(u2, ec.c) // the fix loop composes on the unit it checked
				e2, s2, err2 := rule.Compose(u2, ec.c, given)
				compared++
				if len(e1) == 0 {
					e1 = nil
				}
				if len(e2) == 0 {
					e2 = nil
				}
				if len(s1) == 0 {
					s1 = nil
				}
				if len(s2) == 0 {
					s2 = nil
				}
				if fmt.Sprint(err1) != fmt.Sprint(err2) || !reflect.DeepEqual(e1, e2) || !reflect.DeepEqual(s1, s2) {
					t.Errorf("%s (%s, %d of %d findings):\nold %v %v %v\nnew %v %v %v", ec.name, p, len(given), len(r.Findings), e1, s1, err1, e2, s2, err2)
				}
			}
		}
	}
	t.Logf("%d cases, %d compositions compared", len(cases), compared)
}

func TestZZEquivBraces(t *testing.T) {
	eqCompare(t, constraint.Braces, FixBraces, []string{"java;K&R", "java;Allman", "java;1TBS", "go;K&R", "javascript;1TBS", "javascript;Allman", "c;Allman", "c;K&R", "typescript;K&R", "cpp;1TBS", "rust;Allman", "rust;K&R", "kotlin;K&R", "csharp;Allman", "python;K&R"})
}

func TestZZEquivComments(t *testing.T) {
	eqCompare(t, constraint.Comments, FixComments, []string{"go;GoDoc", "python;Python docstring", "java;Javadoc", "javascript;Block comment", "typescript;Inline comment", "c;Multi-line comment", "c;Single-line comment", "c;Inline comment", "cpp;Multi-line comment", "rust;Rustdoc", "kotlin;KotlinDoc", "java;Inline comment", "python;Block comment", "go;Single-line comment", "csharp;Inline comment"})
}
