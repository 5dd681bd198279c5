package config

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestStrictDuplicateKeysEverywhere: a repeated key is an error naming
// both lines in every mapping of the file, not only at the top.
func TestStrictDuplicateKeysEverywhere(t *testing.T) {
	const entry = "constraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n"
	for name, tc := range map[string]struct {
		yml         string
		key         string
		line, first int
	}{
		"fix":       {"version: 1\nfix:\n  test: make test\n  timeout: 1m\n  test: go test ./...\n" + entry, "test", 5, 3},
		"languages": {"version: 1\nlanguages:\n  \"*.h\": c\n  \"*.h\": cpp\n" + entry, "*.h", 4, 3},
		"version":   {"version: 1\n" + entry + "version: 1\n", "version", 5, 1},
	} {
		_, err := Parse("x.yml", []byte(tc.yml))
		var ce *Error
		if !errors.As(err, &ce) || ce.Line != tc.line || !strings.Contains(ce.Msg, fmt.Sprintf("key %q appears twice in one mapping, at lines %d and %d", tc.key, tc.first, tc.line)) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestStrictAliasBombIsCheap: aliases of aliases nine levels deep stand
// for a billion strings; each node is resolved once, and the schema
// rejects the nesting, at once.
func TestStrictAliasBombIsCheap(t *testing.T) {
	var b strings.Builder
	b.WriteString("version: 1\nlanguages:\n  a: &l0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "  l%d: &l%d [", i, i)
		for j := range 10 {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]\n")
	}
	b.WriteString("exclude: *l9\nconstraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n")
	_, err := Parse("bomb.yml", []byte(b.String()))
	if err == nil {
		t.Fatal("a bomb of nested lists was accepted")
	}
	t.Log(err)
}
