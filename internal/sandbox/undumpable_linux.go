package sandbox

import (
	"sync"
	"syscall"
)

const (
	prGetDumpable = 3
	prSetDumpable = 4
)

var undumpableOnce sync.Once

// undumpable hides this process from the commands it starts: they run as
// the same user, and a same-user process may read another's
// /proc/PID/environ and memory, where this process keeps the tokens it
// withholds from them (the Action's INPUT_GITHUB-TOKEN, an API key). A
// non-dumpable process's /proc entries belong to root and it cannot be
// traced. Children are not affected: execve makes them dumpable again.
// It also means no core dumps of iflint, which hold the same secrets.
func undumpable() {
	undumpableOnce.Do(func() {
		_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetDumpable, 0, 0)
	})
}

// Dumpable reports whether this process may still be read by its
// children (false once a command has run); for tests.
func Dumpable() bool {
	r, _, _ := syscall.RawSyscall(syscall.SYS_PRCTL, prGetDumpable, 0, 0)
	return r != 0
}
