package comments

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// docBenchFile is one source file of the documentation benchmark.
type docBenchFile struct {
	path string
	src  []byte
	c    constraint.Constraint
}

// docBenchFiles reads up to 10 MB of Go, Java, Rust and Python files
// from the trees listed in $IFLINT_DOC_BENCH_TREE (real repositories,
// separated like PATH; a file from each in turn, each in path order),
// or else from this package's testdata.
func docBenchFiles(b *testing.B) []docBenchFile {
	roots := filepath.SplitList(os.Getenv("IFLINT_DOC_BENCH_TREE"))
	if len(roots) == 0 {
		roots = []string{"testdata"}
	}
	styles := map[string]string{".go": "go;GoDoc", ".java": "java;Javadoc", ".rs": "rust;Rustdoc", ".py": "python;Python docstring"}
	lists := make([][]string, len(roots))
	for i, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != root {
				return filepath.SkipDir
			}
			if styles[filepath.Ext(p)] != "" && d.Type().IsRegular() {
				lists[i] = append(lists[i], p)
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		sort.Strings(lists[i])
	}
	var paths []string
	for k := 0; ; k++ {
		more := false
		for _, l := range lists {
			if k < len(l) {
				paths, more = append(paths, l[k]), true
			}
		}
		if !more {
			break
		}
	}
	var out []docBenchFile
	total := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if total+len(src) > 10<<20 {
			continue
		}
		total += len(src)
		c, err := constraint.ParseAnswer(constraint.Comments, styles[filepath.Ext(p)])
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, docBenchFile{p, src, c})
	}
	b.SetBytes(int64(total))
	return out
}

// BenchmarkDocRules checks each file with its language's lint
// documentation rule, parse included; BenchmarkDocBareParse only parses
// the same files. Their ratio is the rule's cost over a bare parse:
//
//	IFLINT_DOC_BENCH_TREE=/work/repos/hugo:/work/repos/gson:/work/repos/scrapy:/work/repos/tokio \
//	  go test ./internal/check -run '^$' -bench 'Doc(Rules|BareParse)' -count 6
func BenchmarkDocRules(b *testing.B) {
	files := docBenchFiles(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			u := check.NewUnit(context.Background(), f.path, f.src, check.Lint)
			if r := runRule(u, f.c); r.Verdict == check.Unverified {
				b.Fatalf("%s: %s", f.path, r.Reason)
			}
		}
	}
}

func BenchmarkDocBareParse(b *testing.B) {
	files := docBenchFiles(b)
	ids := map[string]lang.ID{".go": lang.Go, ".java": lang.Java, ".rs": lang.Rust, ".py": lang.Python}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			if _, err := syntax.Parse(context.Background(), ids[filepath.Ext(f.path)], f.src); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkDocRuleShare times, file by file in the same run, the parse
// and then the documentation rule on the parsed unit, and reports
// (parse + rule) / parse as "x-parse": the rule's cost as a multiple of
// a bare parse, free of the machine's drift between two benchmarks.
func BenchmarkDocRuleShare(b *testing.B) {
	files := docBenchFiles(b)
	ids := map[string]lang.ID{".go": lang.Go, ".java": lang.Java, ".rs": lang.Rust, ".py": lang.Python}
	var parse, rule time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			u := check.NewUnit(context.Background(), f.path, f.src, check.Lint)
			t0 := time.Now()
			if _, err := u.Tree(ids[filepath.Ext(f.path)]); err != nil {
				b.Fatal(err)
			}
			t1 := time.Now()
			if r := runRule(u, f.c); r.Verdict == check.Unverified {
				b.Fatalf("%s: %s", f.path, r.Reason)
			}
			parse, rule = parse+t1.Sub(t0), rule+time.Since(t1)
		}
	}
	b.ReportMetric(float64(parse+rule)/float64(parse), "x-parse")
}
