package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// defaultFor is the configuration governing root in a set without
// .iflint.yml files: the embedded default, with what root's
// .clang-format adds.
func defaultFor(t *testing.T, clangFormat string) (*Config, error) {
	t.Helper()
	root := t.TempDir()
	if clangFormat != "" {
		if err := os.WriteFile(filepath.Join(root, ".clang-format"), []byte(clangFormat), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := NewSet(root)
	if err != nil {
		t.Fatal(err)
	}
	return s.Dir(root)
}

func specsOf(c *Config, ids ...lang.ID) []string {
	var out []string
	for _, e := range c.Constraints {
		for _, id := range ids {
			if e.Constraint.Lang == id {
				out = append(out, string(e.Constraint.Type)+" "+e.Constraint.Spec)
			}
		}
	}
	return out
}

// TestDefaultTakesCLayoutFromClangFormat: the embedded default holds C
// and C++ to the layout a root .clang-format sets, as far as iflint can
// state it, and to none without one, saying why.
func TestDefaultTakesCLayoutFromClangFormat(t *testing.T) {
	c, err := defaultFor(t, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := specsOf(c, lang.C, lang.CPP); len(got) != 0 {
		t.Errorf("no .clang-format: constraints %v", got)
	}
	if w := c.WhyUnconstrained(lang.CPP); !strings.Contains(w, "only where a .clang-format at the root says which") {
		t.Errorf("no .clang-format: why %q", w)
	}
	c, err = defaultFor(t, "BasedOnStyle: LLVM\nIndentWidth: 4\nBreakBeforeBraces: Allman\n")
	if err != nil {
		t.Fatal(err)
	}
	want := "indentation_spacing c;spaces:4,brace_block_formatting c;Allman,indentation_spacing cpp;spaces:4,brace_block_formatting cpp;Allman"
	if got := strings.Join(specsOf(c, lang.C, lang.CPP), ","); got != want || c.Label() != "embedded default with .clang-format" {
		t.Errorf("got %s (%s), want %s", got, c.Label(), want)
	}
	// Linux braces are no iflint style: indentation only.
	c, err = defaultFor(t, "BasedOnStyle: LLVM\nBreakBeforeBraces: Linux\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(specsOf(c, lang.C), ","); got != "indentation_spacing c;spaces:2" {
		t.Errorf("Linux braces: got %s", got)
	}
	if _, err := defaultFor(t, "BasedOnStyle: [\n"); err == nil || !strings.Contains(err.Error(), ".clang-format: document 1") {
		t.Errorf("a broken .clang-format: err %v, want one naming the file", err)
	}
}
