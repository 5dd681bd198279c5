//go:build unix && !linux

package sandbox

import (
	"fmt"
	"os/exec"
)

// variants: one form of each mechanism.
func variants(Mechanism) [][]string { return [][]string{nil} }

// prepare: only the process group exists outside Linux; namespaces,
// bubblewrap and cgroups are Linux's.
func (r *Runner) prepare(m Mechanism, cmd *exec.Cmd, p paths, orig string) (*mechanismHooks, error) {
	if m == ProcessGroup {
		return nil, nil
	}
	return nil, fmt.Errorf("%s: %w", m, errUnsupported)
}
