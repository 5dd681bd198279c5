package config

import (
	"errors"
	"os"
	"path/filepath"
)

// Find looks for FileName in dir and then in each parent directory, up
// to and including the repository root (the first directory holding a
// .git entry), as git and ruff look for their configuration. It returns
// the file's path, or "" when there is none.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, FileName)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		} else if !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return "", nil // the repository root: nothing above it is this project's
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}
