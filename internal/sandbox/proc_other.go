//go:build !unix

package sandbox

import (
	"context"
	"errors"
	"io"
)

// execute refuses to run: without process groups a timeout could not reach
// the grandchildren of an untrusted command, and a verification that may
// leave processes behind is not one to offer.
func (r *Runner) execute(ctx context.Context, p paths, orig string, command []string, rec Record) (Record, error) {
	return rec, errors.New("verify: expected a Unix system: isolated runs need process groups")
}

func (r *Runner) launchAndWait(ctx context.Context, m Mechanism, p paths, orig string, command, env []string, out io.Writer) (int, error) {
	return -1, errors.New("expected a Unix system")
}

func variants(Mechanism) [][]string { return [][]string{nil} }
