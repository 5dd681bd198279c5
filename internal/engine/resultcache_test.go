package engine_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/report"
)

const cacheConfig = `version: 1
constraints:
  - {type: naming_convention, spec: "python;class:PascalCase,function:snake_case,variable:snake_case"}
  - {type: naming_convention, spec: "go;class:go,function:go,variable:go,constant:go"}
  - {type: brace_block_formatting, spec: "java;K&R"}
  - {type: indentation_spacing, spec: "python;spaces:4"}
`

// cachedRun checks the tree at root with the result cache at dir and
// returns the JSON and SARIF reports and the cache's hits and misses.
func cachedRun(t *testing.T, root, dir, salt, cfgText string) (string, string, int64, int64) {
	t.Helper()
	cfg, err := config.Parse(filepath.Join(root, ".iflint.yml"), []byte(cfgText))
	if err != nil {
		t.Fatal(err)
	}
	rc, err := cache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.CheckPaths(context.Background(), root, []string{root}, engine.Options{Config: cfg, Cache: rc, CacheSalt: salt, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	var j, s bytes.Buffer
	if err := report.Write(&j, "json", res, "test"); err != nil {
		t.Fatal(err)
	}
	if err := report.Write(&s, "sarif", res, "test"); err != nil {
		t.Fatal(err)
	}
	return j.String(), s.String(), rc.Hits(), rc.Misses()
}

func copyTree(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

// TestResultCache: a warm run reads every file's result from the cache
// and reports byte for byte what the cold run did; a changed file, a
// changed configuration, another build and a corrupt entry each cost
// exactly the checks they should.
func TestResultCache(t *testing.T) {
	root := copyTree(t, filepath.Join("testdata", "cachetree"))
	dir := t.TempDir()
	const files = 4
	coldJSON, coldSARIF, hits, misses := cachedRun(t, root, dir, "build-1", cacheConfig)
	if hits != 0 || misses != files {
		t.Fatalf("cold run: %d hits, %d misses; want 0 and %d", hits, misses, files)
	}
	warmJSON, warmSARIF, hits, misses := cachedRun(t, root, dir, "build-1", cacheConfig)
	if hits != files || misses != 0 {
		t.Errorf("warm run: %d hits, %d misses; want %d and 0", hits, misses, files)
	}
	if warmJSON != coldJSON || warmSARIF != coldSARIF {
		t.Errorf("the warm run's report differs from the cold run's:\n%s\n---\n%s", warmJSON, coldJSON)
	}
	// One changed file costs one check, and its new findings show.
	if err := os.WriteFile(filepath.Join(root, "clean.py"), []byte("def Fine():\n    return 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	j, _, hits, misses := cachedRun(t, root, dir, "build-1", cacheConfig)
	if hits != files-1 || misses != 1 {
		t.Errorf("one file changed: %d hits, %d misses; want %d and 1", hits, misses, files-1)
	}
	if !bytes.Contains([]byte(j), []byte(`\"Fine\"`)) {
		t.Errorf("the changed file's new finding is missing:\n%s", j)
	}
	// A constraint of another spec for Python: every Python file again.
	other := cacheConfig + "  - {type: comment_formatting, spec: \"python;Python docstring\"}\n"
	_, _, hits, misses = cachedRun(t, root, dir, "build-1", other)
	if hits != 2 || misses != 2 {
		t.Errorf("a constraint added for Python: %d hits, %d misses; want 2 (Go, Java) and 2 (Python)", hits, misses)
	}
	// Another build of iflint reads nothing an older one wrote.
	_, _, hits, misses = cachedRun(t, root, dir, "build-2", cacheConfig)
	if hits != 0 || misses != files {
		t.Errorf("another build: %d hits, %d misses; want 0 and %d", hits, misses, files)
	}
	// A corrupt entry is a miss, and the next run finds it rewritten.
	n := 0
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
			return os.WriteFile(p, []byte("{not json"), 0o644)
		}
		return err
	})
	if n == 0 {
		t.Fatal("no cache entries written")
	}
	j, _, hits, _ = cachedRun(t, root, dir, "build-2", cacheConfig)
	if hits != 0 {
		t.Errorf("corrupt entries were read: %d hits", hits)
	}
	j2, _, hits, _ := cachedRun(t, root, dir, "build-2", cacheConfig)
	if hits != files || j2 != j {
		t.Errorf("after rewriting the corrupt entries: %d hits (want %d), same report %v", hits, files, j2 == j)
	}
}

// TestResultCacheTrim keeps the cache within its bound, dropping the
// least recently used entries first.
func TestResultCacheTrim(t *testing.T) {
	root := copyTree(t, filepath.Join("testdata", "cachetree"))
	dir := t.TempDir()
	cachedRun(t, root, dir, "old", cacheConfig)
	cachedRun(t, root, dir, "new", cacheConfig)
	rc, err := cache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	removed, err := rc.Trim(1)
	if err != nil || removed != 8 {
		t.Fatalf("Trim(1) removed %d entries (%v), want all 8", removed, err)
	}
	cachedRun(t, root, dir, "old", cacheConfig)
	// The two runs can finish within one tick of the file system's
	// clock; the old build's entries are made plainly older so that the
	// least recently used order does not rest on a tie.
	backdate(t, dir, time.Hour)
	cachedRun(t, root, dir, "new", cacheConfig) // the newest four
	var sizes []int64
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			info, _ := d.Info()
			sizes = append(sizes, info.Size())
		}
		return err
	})
	var half int64
	for _, s := range sizes {
		half += s
	}
	half /= 2
	if _, err := rc.Trim(half + 64); err != nil {
		t.Fatal(err)
	}
	_, _, hits, _ := cachedRun(t, root, dir, "new", cacheConfig)
	if hits < 3 {
		t.Errorf("after trimming to about half, the most recently used build's entries should remain: %d hits", hits)
	}
}

