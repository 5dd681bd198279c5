// Command iflint holds code to declared constraints.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/iflint/iflint/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	dir, err := os.Getwd()
	if err != nil {
		os.Stderr.WriteString("iflint: " + err.Error() + "\n")
		os.Exit(cli.ExitInternal)
	}
	cmd := &cli.Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Dir: dir, Getenv: os.Getenv}
	os.Exit(cmd.Main(ctx, os.Args[1:]))
}
