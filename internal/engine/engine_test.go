package engine

import (
	"testing"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
)

func mustConfig(t *testing.T, y string) *config.Config {
	t.Helper()
	cfg, err := config.Parse("test.yml", []byte(y))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestApplicable(t *testing.T) {
	cfg := mustConfig(t, `
constraints:
  - type: naming_convention
    spec: python;class:PascalCase
  - type: brace_block_formatting
    spec: java;Allman
    paths: ["src/**/*.java"]
  - type: language_type
    spec: python
    paths: ["scripts/*"]
  - type: algorithm_type
    spec: dynamic programming
`)
	cases := map[string][]constraint.Type{
		"a/b.py":          {constraint.Naming, constraint.AlgorithmType},
		"src/x/Y.java":    {constraint.Braces, constraint.AlgorithmType},
		"lib/Y.java":      {constraint.AlgorithmType},
		"scripts/run":     {constraint.LanguageType, constraint.AlgorithmType},
		"scripts/tool.py": {constraint.Naming, constraint.LanguageType, constraint.AlgorithmType},
		"other/tool.rb":   {constraint.AlgorithmType},
	}
	for path, want := range cases {
		var got []constraint.Type
		for _, e := range Applicable(cfg, path) {
			got = append(got, e.Constraint.Type)
		}
		if len(got) != len(want) {
			t.Errorf("%s: got %v, want %v", path, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: got %v, want %v", path, got, want)
			}
		}
	}
}

func TestUTF16Col(t *testing.T) {
	src := []byte("x = 'é😀' + y\n")
	// "y" follows 12 UTF-16 units (é is 2 bytes/1 unit, 😀 4 bytes/2 units), so its column is 13.
	off := len("x = 'é😀' + ")
	if got := utf16Col(src, off, off+1); got != 13 {
		t.Errorf("utf16Col = %d, want 13", got)
	}
}
