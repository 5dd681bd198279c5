// Package atomicfile writes files so that no reader ever sees half of one:
// the data goes to a temporary file in the same directory, is synced, and
// is renamed over the target. A crash or signal leaves either the old
// file or the new one, plus at worst a stray temporary file.
package atomicfile

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// Write writes data to path with the given permissions.
func Write(path string, data []byte, perm os.FileMode) error {
	return WriteFunc(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc writes what fill produces to path with the given permissions.
// When fill fails, path is left as it was.
//
// Only a regular file is replaced. A path that is a symbolic link has
// its target replaced and stays a link; one that names a device, a named
// pipe or a socket (`-o /dev/null`, `-o /dev/stdout`, a process
// substitution) is written in place, for a rename over it would put a
// regular file where the device was (as root, over /dev/null itself),
// and such a target has no old content to keep whole.
func WriteFunc(path string, perm os.FileMode, fill func(io.Writer) error) error {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		if st.IsDir() {
			return &os.PathError{Op: "write", Path: path, Err: syscall.EISDIR}
		}
		return writeInPlace(path, fill)
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".iflint-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // a no-op after the rename
	w := bufio.NewWriter(f)
	err = fill(w)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		// CreateTemp makes 0600 files; the target's mode is the caller's.
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// writeInPlace writes what fill produces to the existing non-regular
// file at path (a device, a named pipe).
func writeInPlace(path string, fill func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = fill(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
