package naming

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// The index's query finds exactly the identifier leaves and export
// statements a walk over every node finds (isIdentLeaf), in the same
// order, on every golden and fix-track file parsed as each modelled
// language (most of them broken parses, full of ERROR and MISSING
// nodes). Zero-width leaves at offset 0 are the one difference a type
// query has by design; their spelling is "", which no rename reads.
func TestIdentifierIndexMatchesWalk(t *testing.T) {
	var srcs [][]byte
	for _, glob := range []string{"testdata/*/*.txt", "testdata/*/fix/*.txtar"} {
		paths, _ := filepath.Glob(glob)
		for _, p := range paths {
			gc, err := goldentest.ReadCase(p)
			if err != nil {
				t.Fatal(err)
			}
			srcs = append(srcs, gc.Code)
		}
	}
	_ = filepath.WalkDir(filepath.Join("..", "..", "..", "benchmark", "fix", "tasks"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if _, ok := lang.ByPath(p); ok {
				if b, err := os.ReadFile(p); err == nil {
					srcs = append(srcs, b)
				}
			}
		}
		return nil
	})
	if len(srcs) < 50 {
		t.Fatalf("only %d inputs", len(srcs))
	}
	compared := 0
	for id := range namingLangs {
		for _, src := range srcs {
			tree, err := syntax.Parse(context.Background(), id, src)
			if err != nil {
				t.Fatal(err)
			}
			f, err := newFileNames(src, id, tree.Root())
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			got := map[string][]int{}
			for name, ns := range f.byName {
				for _, n := range ns {
					got[name] = append(got[name], n.Start())
				}
			}
			want := map[string][]int{}
			exports := false
			tree.Root().Walk(func(n syntax.Node) bool {
				switch {
				case n.Type() == "export_statement":
					exports = true
				case isIdentLeaf(n) && n.End() > 0:
					want[n.Text()] = append(want[n.Text()], n.Start())
				}
				return true
			})
			switch id {
			case lang.Python:
				exports = len(want["__all__"]) > 0
			case lang.JavaScript, lang.TypeScript:
				exports = exports || len(want["exports"]) > 0
			}
			if !reflect.DeepEqual(got, want) || f.exports != exports {
				t.Errorf("%s on %q: index %v (exports %v), walk %v (exports %v)", id, strings.SplitN(string(src), "\n", 2)[0], got, f.exports, want, exports)
			}
			tree.Close()
			compared++
		}
	}
	t.Logf("%d parses compared", compared)
}
