package engine

import (
	"context"
	"os"
	"testing"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/par"
	"github.com/iflint/iflint/internal/syntax"
)

// speedTreeConfig holds every language's default naming rule and the
// doc-comment styles that apply, as a user checking a real tree would.
const speedTreeConfig = `version: 1
exclude: [vendor, node_modules, third_party, testdata]
constraints:
  - type: naming_convention
    spec: go;class:go,function:go,variable:go,constant:go
  - type: comment_formatting
    spec: go;GoDoc
  - type: naming_convention
    spec: python;class:PascalCase,function:snake_case,variable:snake_case
  - type: comment_formatting
    spec: python;Python docstring
  - type: naming_convention
    spec: java;class:PascalCase,function:camelCase,variable:camelCase,constant:UPPER_CASE
  - type: comment_formatting
    spec: java;Javadoc
  - type: naming_convention
    spec: javascript;class:PascalCase,function:camelCase,variable:camelCase
  - type: naming_convention
    spec: typescript;class:PascalCase,function:camelCase,variable:camelCase
`

// speedTree reads the tree named by IFLINT_SPEED_TREE (a real repository
// of 10 MB or more, e.g. prometheus), or skips.
func speedTree(b *testing.B) (*config.Config, []File) {
	dir := os.Getenv("IFLINT_SPEED_TREE")
	if dir == "" {
		b.Skip("set IFLINT_SPEED_TREE to a source tree (10 MB or more) to compare checking it with parsing it")
	}
	cfg, err := config.Parse("speed.yml", []byte(speedTreeConfig))
	if err != nil {
		b.Fatal(err)
	}
	fs, err := ReadFiles(dir, []string{dir}, cfg)
	if err != nil {
		b.Fatal(err)
	}
	var files []File
	size := 0
	for _, f := range fs.Files {
		if len(Applicable(cfg, f.Path)) > 0 {
			files = append(files, f)
			size += len(f.Src)
		}
	}
	b.Logf("%d files, %.1f MB", len(files), float64(size)/(1<<20))
	return cfg, files
}

// BenchmarkCheckNamingTree and BenchmarkBareParseTree run side by side
// on the same files and both cores: the acceptance target is that
// checking naming and doc-comment constraints costs at most 2x parsing
// (compare the medians; see README).
func BenchmarkCheckNamingTree(b *testing.B) {
	cfg, files := speedTree(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		mustCheck(context.Background(), files, Options{Config: cfg, Workers: 2})
	}
}

func BenchmarkBareParseTree(b *testing.B) {
	_, files := speedTree(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		par.For(len(files), 2, func(j int) {
			in, _ := lang.ByPath(files[j].Path)
			t, err := syntax.Parse(context.Background(), in.ID, files[j].Src)
			if err != nil {
				b.Error(err)
				return
			}
			t.Close()
		})
	}
}

// BenchmarkCheckTreeWarm checks the tree again with every file's result
// in the result cache (the cache is filled before the timer starts), the
// cost of a re-run on an unchanged tree: compare with
// BenchmarkCheckNamingTree, the cold run (target: at most 5%).
func BenchmarkCheckTreeWarm(b *testing.B) {
	cfg, files := speedTree(b)
	rc, err := cache.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	o := Options{Config: cfg, Workers: 2, Cache: rc, CacheSalt: "bench"}
	mustCheck(context.Background(), files, o)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		mustCheck(context.Background(), files, o)
	}
	b.StopTimer()
	if rc.Misses() != int64(len(files)) {
		b.Errorf("%d misses for %d files: the warm runs checked files again", rc.Misses(), len(files))
	}
}
