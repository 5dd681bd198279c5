// Package lintevaltest locates the LintEval reference data for tests:
// $LINTEVAL_DATA, else ../shared/linteval beside the repository. Where CI
// is set, missing data fails the test instead of skipping it, so the
// agreement guarantees are measured on every landing.
package lintevaltest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Dir returns the LintEval directory or skips (fails under CI).
func Dir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("LINTEVAL_DATA")
	if dir == "" {
		_, file, _, _ := runtime.Caller(0)
		// internal/lintevaltest/lintevaltest.go -> repository root -> ../shared/linteval
		cand := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "linteval")
		if _, err := os.Stat(cand); err == nil {
			dir = cand
		}
	}
	if dir == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("LintEval data not found: set LINTEVAL_DATA (CI points it at ../shared/linteval)")
		}
		t.Skip("LintEval data not found: set LINTEVAL_DATA")
	}
	if _, err := os.Stat(filepath.Join(dir, "multicodeif")); err != nil {
		t.Fatalf("LINTEVAL_DATA=%s: %v", dir, err)
	}
	return dir
}

// Fenced returns the fenced code blocks of the LintEval generations
// (the models' answers), by the fence's language name in lower case:
// real model output in every language of the benchmark, for tests that
// hold two implementations of a reading to the same answers.
func Fenced(t testing.TB) map[string][]string {
	t.Helper()
	dir := filepath.Join(Dir(t), "multicodeif", "results", "single_level")
	fence := regexp.MustCompile("(?s)```([a-zA-Z+#]+)\n(.*?)```")
	out := map[string][]string{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var v any
		if json.Unmarshal(b, &v) != nil {
			return nil
		}
		var walk func(any)
		walk = func(v any) {
			switch v := v.(type) {
			case string:
				for _, m := range fence.FindAllStringSubmatch(v, -1) {
					k := strings.ToLower(m[1])
					out[k] = append(out[k], m[2])
				}
			case []any:
				for _, e := range v {
					walk(e)
				}
			case map[string]any:
				for _, e := range v {
					walk(e)
				}
			}
		}
		walk(v)
		return nil
	})
	if err != nil {
		t.Fatalf("reading LintEval generations: %v", err)
	}
	for _, v := range out {
		slices.Sort(v) // JSON objects are walked in map order
	}
	return out
}
