package engine

import (
	"context"
	"errors"
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
// forced set, one configuration governs everything). Files are as given
// or found; their run paths are relative to the set's root. Unreadable
// paths are skipped with the reason, as Collect skips them; a
// configuration that does not load is an error.
func CollectSet(ctx context.Context, set *config.Set, paths []string) ([]string, []Skipped, error) {
	root := set.Root()
	var out []string
	var skipped []Skipped
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
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, nil, err
		case err != nil:
			skipped = append(skipped, unreadable(runPath(root, p), err))
			continue
		}
		if !st.IsDir() {
			cfg, err := set.For(runPath(root, p))
			if err != nil {
				return nil, nil, err
			}
			add(p, cfg) // ReadFilesSet skips it if it is no regular file
			continue
		}
		err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if cerr := ctx.Err(); cerr != nil {
				return cerr
			}
			rel := runPath(root, q)
			if err != nil {
				if d != nil && d.IsDir() {
					skipped = append(skipped, unlisted(rel, err))
					return filepath.SkipDir
				}
				skipped = append(skipped, unreadable(rel, err))
				return nil
			}
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
			return nil, nil, err
		}
	}
	sort.Strings(out)
	return out, skipped, nil
}

// ReadFilesSet collects paths with CollectSet and reads them as
// ReadFiles does; paths of the files are relative to the set's root.
func ReadFilesSet(set *config.Set, paths []string) (*Files, error) {
	return ReadFilesSetContext(context.Background(), set, paths)
}

// ReadFilesSetContext is ReadFilesSet, stopped by ctx between files.
func ReadFilesSetContext(ctx context.Context, set *config.Set, paths []string) (*Files, error) {
	names, skipped, err := CollectSet(ctx, set, paths)
	if err != nil {
		return nil, err
	}
	return readNames(ctx, set.Root(), names, skipped, runPath)
}

// runPath names p relative to a run's root, with ../ for files outside
// it (a run in one subproject naming another), as the run reports them;
// a file that shares no directory with the root but the filesystem's
// (/dev/stdin, a file of another disk) keeps its absolute path, as
// Collect names files outside its root.
func runPath(root, p string) string {
	r, err := filepath.Rel(root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	r = filepath.ToSlash(r)
	up := 0
	for rest := r; rest == ".." || strings.HasPrefix(rest, "../"); up++ {
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, ".."), "/")
	}
	if up > 0 && up >= depth(root) {
		return filepath.ToSlash(filepath.Clean(p))
	}
	return r
}

// depth is how many directories an absolute, clean path lies below its
// filesystem root ("/" is 0, "/tmp" 1).
func depth(abs string) int {
	rest := strings.Trim(abs[len(filepath.VolumeName(abs)):], string(filepath.Separator))
	if rest == "" {
		return 0
	}
	return strings.Count(rest, string(filepath.Separator)) + 1
}

// readNames reads the collected files (see ReadSource): files that are
// not regular, too large or unreadable are skipped with the reason.
func readNames(ctx context.Context, root string, names []string, skipped []Skipped, name func(root, p string) string) (*Files, error) {
	out := &Files{Files: make([]File, 0, len(names)), Skipped: skipped}
	for _, n := range names {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rel := name(root, n)
		b, skip, err := ReadSource(n)
		switch {
		case err != nil:
			out.Skipped = append(out.Skipped, unreadable(rel, err))
		case skip != "":
			out.Skipped = append(out.Skipped, Skipped{Path: rel, Reason: skip})
		default:
			out.Files = append(out.Files, File{Path: rel, Src: b})
		}
	}
	return out, nil
}
