//go:build unix

package verify_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/iflint/iflint/internal/verify"
)

// goModule writes a small real Go module: a few packages importing each
// other and the standard library, with tests, so that `go test` compiles,
// links and runs something and its build cache matters.
func goModule(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	writeFile := func(rel, data string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	writeFile("go.mod", "module example.com/bench\n\ngo 1.22\n")
	for i := range 4 {
		imp := ""
		use := "0"
		if i > 0 {
			imp = fmt.Sprintf("\t\"example.com/bench/p%d\"\n", i-1)
			use = fmt.Sprintf("p%d.Sum(xs)", i-1)
		}
		writeFile(fmt.Sprintf("p%d/p.go", i), fmt.Sprintf(`package p%d

import (
	"encoding/json"
	"sort"
	"strings"
%s)

// Sum adds xs after sorting a copy, and the level below's sum.
func Sum(xs []int) int {
	ys := append([]int(nil), xs...)
	sort.Ints(ys)
	t := %s
	for _, y := range ys {
		t += y
	}
	return t
}

// Render is xs as JSON, upper-cased.
func Render(xs []int) string {
	b, _ := json.Marshal(xs)
	return strings.ToUpper(string(b))
}
`, i, imp, use))
		writeFile(fmt.Sprintf("p%d/p_test.go", i), fmt.Sprintf(`package p%d

import "testing"

func TestSum(t *testing.T) {
	if Sum([]int{3, 1, 2}) < 6 {
		t.Fatal("sum")
	}
	if Render([]int{1}) != "[1]" {
		t.Fatal("render")
	}
}
`, i))
	}
	return dir
}

// BenchmarkGoTestInTree compares `go test -count=1 ./...` (no cached test
// results, so the tests really run) in place with the same command in a
// reused isolated Tree, where each run resets the tree and writes a
// candidate's change first. The first run of each is outside the timer:
// what is measured is the second and later runs, where the build cache
// keyed by the tree's stable path is warm. Compare the medians of the
// two sub-benchmarks from one run (-count 5 or more); the target is
// tree ≤ 1.3 × in-place. fresh-copy is the old way, for scale.
func BenchmarkGoTestInTree(b *testing.B) {
	gotool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gotool); err != nil {
		b.Skip("no go tool")
	}
	mod := goModule(b)
	change := map[string][]byte{"p1/p.go": []byte(mustRead(b, filepath.Join(mod, "p1", "p.go")) + "\n// a candidate's change\n")}
	command := []string{gotool, "test", "-count=1", "./..."}
	env := os.Environ()

	b.Run("in-place", func(b *testing.B) {
		inPlace := filepath.Join(b.TempDir(), "m")
		if err := verify.CopyTree(mod, inPlace); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(inPlace, "p1", "p.go"), change["p1/p.go"], 0o644); err != nil {
			b.Fatal(err)
		}
		run := func() {
			cmd := exec.Command(command[0], command[1:]...)
			cmd.Dir, cmd.Env = inPlace, env
			if out, err := cmd.CombinedOutput(); err != nil {
				b.Fatalf("go test in place: %v\n%s", err, out)
			}
		}
		run()
		b.ResetTimer()
		for b.Loop() {
			run()
		}
	})
	b.Run("tree", func(b *testing.B) {
		r := &verify.Runner{Env: env, TreeDir: b.TempDir()}
		tree, err := r.Open(mod)
		if err != nil {
			b.Fatal(err)
		}
		defer tree.Close()
		run := func() {
			rec, err := tree.Run(context.Background(), change, command)
			if err != nil || !rec.Passed {
				b.Fatalf("go test in the tree: %v\n%s", err, rec.OutputTail)
			}
		}
		run()
		b.ResetTimer()
		for b.Loop() {
			run()
		}
	})
	// What every run cost before trees were reused: a fresh copy at a
	// new path, where the build cache keyed by path misses.
	b.Run("fresh-copy", func(b *testing.B) {
		r := &verify.Runner{Env: env}
		for b.Loop() {
			rec, err := r.Run(context.Background(), mod, change, command)
			if err != nil || !rec.Passed {
				b.Fatalf("go test in a fresh copy: %v\n%s", err, rec.OutputTail)
			}
		}
	})
}

func mustRead(tb testing.TB, p string) string {
	tb.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}
