//go:build !linux

package sandbox

// undumpable has no portable equivalent; see the Linux version.
func undumpable() {}

// Dumpable reports true where undumpable is not available.
func Dumpable() bool { return true }
