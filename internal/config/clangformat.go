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
			withClang(&k, style)
			c.Constraints = append(c.Constraints, Entry{Constraint: k, Severity: "error"})
		}
	}
	c.From = name
	return nil
}

// WhyUnconstrained says why c holds no constraint for files of id, when
// it knows more than that none applies.
func (c *Config) WhyUnconstrained(id lang.ID) string { return c.unconstrained[id] }

// withClang gives a C or C++ indentation constraint the clang-format
// style, when the style's indentation is the constraint's own, so that
// the lint profile's rule reads the layout as clang-format lays it out
// (preprocessor lines, comments, wrapped arguments).
func withClang(k *constraint.Constraint, s clangformat.Style) {
	if k.Type != constraint.Indentation || k.Indent == nil || (k.Lang != lang.C && k.Lang != lang.CPP) {
		return
	}
	in, _ := s.Indentation()
	if in == "" || in != unitSpec(*k.Indent) {
		return
	}
	x := *k.Indent
	x.Clang = &s
	k.Indent = &x
}

func unitSpec(in constraint.Indent) string {
	if in.Tabs {
		return "tabs"
	}
	return fmt.Sprintf("spaces:%d", in.Width)
}

// AttachClangFormat gives c, a configuration that stands in dir, the
// clang-format style a run gives it there (attachClang): `iflint init`
// checks the configuration it writes as `iflint check` will read it.
func (c *Config) AttachClangFormat(root, dir string) error { return attachClang(c, root, dir) }

// attachClang gives c's C and C++ indentation constraints the style of
// the .clang-format governing dir (within root), where its indentation
// is theirs: a configuration file's `C;spaces:4` in a repository whose
// .clang-format says so is read as that formatter lays the code out.
func attachClang(c *Config, root, dir string) error {
	f := clangformat.Find(root, dir)
	if f == "" {
		return nil
	}
	b, err := os.ReadFile(f)
	if err != nil {
		return fmt.Errorf("reading the C and C++ layout: %w", err)
	}
	style, ok, err := clangformat.Parse(filepath.Base(f), b)
	if err != nil || !ok {
		// An unreadable style leaves the constraints as written; `iflint
		// init` reports the .clang-format it could not read.
		return nil
	}
	for i := range c.Constraints {
		withClang(&c.Constraints[i].Constraint, style)
	}
	return nil
}
