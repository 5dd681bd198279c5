package rustmacro

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lintevaltest"
	"github.com/iflint/iflint/internal/syntax"
)

// TestIncrementalMatchesFreshParse holds the reading's incremental
// parses (each round from the round before's tree) to fresh parses of
// the same sources: the same nodes, node for node, on the layout
// testdata's Rust cases, LintEval's Rust answers, each also cut in half
// (a tree with errors), and, with IFLINT_RUST_TREES (directories,
// separated by the list separator), a real tree's .rs files.
func TestIncrementalMatchesFreshParse(t *testing.T) {
	var in []string
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "indentation_spacing", "rust_*.txt"))
	for _, dir := range filepath.SplitList(os.Getenv("IFLINT_RUST_TREES")) {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".rs") {
				files = append(files, p)
			}
			return nil
		})
	}
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			in = append(in, string(b))
		}
	}
	in = append(in, lintevaltest.Fenced(t)["rust"]...)
	if len(in) < 100 {
		t.Fatalf("only %d inputs", len(in))
	}
	ctx := context.Background()
	read0, changed := 0, 0
	for i, code := range in {
		for _, src := range []string{code, code[:len(code)/2]} {
			b := []byte(src)
			tr, err := syntax.Parse(ctx, lang.Rust, b)
			if err != nil {
				t.Fatal(err)
			}
			ft := syntax.NewFlatTree(tr.Root())
			got, want := read(ctx, b, tr, ft, false), read(ctx, b, tr, ft, true)
			if !reflect.DeepEqual(got.Nodes, want.Nodes) {
				t.Errorf("input %d (%d bytes): the incremental reading's tree differs from fresh parses'", i, len(b))
			}
			if want != ft {
				changed++
			}
			// The file's tree is left as it was (the reading edits a copy).
			if again := syntax.NewFlatTree(tr.Root()); !reflect.DeepEqual(again.Nodes, ft.Nodes) {
				t.Errorf("input %d: the file's tree changed under the reading", i)
			}
			tr.Close()
			read0++
		}
	}
	if changed == 0 {
		t.Fatal("no input had a macro call read")
	}
	t.Logf("%d sources, %d read with macro calls", read0, changed)
}

// BenchmarkReading reads the macro calls of LintEval's Rust answers
// (or, with IFLINT_RUST_TREES, a real tree's files) with incremental
// rounds and with a fresh parse per round, alternating in each
// iteration, against parsing the same sources once; it reports the
// medians of both readings as multiples of the parse
// (incremental/parse, fresh/parse).
func BenchmarkReading(b *testing.B) {
	var srcs [][]byte
	for _, dir := range filepath.SplitList(os.Getenv("IFLINT_RUST_TREES")) {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".rs") {
				if s, err := os.ReadFile(p); err == nil {
					srcs = append(srcs, s)
				}
			}
			return nil
		})
	}
	if len(srcs) == 0 {
		for _, c := range lintevaltest.Fenced(b)["rust"] {
			srcs = append(srcs, []byte(c))
		}
	}
	ctx := context.Background()
	trees := make([]*syntax.Tree, len(srcs))
	flats := make([]*syntax.FlatTree, len(srcs))
	for i, s := range srcs {
		t, err := syntax.Parse(ctx, lang.Rust, s)
		if err != nil {
			b.Fatal(err)
		}
		defer t.Close()
		trees[i], flats[i] = t, syntax.NewFlatTree(t.Root())
	}
	timed := func(f func()) float64 {
		t0 := time.Now()
		f()
		return float64(time.Since(t0))
	}
	var inc, fresh []float64
	b.ResetTimer()
	for it := 0; it < b.N; it++ {
		p := timed(func() {
			for _, s := range srcs {
				t, _ := syntax.Parse(ctx, lang.Rust, s)
				t.Close()
			}
		})
		reading := func(fr bool) func() {
			return func() {
				for i, s := range srcs {
					read(ctx, s, trees[i], flats[i], fr)
				}
			}
		}
		if it%2 == 0 {
			inc = append(inc, timed(reading(false))/p)
			fresh = append(fresh, timed(reading(true))/p)
		} else {
			fresh = append(fresh, timed(reading(true))/p)
			inc = append(inc, timed(reading(false))/p)
		}
	}
	b.ReportMetric(median(inc), "incremental/parse")
	b.ReportMetric(median(fresh), "fresh/parse")
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
