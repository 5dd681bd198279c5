package engine

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"testing"
	"time"

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
// of 4 MB or more, e.g. vuejs/core), or skips. The constraints are the
// tree's own .iflint.yml when it has one (what `iflint init` writes),
// else speedTreeConfig; IFLINT_SPEED_LANG (a language id such as
// "typescript") keeps only that language's files, for per-language
// ratios on a mixed tree.
func speedTree(b *testing.B) (*config.Config, []File) {
	dir := os.Getenv("IFLINT_SPEED_TREE")
	if dir == "" {
		b.Skip("set IFLINT_SPEED_TREE to a source tree (4 MB or more) to compare checking it with parsing it")
	}
	cfgPath, body := "speed.yml", []byte(speedTreeConfig)
	if own, err := os.ReadFile(filepath.Join(dir, config.FileName)); err == nil {
		cfgPath, body = filepath.Join(dir, config.FileName), own
	}
	cfg, err := config.Parse(cfgPath, body)
	if err != nil {
		b.Fatal(err)
	}
	fs, err := ReadFiles(dir, []string{dir}, cfg)
	if err != nil {
		b.Fatal(err)
	}
	only := lang.ID(os.Getenv("IFLINT_SPEED_LANG"))
	var files []File
	size := 0
	for _, f := range fs.Files {
		if in, _ := lang.ByPath(f.Path); only != "" && in.ID != only {
			continue
		}
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
		bareParse(b, files)
	}
}

// bareParse parses every file with tree-sitter on 2 workers and does
// nothing else: the floor a check of the same files cannot go below.
func bareParse(b *testing.B, files []File) {
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

// BenchmarkCheckVsParse is the cold-run acceptance measurement (issue 21:
// a check at most 1.3x a bare parse of the same files on the same
// cores). Each iteration checks the tree (without the result cache) and
// parses it bare, in alternating order, so that both see the same
// machine load; it reports the medians of both and the median of the
// iterations' ratios. Run it with -benchtime=Nx (N of 5 or more) for
// each language's tree:
//
//	IFLINT_SPEED_TREE=~/src/vuejs-core IFLINT_SPEED_LANG=typescript \
//	  go test ./internal/engine -run '^$' -bench CheckVsParse -benchtime 7x
func BenchmarkCheckVsParse(b *testing.B) {
	cfg, files := speedTree(b)
	checkVsParse(b, files, Options{Config: cfg, Workers: 2})
}

// BenchmarkCheckVsParseConfigs is BenchmarkCheckVsParse with each
// file's configuration found as a run finds it: IFLINT_SPEED_TREE holds
// projects side by side, each with its own .iflint.yml and, for C and
// C++, the .clang-format the configuration reads their layout by (issue
// 19: layout checking on a 10 MB C++ tree at most 1.5x a bare parse):
//
//	IFLINT_SPEED_TREE=/tmp/speed IFLINT_SPEED_LANG=cpp \
//	  go test ./internal/engine -run '^$' -bench CheckVsParseConfigs -benchtime 7x
func BenchmarkCheckVsParseConfigs(b *testing.B) {
	dir := os.Getenv("IFLINT_SPEED_TREE")
	if dir == "" {
		b.Skip("set IFLINT_SPEED_TREE to a tree of projects with their own .iflint.yml")
	}
	set, err := config.NewSet(dir)
	if err != nil {
		b.Fatal(err)
	}
	fs, err := ReadFilesSetContext(context.Background(), set, []string{dir})
	if err != nil {
		b.Fatal(err)
	}
	only := lang.ID(os.Getenv("IFLINT_SPEED_LANG"))
	var files []File
	size := 0
	for _, f := range fs.Files {
		cfg, err := set.For(f.Path)
		if err != nil {
			b.Fatal(err)
		}
		if in, _ := lang.ByPath(f.Path); only != "" && in.ID != only || len(Applicable(cfg, f.Path)) == 0 {
			continue
		}
		files = append(files, f)
		size += len(f.Src)
	}
	b.Logf("%d files, %.1f MB", len(files), float64(size)/(1<<20))
	checkVsParse(b, files, Options{Configs: set, Workers: 2})
}

// checkVsParse times checking files under o against parsing them bare.
func checkVsParse(b *testing.B, files []File, o Options) {
	var checks, parses, ratios, cpuRatios []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var c, p, cc, pc time.Duration
		// timed returns f's wall time and the process's CPU time over it
		// (its collector's included: the check's garbage is its cost).
		timed := func(f func()) (time.Duration, time.Duration) {
			t0, c0 := time.Now(), cpuTime()
			f()
			return time.Since(t0), cpuTime() - c0
		}
		runtime.GC() // neither side pays for the other's garbage
		if i%2 == 0 {
			p, pc = timed(func() { bareParse(b, files) })
			runtime.GC()
			c, cc = timed(func() { mustCheck(context.Background(), files, o) })
		} else {
			c, cc = timed(func() { mustCheck(context.Background(), files, o) })
			runtime.GC()
			p, pc = timed(func() { bareParse(b, files) })
		}
		checks, parses = append(checks, c.Seconds()*1e3), append(parses, p.Seconds()*1e3)
		ratios = append(ratios, c.Seconds()/p.Seconds())
		if pc > 0 {
			cpuRatios = append(cpuRatios, cc.Seconds()/pc.Seconds())
		}
	}
	b.StopTimer()
	b.ReportMetric(median(checks), "check-ms")
	b.ReportMetric(median(parses), "parse-ms")
	b.ReportMetric(median(ratios), "check/parse")
	// The same ratio in CPU time, which a loaded machine disturbs less.
	b.ReportMetric(median(cpuRatios), "check/parse-cpu")
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
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
