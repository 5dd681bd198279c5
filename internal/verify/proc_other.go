//go:build !unix

package verify

import (
	"context"
	"errors"
)

// execute refuses to run: without process groups a timeout could not reach
// the grandchildren of an untrusted command, and a verification that may
// leave processes behind is not one to offer.
func (r *Runner) execute(ctx context.Context, tree, home, tmp string, command []string, rec Record) (Record, error) {
	return rec, errors.New("verify: expected a Unix system: isolated runs need process groups")
}
