//go:build unix

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// maxTreeNames bounds the names tried when trees are in use: as many
// concurrent fix runs of one repository as anyone runs.
const maxTreeNames = 16

// lockFree returns the first of base, base-2, base-3 ... whose lock file
// (the name plus ".lock") this process could lock, and the function
// that releases it and removes the lock file. A lock taken on a file that
// was removed meanwhile (its holder just finished) is no lock: the path
// is checked to still be the locked file, or the name is tried again.
func lockFree(base string) (string, func(), error) {
	for i := 1; i <= maxTreeNames; i++ {
		dir := base
		if i > 1 {
			dir = fmt.Sprintf("%s-%d", base, i)
		}
		for range 3 { // a lock file replaced under us: the same name again
			unlock, busy, err := tryLock(dir + ".lock")
			if err != nil {
				return "", nil, err
			}
			if unlock != nil {
				return dir, unlock, nil
			}
			if busy {
				break
			}
		}
	}
	return "", nil, fmt.Errorf("verify: %d isolated trees of this repository are in use", maxTreeNames)
}

// tryLock locks path; busy means another process holds it, and neither
// an unlock nor busy means the file was replaced while it was locked.
func tryLock(path string) (unlock func(), busy bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, false, fmt.Errorf("verify: locking the isolated tree: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, true, nil
		}
		return nil, false, fmt.Errorf("verify: locking the isolated tree: %w", err)
	}
	held, err1 := f.Stat()
	now, err2 := os.Lstat(path)
	if err1 != nil || err2 != nil || !os.SameFile(held, now) {
		f.Close()
		return nil, false, nil
	}
	return func() {
		os.Remove(path) // while still locked: see lockFree
		f.Close()
	}, false, nil
}

// privateDir checks that p is a directory of ours that nobody else may
// enter, and closes it if it is open.
func privateDir(p string) error {
	fi, err := os.Lstat(p)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || !ok || int(st.Uid) != os.Getuid() {
		return errors.New("expected a directory owned by this user (not a link)")
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return os.Chmod(p, fi.Mode().Perm()&0o700)
	}
	return nil
}
