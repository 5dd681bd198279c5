package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Errors of Update, for callers that skip a file and go on.
var (
	// ErrReadOnly: the file's permissions do not let it be written.
	ErrReadOnly = errors.New("read-only")
	// ErrChanged: the file no longer holds the content the new one was
	// made from.
	ErrChanged = errors.New("changed on disk since it was read")
	// ErrNotRegular: the path is not a regular file (a symbolic link is
	// the caller's to resolve; see Update).
	ErrNotRegular = errors.New("not a regular file")
)

// Update replaces the content of the existing regular file at path with
// data, as long as it still holds old, and keeps what makes it the same
// file: its mode (set-id and sticky bits included), its owner and group,
// and its hard links.
//
// The new content goes through a temporary file renamed over path, so a
// reader or a crash sees either the old file or the new one. When a
// rename would lose something — the file has other hard links, which a
// rename would split off, or its owner cannot be given to a new file (an
// unprivileged user may write a file someone else owns) — the file is
// rewritten in place instead: its identity is kept, and the write is
// synced, but a crash in the middle of it can leave it partly written.
//
// path must not be a symbolic link (ErrNotRegular): whether a link may be
// followed, and to where, is the caller's decision. A file its owner may
// not write (no owner write bit) or that this process may not write is
// ErrReadOnly, even for root, who could; one whose content is not old is
// ErrChanged. Both are checked again just before the new content lands.
func Update(path string, old, data []byte) error {
	st, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if err := writable(path, st); err != nil {
		return err
	}
	if err := holds(path, old); err != nil {
		return err
	}
	if links(st) > 1 {
		return inPlace(path, st, old, data)
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".iflint-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // a no-op after the rename
	_, err = f.Write(data)
	if err == nil {
		// The mode is set after the owner: chown clears set-id bits.
		err = keepOwner(f, st)
		if errors.Is(err, fs.ErrPermission) {
			f.Close()
			return inPlace(path, st, old, data)
		}
	}
	if err == nil {
		err = f.Chmod(st.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky))
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
	// The last look before the rename: the window in which a change by
	// someone else is lost is this check's, not the whole write's.
	if err := unchanged(path, st, old); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// inPlace rewrites the file at path through its own inode.
func inPlace(path string, st fs.FileInfo, old, data []byte) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	cur, err := f.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(cur, st) {
		return ErrChanged
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return err
	}
	if !bytes.Equal(b, old) {
		return ErrChanged
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		return err
	}
	if err := f.Truncate(int64(len(data))); err != nil {
		return err
	}
	return f.Sync()
}

// holds checks that path's content is old.
func holds(path string, old []byte) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !bytes.Equal(b, old) {
		return ErrChanged
	}
	return nil
}

// unchanged checks that path is still the file st described, with the
// content old.
func unchanged(path string, st fs.FileInfo, old []byte) error {
	now, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if !os.SameFile(now, st) || !now.Mode().IsRegular() {
		return ErrChanged
	}
	if err := writable(path, now); err != nil {
		return err
	}
	return holds(path, old)
}

// writable refuses what is not a regular file, and a read-only one.
func writable(path string, st fs.FileInfo) error {
	if !st.Mode().IsRegular() {
		return ErrNotRegular
	}
	if st.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("%w (mode %04o)", ErrReadOnly, st.Mode().Perm())
	}
	if !mayWrite(path) {
		return fmt.Errorf("%w for this user (mode %04o)", ErrReadOnly, st.Mode().Perm())
	}
	return nil
}
