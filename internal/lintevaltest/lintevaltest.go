// Package lintevaltest locates the LintEval reference data for tests:
// $LINTEVAL_DATA, else ../shared/linteval beside the repository. Where CI
// is set, missing data fails the test instead of skipping it, so the
// agreement guarantees are measured on every landing.
package lintevaltest

import (
	"os"
	"path/filepath"
	"runtime"
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
