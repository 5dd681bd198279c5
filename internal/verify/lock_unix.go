//go:build unix

package verify

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
// that releases it. The lock files stay: removing one while another
// process waits to lock it would let two runs hold "the" lock.
func lockFree(base string) (string, func(), error) {
	for i := 1; i <= maxTreeNames; i++ {
		dir := base
		if i > 1 {
			dir = fmt.Sprintf("%s-%d", base, i)
		}
		f, err := os.OpenFile(dir+".lock", os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
		if err != nil {
			return "", nil, fmt.Errorf("verify: locking the isolated tree: %w", err)
		}
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return dir, func() { f.Close() }, nil
		}
		f.Close()
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return "", nil, fmt.Errorf("verify: locking the isolated tree: %w", err)
		}
	}
	return "", nil, fmt.Errorf("verify: %d isolated trees of this repository are in use", maxTreeNames)
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
