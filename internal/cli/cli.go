// Package cli is iflint's command line: Command.Main parses arguments,
// runs one subcommand and returns a named exit code. Every input and
// output is injected, so tests drive it like a user would.
package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/termsafe"
)

// Exit codes.
const (
	ExitClean    = 0 // no findings
	ExitFindings = 1 // findings reported
	ExitUsage    = 2 // bad arguments, configuration or input data
	ExitInternal = 3 // iflint itself failed
	// ExitInterrupted: a signal stopped the command before it finished
	// (an incomplete run, as bench's ExitIncomplete).
	ExitInterrupted = 1
)

// Version, when set at link time (-ldflags "-X .../cli.Version=v1.2.3"),
// overrides the version read from the build information.
var Version = "dev"

// Command is one invocation of iflint.
type Command struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Dir is the working directory that relative paths resolve against.
	Dir string
	// Getenv reads the environment (os.Getenv in main).
	Getenv func(string) string
	// Now is the clock for timing reports and progress (time.Now when nil).
	Now func() time.Time
	// Environ lists the environment for child processes such as a
	// repository's test command (os.Environ in main); when nil, a minimal
	// environment is built from Getenv. Secrets are scrubbed either way.
	Environ func() []string
	// BuildInfo reads the binary's build information (debug.ReadBuildInfo
	// when nil) for `iflint version` and report metadata.
	BuildInfo func() (*debug.BuildInfo, bool)
	// Rules finds the rule deciding a type for `check` (the registry when
	// nil); tests put a failing rule in its place.
	Rules func(constraint.Type) (*check.Rule, bool)
	// TreeDir holds the test command's isolated trees and the caches kept
	// for the next run (sandbox.Runner.TreeDir; empty: a directory of
	// this user's under the system's temporary directory).
	TreeDir string
	// StopGrace is how long an interrupted command may take to stop by
	// itself before Main stops waiting for it (DefaultStopGrace when 0;
	// see Main).
	StopGrace time.Duration

	// gate holds the run's output and file writes (see interrupt.go).
	gate *gate
}

// environ is the environment handed to test commands before scrubbing.
func (c *Command) environ() []string {
	if c.Environ != nil {
		return c.Environ()
	}
	var env []string
	for _, k := range []string{"PATH", "HOME", "TMPDIR", "LANG", "GOPATH", "GOCACHE", "GOMODCACHE", "GOFLAGS", "GOTOOLCHAIN", "GOPROXY", "CARGO_HOME", "RUSTUP_HOME", "RUSTUP_TOOLCHAIN", "PYENV_ROOT", "JAVA_HOME"} {
		if v := c.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// usageError marks errors caused by the caller's input (exit code 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

const usage = `iflint holds code to declared constraints (the 27 MultiCodeIF types).

Usage:
  iflint check [flags] [paths...]     check files against .iflint.yml (or the embedded default)
  iflint fix [flags] [paths...]       propose fixes, keep those proven by re-checks and tests; -write applies them
  iflint init [flags] [dir]           write a commented .iflint.yml with the conventions the repository's code already follows
  iflint action [flags]               the GitHub Action: review a pull request's changes (INPUT_* from action.yml)
  iflint bench replay [flags]         evaluate stored MultiCodeIF generations
  iflint bench agreement [flags]      compare a judge's verdicts with published ones, per type
  iflint bench fix [flags]            run the fix track: fix, verify and compare with its manifest
  iflint rules [TYPE...]              list the 27 constraint types, or print a type's documentation
  iflint version                      print the version

Run 'iflint <command> -h' for a command's flags.
Exit codes: 0 clean, 1 findings (or interrupted by a signal), 2 usage or configuration error, 3 internal failure.
`

// run runs the command line args on the gated Command Main prepared.
func (c *Command) run(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(c.Stderr, usage)
		return ExitUsage
	}
	var err error
	code := ExitClean
	switch args[0] {
	case "check":
		code, err = c.check(ctx, args[1:])
	case "fix":
		code, err = c.fix(ctx, args[1:])
	case "init":
		code, err = c.initConfig(ctx, args[1:])
	case "action":
		code, err = c.action(ctx, args[1:])
	case "bench":
		code, err = c.bench(ctx, args[1:])
	case "rules":
		err = c.rules(args[1:])
	case "version", "--version":
		fmt.Fprintf(c.Stdout, "iflint %s\n", c.versionLine())
	case "help", "-h", "--help":
		fmt.Fprint(c.Stdout, usage)
	default:
		fmt.Fprintf(c.Stderr, "iflint: unknown command %q\n\n%s", args[0], usage)
		return ExitUsage
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitClean
		}
		if interrupted(ctx, err) {
			c.gate.report(c.Stderr, ctx, args[0], "")
			return ExitInterrupted
		}
		// Errors quote file names and tools' output: escaped, they
		// stay one line and cannot drive the terminal.
		fmt.Fprintf(c.Stderr, "iflint: %s\n", termsafe.Text(err.Error()))
		var ue usageError
		var ce *config.Error
		if errors.As(err, &ue) || errors.As(err, &ce) {
			return ExitUsage
		}
		// A subcommand that names its exit code with the error (an
		// incomplete run is 1, not an internal failure) keeps it.
		if code != ExitClean {
			return code
		}
		return ExitInternal
	}
	return code
}

// flags returns a FlagSet that reports to Stderr and never exits.
func (c *Command) flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	return fs
}

// parse parses flags wherever they stand among the positional arguments,
// as golangci-lint, ruff and eslint do (`iflint check pkg -format json`);
// everything after "--" is positional. -h prints the command's help on
// standard output (exit 0); a bad flag prints it on standard error.
func (c *Command) parse(fs *flag.FlagSet, args []string) error {
	var out bytes.Buffer
	stderr := c.Stderr
	// Usage functions write to c.Stderr or the flag set's output; both
	// are captured so that help can go to standard output.
	c.Stderr = &out
	fs.SetOutput(&out)
	err := parseInterleaved(fs, args)
	c.Stderr = stderr
	fs.SetOutput(stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		_, _ = c.Stdout.Write(out.Bytes())
		return err
	case err != nil:
		_, _ = stderr.Write(out.Bytes())
		return usageError{err}
	}
	_, _ = stderr.Write(out.Bytes())
	return nil
}

// parseInterleaved runs fs.Parse repeatedly, setting positional
// arguments aside, and leaves them in fs.Args().
func parseInterleaved(fs *flag.FlagSet, args []string) error {
	var pos []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			return err
		}
		left := fs.Args()
		if len(left) == 0 {
			break
		}
		if used := len(rest) - len(left); used > 0 && rest[used-1] == "--" {
			pos = append(pos, left...)
			break
		}
		pos = append(pos, left[0])
		rest = left[1:]
	}
	return fs.Parse(append([]string{"--"}, pos...))
}

// oneOf validates an enumerated flag value.
func oneOf(flagName, v string, allowed ...string) error {
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return usagef("-%s %q: expected one of %s", flagName, v, strings.Join(allowed, ", "))
}
