// Package repofiles picks the files of a real repository that the
// benchmarks under benchmark/ measure iflint on, and the clang-format
// style a C or C++ repository's files are laid out with.
//
// The files are those `iflint init` and `iflint check` would judge in
// the repository, no more: hidden directories, the embedded default's
// excludes (third_party, node_modules, ...), what go-enry calls
// documentation or generated (by name and content), and the trees init
// leaves out as vendored (go-enry's vendor list, or a directory that is
// a project of its own with its own license, such as cJSON's
// tests/unity, the Unity framework copied in; see infer.LeftOutOf) are
// skipped, since the configuration init writes excludes them. Nothing
// else is skipped.
package repofiles

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/clangformat"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/infer"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/leftout"
)

// Files lists repo's files of language id, sorted (see the package doc).
func Files(repo string, id lang.ID) ([]string, error) {
	def, err := config.Parse("embedded default", config.Default)
	if err != nil {
		return nil, err
	}
	left, err := infer.LeftOutOf(repo)
	if err != nil {
		return nil, err
	}
	for _, l := range left {
		def.Exclude = append(def.Exclude, l.Glob)
	}
	var out []string
	err = filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repo, p)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") || def.Excluded(rel) || leftout.Match(leftout.Documentation, rel, true) ||
				leftout.Match(leftout.Vendored, rel, true) {
				return filepath.SkipDir
			}
			return nil
		}
		if def.Excluded(rel) || !d.Type().IsRegular() {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if leftout.MatchContent(rel, src) {
			return nil
		}
		if in, ok := lang.ByPathContent(rel, src); ok && in.ID == id {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// WithClangStyle gives a C or C++ constraint the clang-format style the
// repository's files are formatted with: its root .clang-format, as the
// configuration attaches it, else style (YAML, as clang-format's --style
// takes it; "" for none).
func WithClangStyle(repo string, c *constraint.Constraint, style string) error {
	if c.Lang != lang.C && c.Lang != lang.CPP {
		return nil
	}
	name, data := "the given style", []byte(style)
	if f := clangformat.Find(repo, repo); f != "" {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		name, data = f, b
	} else if style == "" {
		return nil
	}
	s, ok, err := clangformat.Parse(name, data)
	if err != nil || !ok {
		return fmt.Errorf("%s: no C/C++ style read: %v", name, err)
	}
	in := *c.Indent
	in.Clang = &s
	c.Indent = &in
	return nil
}
