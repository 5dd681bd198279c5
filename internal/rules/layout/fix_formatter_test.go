package layout_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// formatterSamples are the Go and Rust sources of the rule's and the
// fixer's goldens and of the fix track's Go and Rust tasks, with the
// indentation_spacing spec each is fixed under.
func formatterSamples(t *testing.T, id lang.ID) (names []string, srcs [][]byte, specs []string) {
	t.Helper()
	var paths []string
	for _, g := range []string{
		filepath.Join("testdata", "indentation_spacing", "fix", "*.txtar"),
		filepath.Join("testdata", "indentation_spacing", "*.txt"),
	} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var spec string
		for _, f := range ar.Files {
			if f.Name == "spec" {
				spec = strings.TrimSpace(string(f.Data))
			}
		}
		for _, f := range ar.Files {
			if in, ok := lang.ByPath(f.Name); ok && in.ID == id && strings.HasPrefix(spec, string(id)+";") {
				names, srcs, specs = append(names, p), append(srcs, f.Data), append(specs, spec)
			}
		}
	}
	tasks := map[lang.ID]map[string]string{
		lang.Go:   {"go-indent-spaces/roman.go": "go;tabs", "go-spacing-gofmt/window.go": "go;tabs;spacing"},
		lang.Rust: {"rust-indent-spacing/src/lib.rs": "rust;spaces:4;spacing", "rust-brace-allman/src/lib.rs": "rust;spaces:4;spacing"},
	}
	for rel, spec := range tasks[id] {
		p := filepath.Join("..", "..", "..", "benchmark", "fix", "tasks", filepath.FromSlash(rel))
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		names, srcs, specs = append(names, p), append(srcs, b), append(specs, spec)
	}
	return names, srcs, specs
}

// fixAll applies the indentation_spacing fix of every finding.
func fixAll(t *testing.T, name string, src []byte, spec string) []byte {
	t.Helper()
	c, err := constraint.ParseAnswer(constraint.Indentation, spec)
	if err != nil {
		t.Fatal(err)
	}
	u, r := runCheck(t, name, src, c, check.Lint)
	if r.Verdict != check.Fail {
		return src
	}
	edits, _ := compose(t, u, c, r.Findings)
	out, err := edits.Apply(src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// changedLines counts the lines of src that the formatter's output does
// not keep (src's lines minus a longest common subsequence with it).
func changedLines(src, formatted []byte) int {
	a, b := strings.Split(string(src), "\n"), strings.Split(string(formatted), "\n")
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				cur[j] = prev[j+1] + 1
			} else {
				cur[j] = max(prev[j], cur[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return len(a) - prev[0]
}

func format(t *testing.T, name string, cmd *exec.Cmd, src []byte) ([]byte, bool) {
	t.Helper()
	cmd.Stdin = bytes.NewReader(src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, false // the formatter cannot read it: nothing to compare
	}
	return out, true
}

// After the fixes, the formatter changes no line it would not have
// changed before: a gofmt-clean (rustfmt-clean) file stays clean, and a
// file that was not gains no new difference.
func testFormatterClean(t *testing.T, id lang.ID, formatter func() *exec.Cmd) {
	names, srcs, specs := formatterSamples(t, id)
	if len(names) < 4 {
		t.Fatalf("only %d %s samples", len(names), id)
	}
	compared := 0
	defer func() {
		if compared < 4 {
			t.Errorf("the formatter read only %d of %d %s samples", compared, len(names), id)
		}
	}()
	for i, name := range names {
		before, ok := format(t, name, formatter(), srcs[i])
		if !ok {
			continue
		}
		compared++
		fixed := fixAll(t, name, srcs[i], specs[i])
		after, ok := format(t, name, formatter(), fixed)
		if !ok {
			t.Errorf("%s: the formatter cannot read the fixed file:\n%s", name, fixed)
			continue
		}
		if n0, n1 := changedLines(srcs[i], before), changedLines(fixed, after); n1 > n0 {
			t.Errorf("%s: the formatter changes %d line(s) after the fix, %d before:\n%s", name, n1, n0, fixed)
		}
		if bytes.Equal(srcs[i], before) && !bytes.Equal(fixed, srcs[i]) {
			t.Errorf("%s: a formatter-clean file was changed by the fix:\n%s", name, fixed)
		}
	}
}

func TestFixKeepsGofmtClean(t *testing.T) {
	gofmt := filepath.Join(goroot(t), "bin", "gofmt")
	testFormatterClean(t, lang.Go, func() *exec.Cmd { return exec.Command(gofmt) })
}

func TestFixKeepsRustfmtClean(t *testing.T) {
	rustfmt, err := exec.LookPath("rustfmt")
	if err != nil {
		t.Skip("rustfmt is not installed")
	}
	testFormatterClean(t, lang.Rust, func() *exec.Cmd { return exec.Command(rustfmt, "--edition", "2021", "--emit", "stdout") })
}

func goroot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out))
}
