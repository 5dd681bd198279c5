// Package archtest holds the architecture and the documentation to their
// rules by measuring the repository itself.
package archtest

import (
	"path/filepath"
	"testing"
)

// root is the repository root, two levels up from this package.
func root(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return r
}
