//go:build !unix

package sandbox

import (
	"os"
	"path/filepath"
)

// lockFree cannot lock without flock; every tree gets a fresh name.
func lockFree(base string) (string, func(), error) {
	dir, err := os.MkdirTemp(filepath.Dir(base), filepath.Base(base)+"-")
	if err != nil {
		return "", nil, err
	}
	return dir, func() {}, nil
}

func privateDir(string) error { return nil }
