//go:build unix

package engine

import (
	"syscall"
	"time"
)

// cpuTime is the process's user and system CPU time so far: on a machine
// shared with other work, the CPU a phase used moves far less with the
// load than its wall time does.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
