// Package goldentest owns the -update flag of the project's golden-file
// tests, so every test package shares one declaration instead of each
// registering (or conditionally registering) its own.
package goldentest

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite golden files instead of comparing with them")

// Updating reports whether the test run was asked to rewrite golden files.
func Updating() bool { return *update }

// Check compares got with the golden file at path, or writes got there
// under -update.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update if intended)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// Case is a rule golden: a txtar archive holding the constraint's spec
// in a file named "spec" and the code it is checked on in another.
type Case struct {
	Spec string // trimmed
	Name string // the code file's name ("" when there is none)
	Code []byte
	// ClangFormat is a ".clang-format" file of the archive, the style a
	// C or C++ case is formatted with (nil: none).
	ClangFormat []byte
}

// ReadCase reads the rule golden at path (its last code file, when it
// has several).
func ReadCase(path string) (Case, error) {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return Case{}, err
	}
	var c Case
	for _, f := range ar.Files {
		if f.Name == "spec" {
			c.Spec = strings.TrimSpace(string(f.Data))
		} else if f.Name == ".clang-format" {
			c.ClangFormat = f.Data
		} else {
			c.Name, c.Code = f.Name, f.Data
		}
	}
	return c, nil
}
