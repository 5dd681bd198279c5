package rustmacro

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

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
