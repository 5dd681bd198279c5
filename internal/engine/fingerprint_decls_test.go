package engine

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// TestDeclQueryMatchesWalk: the declarations fingerprints name, found by
// the node-type-list query, are those a walk of the whole tree finds, on
// the rule goldens, the fix track and this repository's own Go code, in
// every language with a grammar.
func TestDeclQueryMatchesWalk(t *testing.T) {
	type source struct {
		name string
		src  []byte
	}
	var srcs []source
	goldens, _ := filepath.Glob(filepath.Join("..", "rules", "*", "testdata", "*", "*.txt"))
	for _, path := range goldens {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			srcs = append(srcs, source{path + ":" + f.Name, f.Data})
		}
	}
	for _, root := range []string{filepath.Join("..", "..", "benchmark", "fix", "tasks"), ".."} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if _, ok := lang.ByPath(path); ok {
				b, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				srcs = append(srcs, source{path, b})
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	perLang := map[lang.ID]int{}
	for _, s := range srcs {
		info, ok := lang.ByPathContent(s.name, s.src)
		if !ok || !syntax.Supported(info.ID) {
			continue
		}
		// nil where the grammar has no node type isDeclaration accepts
		// (Haskell): the walk must then find none either.
		q := declQuery(info.ID)
		tr, err := syntax.Parse(context.Background(), info.ID, s.src)
		if err != nil {
			t.Fatal(err)
		}
		got, want := collectDecls(tr.Root(), q), collectDecls(tr.Root(), nil)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s (%s): query found %v, the walk %v", s.name, info.ID, got, want)
		}
		perLang[info.ID] += len(want)
		tr.Close()
	}
	t.Logf("declarations per language: %v", perLang)
	for _, id := range []lang.ID{lang.Python, lang.Go, lang.Java, lang.JavaScript, lang.Rust, lang.C, lang.CPP} {
		if declQuery(id) == nil || perLang[id] == 0 {
			t.Errorf("no %s declarations compared", id)
		}
	}
}
