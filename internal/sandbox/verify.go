// Package sandbox runs a repository's test command on an isolated copy
// of the tree with a candidate fix applied. The fix may come from a
// language model, and in the Action the repository is a pull request's,
// so the run is treated as hostile: it gets an allowlisted environment,
// no inherited descriptors, its own HOME and TMPDIR, and, under the
// strongest mechanism this system offers (see Mechanism; bubblewrap
// where it works), a read-only view of the machine in which the original
// checkout, the user's files and the runner's files are hidden, and from
// which nothing it starts escapes.
package sandbox

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// DefaultOutputLimit is the tail kept when Runner.OutputLimit is not set:
// enough for a test failure and its summary, small enough for a report.
const DefaultOutputLimit = 16 << 10

// Runner runs a command on isolated copies of repositories. Everything it
// depends on is a field so that callers (and tests) decide it; in particular
// Env is never taken from os.Environ here, because a library that quietly
// reads the process environment is how tokens leak into child processes.
type Runner struct {
	// Timeout bounds one run; zero means only ctx bounds it.
	Timeout time.Duration
	// Env is the environment the command's is taken from (the caller
	// usually passes os.Environ()): only PATH, the locale and the
	// toolchains' variables pass (see passNames), and PassEnv.
	Env []string
	// PassEnv names further variables of Env the command gets (`fix.env`);
	// iflint's and the runner's credentials never pass (see neverNames).
	PassEnv []string
	// ScrubNames are variable names never to pass, matched without
	// regard to case, even when PassEnv names them.
	ScrubNames []string
	// Mechanisms are the ways to contain the command, tried in order
	// once (see Sandbox); nil means DefaultMechanisms. A caller that
	// needs a real sandbox lists only Bwrap.
	Mechanisms []Mechanism
	// Hide are further directories a real sandbox hides from the command
	// besides those it finds in Env (RUNNER_TEMP, GITHUB_WORKSPACE): a
	// caller whose Env is a minimal one still knows where they are.
	Hide []string
	// KeepCache keeps the command's own caches (a real sandbox gives it
	// writable caches of its own, the real ones being read-only) after
	// Close, beside the trees, for the next run on the same repository;
	// otherwise they go with the tree and every Open starts cold.
	KeepCache bool
	// OutputLimit is how many bytes of combined output are kept, from the
	// end; zero or less means DefaultOutputLimit.
	OutputLimit int
	// Now is the clock for Record.Duration; nil means time.Now.
	Now func() time.Time
	// CommandFiles are the workflow command files (variable name → path)
	// to guard besides those Env names (see CommandFileVars): a caller
	// whose Env is a minimal one still knows where the real ones are.
	CommandFiles map[string]string
	// TreeDir holds the trees of Open; empty means a directory of this
	// user's own under the system's temporary directory.
	TreeDir string

	mu      sync.Mutex
	sandbox *Sandbox // decided by Sandbox
	variant []string // the mechanism's form that worked (see variants)
	overlay bool     // bubblewrap: overlays on the real caches work (see cacheVars)
	// overlayErr is why the last trial with overlays failed.
	overlayErr error
}

// Shell turns a shell script into a command for Run, for repositories whose
// test command is a line such as "go test ./... && ./check.sh".
func Shell(script string) []string { return []string{"sh", "-c", script} }

// Run copies repoDir into a fresh temporary directory, applies changes
// (slash-separated paths relative to the repository root → new contents),
// runs command at the root of the copy and removes the copy again. A
// series of runs on one repository should use Open and Tree.Run, which
// reuse one copy at a stable path.
//
// A command that runs and fails is not an error: it is a Record with
// Passed false. Errors mean no verdict could be reached — an unsafe change
// path, an unreadable repository, a command that cannot be started, or ctx
// ended by the caller — and the fix must then not be kept either.
func (r *Runner) Run(ctx context.Context, repoDir string, changes map[string][]byte, command []string) (rec Record, err error) {
	rec = Record{Command: quoteCommand(command), Dir: ".", ExitCode: -1}
	if len(command) == 0 {
		return rec, errors.New("verify: empty command, expected a program and its arguments")
	}
	// Refuse bad changes before copying anything: cheap, and the error is
	// about the fix rather than about the machine.
	if err := checkChanges(changes); err != nil {
		return rec, err
	}
	t, err := r.openFresh(ctx, repoDir)
	if err != nil {
		return rec, err
	}
	defer func() {
		if rmErr := t.Close(); rmErr != nil {
			err = errors.Join(err, fmt.Errorf("verify: removing temporary copy: %w", rmErr))
		}
	}()
	return t.Run(ctx, changes, command)
}

func (r *Runner) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

func (r *Runner) outputLimit() int {
	if r.OutputLimit > 0 {
		return r.OutputLimit
	}
	return DefaultOutputLimit
}
