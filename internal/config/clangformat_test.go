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

// TestConstraintsCarryTheClangFormatStyle: the C and C++ indentation
// constraints carry the style of the .clang-format governing them when
// their unit is the style's, from the embedded default and from an
// .iflint.yml alike, so that the rule reads the layout as clang-format
// lays it out; a constraint of another unit keeps the looser reading.
func TestConstraintsCarryTheClangFormatStyle(t *testing.T) {
	clang := func(c *Config, id lang.ID) (bool, string) {
		for _, e := range c.Constraints {
			if e.Constraint.Lang == id && e.Constraint.Indent != nil {
				if s := e.Constraint.Indent.Clang; s != nil {
					return true, s.IndentPPDirectives
				}
				return false, ""
			}
		}
		t.Fatalf("no %s indentation constraint", id)
		return false, ""
	}
	c, err := defaultFor(t, "BasedOnStyle: LLVM\nIndentWidth: 4\nIndentPPDirectives: BeforeHash\n")
	if err != nil {
		t.Fatal(err)
	}
	if ok, pp := clang(c, lang.CPP); !ok || pp != "BeforeHash" {
		t.Errorf("embedded default: style attached %v (%q)", ok, pp)
	}
	root := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(root, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".clang-format", "BasedOnStyle: Google\n")
	write(FileName, "version: 1\nconstraints:\n  - type: indentation_spacing\n    spec: cpp;spaces:2\n  - type: indentation_spacing\n    spec: c;spaces:4\n")
	s, err := NewSet(root)
	if err != nil {
		t.Fatal(err)
	}
	c, err = s.Dir(root)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := clang(c, lang.CPP); !ok {
		t.Error(".iflint.yml cpp;spaces:2 under Google's 2 spaces: no style attached")
	}
	if ok, _ := clang(c, lang.C); ok {
		t.Error(".iflint.yml c;spaces:4 under Google's 2 spaces: the style attached anyway")
	}
}
