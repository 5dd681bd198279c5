package sandbox

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// checkChanges refuses the whole set if any path could land outside the
// copy: a fix that tries to write "../x" or "/etc/x" is not a fix to run.
func checkChanges(changes map[string][]byte) error {
	for _, name := range sortedNames(changes) {
		if _, err := changePath(name); err != nil {
			return err
		}
	}
	return nil
}

// changePath validates a change's name and returns it cleaned. Names are
// slash-separated and relative to the repository root; "./a" and "a//b"
// are tolerated, anything that climbs out, is absolute or is inside .git
// is not.
func changePath(name string) (string, error) {
	p := path.Clean(filepath.ToSlash(name))
	if name == "" || p == "." || !fs.ValidPath(p) || strings.Contains(name, "\x00") {
		return "", fmt.Errorf("verify: change path %q: expected a file path relative to the repository root, inside it", name)
	}
	if first, _, _ := strings.Cut(p, "/"); first == ".git" {
		return "", fmt.Errorf("verify: change path %q: expected a path outside .git", name)
	}
	return p, nil
}

// writeChanges writes each change into the copy at tree. An existing file
// keeps its mode and a new one gets 0644. A link at the path is replaced
// by the file rather than written through: a change is content for that
// path, not for wherever a link there leads.
func writeChanges(tree string, changes map[string][]byte) error {
	root, err := filepath.EvalSymlinks(tree)
	if err != nil {
		return fmt.Errorf("verify: resolving temporary copy: %w", err)
	}
	for _, name := range sortedNames(changes) {
		p, err := changePath(name)
		if err != nil {
			return err
		}
		target := filepath.Join(tree, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return fmt.Errorf("verify: change %q: %w", name, err)
		}
		// Directories on the way may be links; they were checked to stay
		// inside, and this check keeps that true whatever changed since.
		if !inside(root, filepath.Dir(target)) {
			return fmt.Errorf("verify: change %q: expected its directory inside the repository", name)
		}
		if err := replaceFile(target, changes[name]); err != nil {
			return fmt.Errorf("verify: change %q: %w", name, err)
		}
	}
	return nil
}

func replaceFile(target string, data []byte) error {
	perm := fs.FileMode(0o644)
	fi, err := os.Lstat(target)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("expected a file, found a directory")
	case err == nil:
		if fi.Mode().IsRegular() {
			perm = fi.Mode().Perm()
		}
		// Removing first also handles read-only files, which cannot be
		// opened for writing.
		if err := os.Remove(target); err != nil {
			return err
		}
	case !os.IsNotExist(err):
		return err
	}
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Chmod(target, perm)
}

// sortedNames gives a fixed order, so that the first error reported for a
// bad set of changes is the same on every run.
func sortedNames(changes map[string][]byte) []string {
	names := make([]string, 0, len(changes))
	for n := range changes {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
