package config

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/iflint/iflint/internal/clangformat"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules"
)

// C and C++ have no one idiomatic layout, so the embedded default holds
// them to one only where the repository says which: its .clang-format
// at the run's root. The constraints are those of the style that iflint
// can state (indentation as spaces or tabs, braces as 1TBS or Allman);
// without a .clang-format, C and C++ files are left unconstrained and
// the reason says so (`iflint init` writes a configuration from the
// code).

// clangLayout adds to c, the embedded default, the C and C++ layout of
// the .clang-format at root, if there is one.
func clangLayout(c *Config, root string) error {
	f := clangformat.Find(root, root)
	if f == "" {
		why := "the embedded default holds C and C++ to a layout only where a .clang-format at the root says which; `iflint init` writes a configuration from the code"
		c.unconstrained = map[lang.ID]string{lang.C: why, lang.CPP: why}
		return nil
	}
	name := filepath.Base(f)
	b, err := os.ReadFile(f)
	if err != nil {
		return fmt.Errorf("embedded default: reading the C and C++ layout: %w", err)
	}
	style, ok, err := clangformat.Parse(name, b)
	if err != nil {
		return fmt.Errorf("embedded default: reading the C and C++ layout: %w", err)
	}
	if !ok {
		return nil
	}
	in, _ := style.Indentation()
	br, _ := style.Braces()
	for _, id := range []lang.ID{lang.C, lang.CPP} {
		for _, tv := range []struct {
			t constraint.Type
			v string
		}{{constraint.Indentation, in}, {constraint.Braces, br}} {
			if tv.v == "" {
				continue
			}
			k, err := rules.ParseSpec(tv.t, string(id)+";"+tv.v)
			if err != nil {
				return fmt.Errorf("embedded default: %s's %s: %w", name, tv.t, err)
			}
			c.Constraints = append(c.Constraints, Entry{Constraint: k, Severity: "error"})
		}
	}
	c.From = name
	return nil
}

// WhyUnconstrained says why c holds no constraint for files of id, when
// it knows more than that none applies.
func (c *Config) WhyUnconstrained(id lang.ID) string { return c.unconstrained[id] }
