package langversion

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/rulestest"
	"github.com/iflint/iflint/internal/toolchain"
)

// TestGolden runs the family's goldens (testdata/<type>/<case>.txt) in
// both profiles; see rulestest.
func TestGolden(t *testing.T) { rulestest.Golden(t, Rules) }

// TestDocs holds each rule's documentation to its behaviour.
func TestDocs(t *testing.T) { rulestest.Docs(t, Rules) }

// TestDivergences holds each divergence to its golden.
func TestDivergences(t *testing.T) { rulestest.Divergences(t, Rules) }

// TestToolchainGolden runs the goldens under
// testdata/language_version/toolchain/ with a fake toolchain for every
// version, so the compile path is pinned without compilers installed:
// each case's "compiler" file scripts the compile ("ok", "timeout",
// "cannot start", or "error" followed by the compiler's output), and the
// rendering shows how the compiler was run in each profile.
func TestToolchainGolden(t *testing.T) {
	cases, err := filepath.Glob(filepath.Join("testdata", "language_version", "toolchain", "*.txt"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no toolchain goldens: %v", err)
	}
	for _, path := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			files := map[string]string{}
			var name string
			for _, f := range ar.Files {
				files[f.Name] = string(f.Data)
				if f.Name != "spec" && f.Name != "compiler" {
					name = f.Name
				}
			}
			c, err := constraint.ParseAnswer(constraint.LanguageVer, strings.TrimSpace(files["spec"]))
			if err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
				fc := &fakeCompiler{script: files["compiler"]}
				u := check.NewUnit(context.Background(), name, []byte(files[name]), p)
				u.Toolchains = fc
				r, err := Rule.Run(u, c)
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&sb, "%s: %s (%s): %s\n", p, r.Verdict, r.Method, r.Reason)
				for _, f := range r.Findings {
					l1, c1 := u.Position(f.Start)
					l2, c2 := u.Position(f.End)
					fmt.Fprintf(&sb, "  %d:%d-%d:%d: %s\n", l1, c1, l2, c2, f.Message)
				}
				for _, run := range fc.ran {
					fmt.Fprintf(&sb, "  ran: %s\n", run)
				}
			}
			goldentest.Check(t, strings.TrimSuffix(path, ".txt")+".out", []byte(sb.String()))
		})
	}
}

// fakeCompiler is a toolchain of every version whose compiles follow a
// script; it records each command line, the temporary directory written
// as DIR.
type fakeCompiler struct {
	script string
	ran    []string
}

func (f *fakeCompiler) Find(id lang.ID, version string) ([]string, bool) {
	return []string{"fakec", string(id) + "-" + version}, true
}

func (f *fakeCompiler) Compile(_ context.Context, prefix []string, extra func(dir string) []string, name string, _ []byte) toolchain.Result {
	args := append([]string{}, prefix...)
	if extra != nil {
		args = append(args, extra("DIR")...)
	}
	f.ran = append(f.ran, strings.Join(append(args, name), " "))
	verb, output, _ := strings.Cut(f.script, "\n")
	switch strings.TrimSpace(verb) {
	case "ok":
		return toolchain.Result{OK: true}
	case "timeout":
		return toolchain.Result{TimedOut: true}
	case "cannot start":
		return toolchain.Result{Err: errors.New("exec: \"fakec\": executable file not found in $PATH")}
	}
	return toolchain.Result{Output: output}
}
