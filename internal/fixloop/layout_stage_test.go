package fixloop

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/toolchain"
	"github.com/iflint/iflint/internal/verify"
)

// TestFormatterStageInTheLoop: a layout fix runs the formatter stage
// between the regressions and the safety stage, named with its
// formatter; one the formatter disagrees with is refused there, with
// the formatter and the line (the fake formatter of internal/toolchain
// rounds leading spaces down to a multiple of 4, so two-space C is
// what it accepts nowhere and eight-space-deep code everywhere).
func TestFormatterStageInTheLoop(t *testing.T) {
	exe, err := filepath.Abs(filepath.Join("..", "toolchain", "testdata", "fakefmt"))
	if err != nil {
		t.Fatal(err)
	}
	look := func(string) (string, error) { return exe, nil }
	for _, c := range []struct {
		name, spec, src string
		kept            bool
		detail          string
	}{
		{"agrees", "c;spaces:4", "int f(int x) {\n    if (x) {\n      return x;\n    }\n    return 0;\n}\n", true, ""},
		{"disagrees", "c;spaces:2", "int f(int x) {\n    if (x) {\n        return x;\n    }\n    return 0;\n}\n", false, "clang-format would change line 2 of the fix"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := writeRepo(t, map[string]string{
				".iflint.yml":   "version: 1\nprofile: lint\nconstraints:\n  - type: indentation_spacing\n    spec: " + c.spec + "\n",
				".clang-format": "BasedOnStyle: LLVM\n",
				"a.c":           c.src,
			})
			cfg, files := loadRepo(t, dir)
			res, err := Fix(context.Background(), files, FixOptions{Options: engine.Options{Config: cfg}, Root: dir, Formatters: &toolchain.Formatters{Root: dir, Look: look}})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Candidates) == 0 {
				t.Fatal("no candidate")
			}
			cand := res.Candidates[0]
			var stages []string
			for _, s := range cand.Verification.Stages {
				stages = append(stages, s.Name())
			}
			if c.kept {
				if !cand.Accepted || strings.Join(stages, ",") != "syntax,findings,regressions,formatter (clang-format),safety,tests" {
					t.Errorf("kept %v, stages %v, reason %q", cand.Accepted, stages, cand.Reason)
				}
				return
			}
			if cand.Accepted || cand.Stage != verify.StageFormatter || !strings.Contains(cand.Reason, c.detail) {
				t.Errorf("kept %v at %q: %q, want refused by the formatter: %q", cand.Accepted, cand.Stage, cand.Reason, c.detail)
			}
		})
	}
}

// TestPythonReindentIsProven: two-space Python re-indented to four
// spaces through its open blocks (an else after a nested if, a for's
// else, a docstring, continuation lines, comments at odd columns) is
// kept without a test command, by the compiler proof: the code objects
// are identical but for their line tables.
func TestPythonReindentIsProven(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("the compiler proof needs python3: %v", err)
	}
	src := `"""Module."""


def f(a, b):
  """Summary.

    Indented.
  """
  if a:
    if b:
      x = [1,
           2]
  else:
    x = (a +
      b)  # hanging
  # at block level
       # odd column
  s = '''keep
   these bytes'''
  return x, s


class C:
  def m(self):
    for i in range(3):
      if i:
        continue
    else:
      pass
    return 1
`
	dir := writeRepo(t, map[string]string{
		".iflint.yml": "version: 1\nprofile: lint\nconstraints:\n  - type: indentation_spacing\n    spec: python;spaces:4\n",
		"a.py":        src,
	})
	cfg, files := loadRepo(t, dir)
	res, err := Fix(context.Background(), files, FixOptions{Options: engine.Options{Config: cfg}, Root: dir, Prover: &toolchain.Equivalence{Root: dir}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Candidates) == 0 || !res.Candidates[0].Accepted {
		t.Fatalf("the whole re-indentation was not kept: %+v", res.Candidates)
	}
	if s := res.Candidates[0].Verification.Summary(false, nil); !strings.Contains(s, "safety by compiled output identical (python3 code objects)") {
		t.Errorf("kept by %q, want the compiler proof", s)
	}
	if res.After == nil || len(res.After.Diagnostics) != 0 {
		t.Errorf("findings left: %+v", res.After.Diagnostics)
	}
	if len(res.Files) != 1 || !strings.Contains(string(res.Files[0].New), "    s = '''keep\n   these bytes'''") {
		t.Errorf("the string's bytes moved:\n%s", res.Files[0].New)
	}
}
