package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/iflint/iflint"

// goFiles lists the non-test Go files under the repository's Go trees,
// by package directory (relative to the root).
func goFiles(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	r := root(t)
	for _, top := range []string{"cmd", "internal", "benchmark"} {
		err := filepath.WalkDir(filepath.Join(r, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "tasks") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			rel, _ := filepath.Rel(r, filepath.Dir(p))
			out[filepath.ToSlash(rel)] = append(out[filepath.ToSlash(rel)], p)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// deps is `go list -deps` of a package: every package it imports,
// directly or not.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg)
	cmd.Dir = root(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	return strings.Fields(string(out))
}

// TestCoreImportsNoRule: internal/check is the core every rule, the
// check driver and the fix loop share; it must not depend on any rule,
// or a rule's change would ripple through everything.
func TestCoreImportsNoRule(t *testing.T) {
	for _, d := range deps(t, module+"/internal/check") {
		if strings.HasPrefix(d, module+"/internal/rules") || d == module+"/internal/fix" || d == module+"/internal/engine" || d == module+"/internal/fixloop" {
			t.Errorf("internal/check depends on %s", d)
		}
	}
}

// TestLayersPointOneWay: core <- rules <- engine <- fix loop <- cli,
// action, bench. A lower layer importing a higher one is a cycle in
// waiting.
func TestLayersPointOneWay(t *testing.T) {
	forbidden := map[string][]string{
		"/internal/rules":   {"/internal/engine", "/internal/fixloop", "/internal/cli", "/internal/action", "/internal/bench"},
		"/internal/engine":  {"/internal/fixloop", "/internal/cli", "/internal/action", "/internal/bench"},
		"/internal/fixloop": {"/internal/cli", "/internal/action", "/internal/bench"},
	}
	for pkg, bad := range forbidden {
		for _, d := range deps(t, module+pkg) {
			for _, b := range bad {
				if d == module+b || strings.HasPrefix(d, module+b+"/") {
					t.Errorf("%s depends on %s", pkg[1:], d)
				}
			}
		}
	}
}

// TestOneImporterPerOutsideLibrary: each large outside library is
// reached through one package, so its API never leaks into the rest.
func TestOneImporterPerOutsideLibrary(t *testing.T) {
	owners := map[string]string{
		"github.com/smacker/go-tree-sitter": "internal/syntax",
		"github.com/sashabaranov/go-openai": "internal/llm",
		"github.com/google/go-github/v62":   "internal/github",
	}
	for dir, files := range goFiles(t) {
		for _, f := range files {
			for _, imp := range imports(t, f) {
				for lib, owner := range owners {
					if (imp == lib || strings.HasPrefix(imp, lib+"/")) && dir != owner && !strings.HasPrefix(dir, owner+"/") {
						t.Errorf("%s imports %s; only %s may", f, imp, owner)
					}
				}
			}
		}
	}
}

func imports(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, is := range f.Imports {
		out = append(out, strings.Trim(is.Path.Value, `"`))
	}
	return out
}

// maxPackageLines bounds a package's non-test code: past it, a package
// is several subsystems sharing a namespace.
const maxPackageLines = 4000

func TestPackagesStaySmall(t *testing.T) {
	var sizes []string
	for dir, files := range goFiles(t) {
		n := 0
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			n += strings.Count(string(b), "\n")
		}
		if n > maxPackageLines {
			t.Errorf("%s has %d non-test lines (at most %d): split it into packages that each do one job", dir, n, maxPackageLines)
		}
		sizes = append(sizes, dir)
	}
	sort.Strings(sizes)
	if len(sizes) == 0 {
		t.Fatal("no packages found")
	}
}

// TestNoGrabBagFiles: a file named by no job (x_util.go) gathers
// whatever had no home; name files after what they hold.
func TestNoGrabBagFiles(t *testing.T) {
	for _, files := range goFiles(t) {
		for _, f := range files {
			if base := filepath.Base(f); strings.HasSuffix(base, "_util.go") || strings.HasSuffix(base, "_utils.go") || base == "util.go" || base == "utils.go" {
				t.Errorf("%s: name the file after what it holds", f)
			}
		}
	}
}

// TestProfilesAreStructure: the two profiles differ by implementation
// (check.Rule's Paper and Lint) or by named divergences
// (check.Divergence.In), never by a flag threaded through helpers, and
// never by comparing a profile outside the core.
func TestProfilesAreStructure(t *testing.T) {
	for dir, files := range goFiles(t) {
		if !strings.HasPrefix(dir, "internal/rules") && !strings.HasPrefix(dir, "internal/pygments") && !strings.HasPrefix(dir, "internal/eslintindent") && !strings.HasPrefix(dir, "internal/pycodestyle") {
			continue
		}
		for _, path := range files {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncType:
					for _, fl := range n.Params.List {
						if id, ok := fl.Type.(*ast.Ident); ok && id.Name == "bool" {
							for _, name := range fl.Names {
								if strings.EqualFold(name.Name, "lint") || strings.EqualFold(name.Name, "paper") {
									t.Errorf("%s: parameter %q threads a profile through a helper; name the divergence (check.Divergence) instead", fset.Position(name.Pos()), name.Name)
								}
							}
						}
					}
				case *ast.BinaryExpr:
					if n.Op != token.EQL && n.Op != token.NEQ {
						return true
					}
					for _, side := range []ast.Expr{n.X, n.Y} {
						if sel, ok := side.(*ast.SelectorExpr); ok {
							if x, ok := sel.X.(*ast.Ident); ok && x.Name == "check" && (sel.Sel.Name == "Lint" || sel.Sel.Name == "MultiCodeIF") {
								t.Errorf("%s: a profile comparison; choose by Rule.Paper/Rule.Lint or a named check.Divergence", fset.Position(n.Pos()))
							}
						}
					}
				}
				return true
			})
		}
	}
}

// TestFixersLiveWithTheirRules: a rule's fix travels with its findings
// and is combined by the rule's own Composer; there is no second
// registry of fixers.
func TestFixersLiveWithTheirRules(t *testing.T) {
	if _, err := os.Stat(filepath.Join(root(t), "internal", "fix", "registry.go")); err == nil {
		t.Error("internal/fix/registry.go exists: a fixer belongs beside its rule, as the rule's Compose")
	}
}
