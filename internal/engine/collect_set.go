package engine

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/config"
)

// CollectSet expands paths (files or directories) into files as Collect
// does, each judged by the configuration that governs it: a directory is
// left out when the configuration governing its parent excludes it, and
// a directory holding its own .iflint.yml is walked with that one (in a
// forced set, one configuration governs everything). Files are absolute
// or as given; their run paths are relative to the set's root.
func CollectSet(set *config.Set, paths []string) ([]string, error) {
	root := set.Root()
	var out []string
	seen := map[string]bool{}
	add := func(p string, cfg *config.Config) {
		rel := runPath(root, p)
		if !seen[rel] && !cfg.Excluded(rel) {
			seen[rel] = true
			out = append(out, p)
		}
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			cfg, err := set.For(runPath(root, p))
			if err != nil {
				return nil, err
			}
			add(p, cfg)
			continue
		}
		err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel := runPath(root, q)
			if d.IsDir() {
				if q == p {
					return nil
				}
				if strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				// The parent's configuration decides whether the
				// directory is read at all; inside, its own may govern.
				parent, err := set.Dir(filepath.Dir(q))
				if err != nil {
					return err
				}
				if parent.Excluded(rel) {
					return filepath.SkipDir
				}
				return nil
			}
			cfg, err := set.Dir(filepath.Dir(q))
			if err != nil {
				return err
			}
			if _, ok := cfg.LanguageOf(rel, nil); ok && d.Type().IsRegular() {
				add(q, cfg)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

// ReadFilesSet collects paths with CollectSet and reads them; paths of
// the files are relative to the set's root.
func ReadFilesSet(set *config.Set, paths []string) (*Files, error) {
	names, err := CollectSet(set, paths)
	if err != nil {
		return nil, err
	}
	return readNames(set.Root(), names, runPath)
}

// runPath names p relative to a run's root, with ../ for files outside
// it (a run in one subproject naming another), as the run reports them.
func runPath(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(p)
}

func readNames(root string, names []string, name func(root, p string) string) (*Files, error) {
	out := &Files{Files: make([]File, 0, len(names))}
	for _, n := range names {
		st, err := os.Stat(n)
		if err != nil {
			return nil, err
		}
		rel := name(root, n)
		if st.Size() > MaxFileSize {
			out.Skipped = append(out.Skipped, Skipped{Path: rel, Reason: fmt.Sprintf("larger than %d MiB", MaxFileSize>>20)})
			continue
		}
		b, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out.Files = append(out.Files, File{Path: rel, Src: b})
	}
	return out, nil
}
