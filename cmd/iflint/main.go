// Command iflint holds code to declared constraints.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/iflint/iflint/internal/cli"
)

func main() {
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
