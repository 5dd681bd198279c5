//go:build !unix

package engine

import "time"

// cpuTime is unknown here: the CPU metrics read 0.
func cpuTime() time.Duration { return 0 }
