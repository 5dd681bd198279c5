package cli

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// startCPUProfile profiles the process into path (nothing when path is
// empty) until the returned stop is called: `iflint check -cpuprofile`
// shows where a run spends its time beyond parsing (docs/speed.md).
func (c *Command) startCPUProfile(path string) (stop func() error, err error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	f, err := os.Create(c.abs(path))
	if err != nil {
		return nil, usagef("-cpuprofile: %v", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	return func() error {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			return fmt.Errorf("-cpuprofile: %w", err)
		}
		return nil
	}, nil
}
