// Command iflint holds code to declared constraints.
package main

import (
	"context"
	"os"
	"os/signal"
	"slices"
	"syscall"

	"github.com/iflint/iflint/internal/cli"
	"github.com/iflint/iflint/internal/procenv"
)

func main() {
	// The commands that run a repository's tests first move the
	// environment (tokens, keys) out of the block /proc shows to others.
	if len(os.Args) > 1 && slices.Contains([]string{"fix", "action", "bench"}, os.Args[1]) {
		if err := procenv.Hide(); err != nil {
			os.Stderr.WriteString("iflint: warning: the environment stays readable in /proc: " + err.Error() + "\n")
		}
	}
	// A signal cancels the context: running tests are killed with their
	// process group and nothing more is written.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	dir, err := os.Getwd()
	if err != nil {
		os.Stderr.WriteString("iflint: " + err.Error() + "\n")
		os.Exit(cli.ExitInternal)
	}
	cmd := &cli.Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Dir: dir, Getenv: os.Getenv, Environ: os.Environ}
	os.Exit(cmd.Main(ctx, os.Args[1:]))
}
