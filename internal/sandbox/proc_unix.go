//go:build unix

package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// drainGrace bounds how long output is still read after the process group
// is dead. Only a process that left the group (setsid) can hold the pipe
// open that long, and its output is not worth waiting for.
const drainGrace = 2 * time.Second

// execute runs command in tree and fills in the outcome fields of rec.
func (r *Runner) execute(ctx context.Context, tree, home, tmp string, command []string, rec Record) (Record, error) {
	undumpable()
	env := r.environ(tree, home, tmp)
	path, err := lookPath(command[0], env)
	if err != nil {
		return rec, err
	}
	// The child writes straight into an os.Pipe (not an io.Writer that
	// exec would copy from), so that Wait returns when the command itself
	// exits, even if a grandchild still holds the pipe open.
	pr, pw, err := os.Pipe()
	if err != nil {
		return rec, fmt.Errorf("verify: creating output pipe: %w", err)
	}
	defer pr.Close()
	cmd := &exec.Cmd{
		Path: path, Args: command, Env: env, Dir: tree,
		Stdout: pw, Stderr: pw,
		// Its own process group, so that one kill reaches everything the
		// command starts, however deep.
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true},
	}
	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if r.Timeout > 0 {
		runCtx, cancel = context.WithTimeout(ctx, r.Timeout)
	}
	defer cancel()

	start := r.now()
	err = cmd.Start()
	pw.Close() // the child has its copy; ours would keep the pipe open forever
	if err != nil {
		return rec, fmt.Errorf("verify: starting %s: %w", rec.Command, err)
	}
	pgid := cmd.Process.Pid
	tail := newTail(r.outputLimit())
	readDone := make(chan struct{})
	go func() { _, _ = io.Copy(tail, pr); close(readDone) }()
	waitDone := make(chan error, 1)
	go func() { waitDone <- cmd.Wait() }()

	var waitErr error
	killed := false
	select {
	case waitErr = <-waitDone:
	case <-runCtx.Done():
		killGroup(pgid)
		waitErr, killed = <-waitDone, true
	}
	// Also after a normal exit: whatever the command left running in the
	// background must not outlive the verification.
	killGroup(pgid)
	rec.Duration = r.now().Sub(start)
	select {
	case <-readDone:
	case <-time.After(drainGrace):
		pr.Close()
		<-readDone
	}
	rec.OutputTail = cleanOutput(tail.Bytes(), tree, home, tmp, r.outputLimit())

	if killed {
		if ctx.Err() != nil {
			return rec, fmt.Errorf("verify: %s stopped before it finished: %w", rec.Command, ctx.Err())
		}
		rec.TimedOut = true
		return rec, nil
	}
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) {
		return rec, fmt.Errorf("verify: waiting for %s: %w", rec.Command, waitErr)
	}
	rec.ExitCode = cmd.ProcessState.ExitCode()
	rec.Passed = rec.ExitCode == 0
	return rec, nil
}

// killGroup sends SIGKILL to the whole process group. ESRCH (nobody left)
// is the usual answer after a clean exit and is not an error. The group id
// cannot have been reused meanwhile: the kernel does not hand out a pid
// that is still some live group's id.
func killGroup(pgid int) {
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
}
