package verify_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
	"github.com/iflint/iflint/internal/verify"
)

// formatterRepo is a repository holding files, with formatters found in
// it; look replaces the PATH lookup (nil: the real one).
func formatterRepo(t *testing.T, files map[string]string, look func(string) (string, error)) *toolchain.Formatters {
	t.Helper()
	root := t.TempDir()
	for p, s := range files {
		if err := os.WriteFile(filepath.Join(root, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return &toolchain.Formatters{Root: root, Look: look}
}

// fakeFormatter is internal/toolchain's fake formatter script (it rounds
// every line's leading spaces down to a multiple of 4), found for every
// formatter name.
func fakeFormatter(t *testing.T) func(string) (string, error) {
	exe, err := filepath.Abs(filepath.Join("..", "toolchain", "testdata", "fakefmt"))
	if err != nil {
		t.Fatal(err)
	}
	return func(string) (string, error) { return exe, nil }
}

func units(path, old, new string) (*check.Unit, *check.Unit) {
	ctx := context.Background()
	return check.NewUnit(ctx, path, []byte(old), check.Lint), check.NewUnit(ctx, path, []byte(new), check.Lint)
}

// TestFormatterStage: with a fake formatter standing in for clang-format,
// a layout fix is kept when the formatter accepts its lines as before
// (here it even accepts a line it rejected), refused naming the
// formatter and the line when it would change a line it accepted, and
// refused when the formatter rejects the fix outright; the stage is not
// run, with the reason, without a configuration, without the formatter,
// or when the formatter rejects the original.
func TestFormatterStage(t *testing.T) {
	const old = "int f(void) {\n    int a;\n   int b;\n    return a;\n}\n"
	cfg := map[string]string{".clang-format": "BasedOnStyle: LLVM\n"}
	missing := func(string) (string, error) { return "", os.ErrNotExist }
	for _, c := range []struct {
		name, cand string
		files      map[string]string
		look       func(string) (string, error)
		passed     bool
		notRun     bool
		detail     string
	}{
		{"agrees", strings.Replace(old, "   int b", "    int b", 1), cfg, nil, true, false, ""},
		{"keeps a rejected line rejected", strings.Replace(old, "   int b", "  int b", 1), cfg, nil, true, false, ""},
		{"disagrees", strings.Replace(old, "    int a", "      int a", 1), cfg, nil, false, false, `clang-format would change line 2 of the fix ("int a;"), a line it accepted before the fix`},
		{"joins lines it accepted", strings.Replace(old, "    int a;\n", "    int a; int c;\n      int d;\n", 1), cfg, nil, false, false, `clang-format would change line 3 of the fix ("int d;")`},
		{"rejects the fix", old + "FAKEFMT_FAIL\n", cfg, nil, false, false, "clang-format formats the original but rejects the fix: fakefmt: cannot format this"},
		{"no configuration", strings.Replace(old, "    int a", "      int a", 1), map[string]string{}, nil, true, true, "the repository has no .clang-format"},
		{"not installed", strings.Replace(old, "    int a", "      int a", 1), cfg, missing, true, true, "clang-format is not installed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			look := c.look
			if look == nil {
				look = fakeFormatter(t)
			}
			fs := formatterRepo(t, c.files, look)
			o, n := units("a.c", old, c.cand)
			r := verify.Formatter(context.Background(), o, n, lang.C, fs)
			if r.Stage != verify.StageFormatter || r.Passed != c.passed || r.NotRun != c.notRun || !strings.Contains(r.Detail, c.detail) {
				t.Errorf("got %+v, want passed=%v notRun=%v detail containing %q", r, c.passed, c.notRun, c.detail)
			}
			if !c.notRun && r.Name() != "formatter (clang-format)" {
				t.Errorf("stage name %q", r.Name())
			}
		})
	}
	fs := formatterRepo(t, cfg, fakeFormatter(t))
	o, n := units("a.c", "FAKEFMT_FAIL\n", "FAKEFMT_FAIL \n")
	if r := verify.Formatter(context.Background(), o, n, lang.C, fs); !r.Passed || !r.NotRun || !strings.Contains(r.Detail, "did not format the original") {
		t.Errorf("a formatter that rejects the original: %+v", r)
	}
}

// TestFormatterSummary: reports name the stage with its formatter, and
// a stage not run says why beside the tests not run.
func TestFormatterSummary(t *testing.T) {
	v := verify.Verification{Stages: []verify.StageResult{
		{Stage: verify.StageSyntax, Passed: true},
		{Stage: verify.StageFormatter, Passed: true, Tool: "clang-format"},
		verify.NotTested(),
	}}
	if got := v.Summary(false, nil); got != "syntax, formatter (clang-format); not tested (no test command configured)" {
		t.Errorf("summary %q", got)
	}
	v.Stages[1] = verify.StageResult{Stage: verify.StageFormatter, Passed: true, NotRun: true, Detail: "gofmt is not installed"}
	if got := v.Summary(false, nil); got != "syntax; formatter not run (gofmt is not installed); not tested (no test command configured)" {
		t.Errorf("summary %q", got)
	}
}

// TestDisagreement maps the fix's lines to the original's through the
// fix's diff: unchanged and one-for-one lines by place, a hunk that
// joins or splits lines as a whole.
func TestDisagreement(t *testing.T) {
	for _, c := range []struct {
		name             string
		old, fo, new, fn string
		line             int
	}{
		{"formatter agrees everywhere", "a\nb\n", "a\nb\n", "a\nc\n", "a\nc\n", 0},
		{"a changed line it now rejects", "a\nb\n", "a\nb\n", "a\n c\n", "a\nc\n", 2},
		{"an unchanged line it now rejects", "a\nb\nc\n", "a\nb\nc\n", "x\nb\nc\n", "x\nB\nc\n", 2},
		{"a line rejected before stays rejected", "a\n b\n", "a\nb\n", "a\n  b\n", "a\nb\n", 0},
		{"a split keeps the count", "a b\nc\n", "a\nb\nc\n", "a\nb\nc\n", "a\nb\nc\n", 0},
		{"a split adds a rejected line", "a b\nc\n", "a b\nc\n", "a\n b\nc\n", "a b\nc\n", 1},
		{"an insertion is its line's", "a\nb\n", "a\n\nb\n", "a\nb\n", "a\n\nb\n", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got, _ := verify.Disagreement([]byte(c.old), []byte(c.fo), []byte(c.new), []byte(c.fn)); got != c.line {
				t.Errorf("line %d, want %d", got, c.line)
			}
		})
	}
}

// TestFormatterStageRealTools: the stage with the real gofmt (always
// there beside go) and clang-format (installed by .ci/run; skipped only
// where it is absent and IFLINT_E2E is not set).
func TestFormatterStageRealTools(t *testing.T) {
	ctx := context.Background()
	t.Run("gofmt", func(t *testing.T) {
		if _, err := exec.LookPath("gofmt"); err != nil {
			t.Fatalf("gofmt comes with go: %v", err)
		}
		fs := formatterRepo(t, map[string]string{}, nil)
		const old = "package p\n\nfunc f() int {\n\tx := 1\n  return x\n}\n"
		o, n := units("p.go", old, strings.Replace(old, "  return", "\treturn", 1))
		if r := verify.Formatter(ctx, o, n, lang.Go, fs); !r.Passed || r.NotRun || r.Tool != "gofmt" {
			t.Errorf("a fix gofmt agrees with: %+v", r)
		}
		o, n = units("p.go", old, strings.Replace(old, "\tx := 1", "    x := 1", 1))
		if r := verify.Formatter(ctx, o, n, lang.Go, fs); r.Passed || !strings.Contains(r.Detail, `gofmt would change line 4 of the fix ("x := 1")`) {
			t.Errorf("spaces where gofmt puts a tab: %+v", r)
		}
	})
	t.Run("clang-format", func(t *testing.T) {
		if _, err := exec.LookPath("clang-format"); err != nil {
			if os.Getenv("IFLINT_E2E") != "" {
				t.Fatalf("IFLINT_E2E is set and clang-format is missing: %v", err)
			}
			t.Skip("clang-format is not installed")
		}
		fs := formatterRepo(t, map[string]string{".clang-format": "BasedOnStyle: LLVM\nIndentWidth: 4\n"}, nil)
		const old = "int f(int x) {\n    if (x > 1) {\n      return x;\n    }\n    return 0;\n}\n"
		o, n := units("a.c", old, strings.Replace(old, "      return x", "        return x", 1))
		if r := verify.Formatter(ctx, o, n, lang.C, fs); !r.Passed || r.NotRun || r.Tool != "clang-format" {
			t.Errorf("a fix clang-format agrees with: %+v", r)
		}
		o, n = units("a.c", old, strings.ReplaceAll(old, "    return 0", "  return 0"))
		if r := verify.Formatter(ctx, o, n, lang.C, fs); r.Passed || !strings.Contains(r.Detail, `clang-format would change line 5 of the fix ("return 0;")`) {
			t.Errorf("a line clang-format accepted, moved: %+v", r)
		}
	})
}

// TestSyntaxCatchesPythonIndentationErrors: a whitespace change that
// indents a statement past its docstring (tree-sitter recovers from it,
// Python does not) or leaves a block empty fails the syntax stage.
func TestSyntaxCatchesPythonIndentationErrors(t *testing.T) {
	const old = "def f(a):\n  \"\"\"Doc.\"\"\"\n  x = a\n  return x\n"
	for _, c := range []struct{ cand, want string }{
		{"def f(a):\n  \"\"\"Doc.\"\"\"\n    x = a\n    return x\n", "IndentationError: unexpected indent (line 3)"},
		{"def f(a):\n\"\"\"Doc.\"\"\"\nx = a\nreturn x\n", "IndentationError: expected an indented block (line 2)"},
		{"def f(a):\n    \"\"\"Doc.\"\"\"\n    x = a\n  return x\n", "IndentationError: unindent does not match any outer indentation level (line 4)"},
	} {
		o, n := units("a.py", old, c.cand)
		r, err := verify.Syntax(o, n, lang.Python)
		if err != nil {
			t.Fatal(err)
		}
		if r.Passed || !strings.Contains(r.Detail, c.want) {
			t.Errorf("%q: got %+v, want %q", c.cand, r, c.want)
		}
	}
	o, n := units("a.py", old, strings.ReplaceAll(old, "  ", "    "))
	if r, err := verify.Syntax(o, n, lang.Python); err != nil || !r.Passed {
		t.Errorf("a consistent re-indentation: %+v %v", r, err)
	}
}