// backdate moves the modification time of every file under dir back by d.
func backdate(t *testing.T, dir string, d time.Duration) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		old := info.ModTime().Add(-d)
		return os.Chtimes(p, old, old)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestResultCacheReadsTheCrate: a Rust file's Rustdoc verdict depends on
// lib.rs (a `pub use` makes a private module's item API), so removing
// the `pub use` from lib.rs changes the cached verdict of the module
// file, whose own bytes did not change; an edit elsewhere in the crate
// that leaves its module tree alone (a function's body) costs the other file nothing.
func TestResultCacheReadsTheCrate(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("Cargo.toml", "[package]\nname = \"c\"\nversion = \"0.1.0\"\n")
	write("src/lib.rs", "//! A crate.\nmod inner;\npub use inner::Foo;\n")
	write("src/inner.rs", "pub struct Foo;\npub struct Bar;\n")
	const cfg = "version: 1\nconstraints:\n  - {type: comment_formatting, spec: \"rust;Rustdoc\"}\n"
	dir := t.TempDir()
	run := func() (string, int64, int64) {
		t.Helper()
		j, _, hits, misses := cachedRun(t, root, dir, "build-1", cfg)
		return j, hits, misses
	}
	cold, hits, misses := run()
	if hits != 0 || misses != 2 || !strings.Contains(cold, "public struct Foo has no doc comment") || strings.Contains(cold, "struct Bar") {
		t.Fatalf("cold run: %d hits, %d misses; want Foo (re-exported) reported and Bar not:\n%s", hits, misses, cold)
	}
	if warm, hits, misses := run(); hits != 2 || misses != 0 || warm != cold {
		t.Fatalf("warm run: %d hits, %d misses, same report %v; want 2, 0, true", hits, misses, warm == cold)
	}
	write("src/lib.rs", "//! A crate.\nmod inner;\n\nfn private() {}\n")
	after, hits, misses := run()
	if misses != 2 || hits != 0 {
		t.Errorf("after removing the pub use: %d hits, %d misses; want inner.rs checked again too (0, 2)", hits, misses)
	}
	if strings.Contains(after, "struct Foo") {
		t.Errorf("after removing the pub use, Foo is no longer API but is still reported:\n%s", after)
	}
	write("src/lib.rs", "//! A crate.\nmod inner;\n\nfn private() {\n    let _x = 1;\n}\n")
	if _, hits, misses := run(); hits != 1 || misses != 1 {
		t.Errorf("after an edit that leaves the module tree alone: %d hits, %d misses; want inner.rs from the cache (1, 1)", hits, misses)
	}
}
