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
// is dead. Only a process that left the group (setsid) under the
// process-group mechanism can hold the pipe open that long, and its
// output is not worth waiting for.
const drainGrace = 2 * time.Second

// launch is one started command under a mechanism.
type launch struct {
	cmd *exec.Cmd
	// kill kills every process of the run that the mechanism can reach:
	// at a timeout, and after the command exited, its leftovers.
	kill func()
	// release frees what the mechanism set up (a cgroup), after kill.
	release func() error
}

// start starts command (resolved to path) under m with its output on
// out. Every descriptor this process inherited is closed for the child
// first: exec passes only stdin (/dev/null), stdout and stderr, but a
// descriptor iflint's own parent left open without close-on-exec (a
// shell's `exec 7<secret`) would otherwise be inherited by the command.
func (r *Runner) start(m Mechanism, p paths, orig, path string, command, env []string, out *os.File) (*launch, error) {
	if err := closeInherited(); err != nil {
		return nil, fmt.Errorf("verify: closing inherited descriptors: %w", err)
	}
	cmd := &exec.Cmd{
		Path: path, Args: command, Env: env, Dir: p.repo,
		Stdout: out, Stderr: out,
		// Its own process group, so that one kill reaches everything the
		// command starts that did not leave the group.
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true},
	}
	l := &launch{cmd: cmd, release: func() error { return nil }}
	after, err := r.prepare(m, cmd, p, orig)
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		if after != nil {
			err = errors.Join(err, after.release())
		}
		return nil, err
	}
	if after != nil && after.started != nil {
		after.started()
	}
	pgid := cmd.Process.Pid
	l.kill = func() { killGroup(pgid) }
	if after != nil {
		// The mechanism's kill first: it may need to find processes
		// through the ones the group's kill ends.
		l.kill = func() { after.kill(); killGroup(pgid) }
		l.release = after.release
	}
	return l, nil
}

// mechanismHooks are what a mechanism adds to starting the command and
// killing its process group.
type mechanismHooks struct {
	// started runs once the command started (close the parent's copies
	// of what the child got).
	started func()
	kill    func()
	// release runs after kill, also when the command did not start.
	release func() error
}

// launchAndWait runs command under m to its end, for trial runs, and
// returns its exit status.
func (r *Runner) launchAndWait(ctx context.Context, m Mechanism, p paths, orig string, command, env []string, out io.Writer) (int, error) {
	pr, pw, err := os.Pipe()
	if err != nil {
		return -1, err
	}
	defer pr.Close()
	l, err := r.start(m, p, orig, command[0], command, env, pw)
	pw.Close()
	if err != nil {
		return -1, err
	}
	done := make(chan struct{})
	go func() { _, _ = io.Copy(out, pr); close(done) }()
	waitDone := make(chan error, 1)
	go func() { waitDone <- l.cmd.Wait() }()
	var waitErr error
	select {
	case waitErr = <-waitDone:
	case <-ctx.Done():
		l.kill()
		waitErr = <-waitDone
	}
	l.kill()
	relErr := l.release()
	select {
	case <-done:
	case <-time.After(drainGrace):
	}
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) {
		return -1, errors.Join(waitErr, relErr)
	}
	if ctx.Err() != nil {
		return -1, fmt.Errorf("no answer within %s", probeTimeout)
	}
	return l.cmd.ProcessState.ExitCode(), relErr
}

// execute runs command in the tree and fills in the outcome fields of rec.
func (r *Runner) execute(ctx context.Context, p paths, orig string, command []string, rec Record) (Record, error) {
	undumpable()
	sb, err := r.Sandbox(ctx)
	if err != nil {
		return rec, err
	}
	rec.Sandbox = sb.Mechanism
	if !sb.Isolated {
		p.cache = ""
	}
	env := r.environ(p)
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
	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if r.Timeout > 0 {
		runCtx, cancel = context.WithTimeout(ctx, r.Timeout)
	}
	defer cancel()

	start := r.now()
	l, err := r.start(sb.Mechanism, p, orig, path, command, env, pw)
	pw.Close() // the child has its copy; ours would keep the pipe open forever
	if err != nil {
		return rec, fmt.Errorf("verify: starting %s: %w", rec.Command, err)
	}
	tail := newTail(r.outputLimit())
	readDone := make(chan struct{})
	go func() { _, _ = io.Copy(tail, pr); close(readDone) }()
	waitDone := make(chan error, 1)
	go func() { waitDone <- l.cmd.Wait() }()

	var waitErr error
	killed := false
	select {
	case waitErr = <-waitDone:
	case <-runCtx.Done():
		l.kill()
		waitErr, killed = <-waitDone, true
	}
	// Also after a normal exit: whatever the command left running in the
	// background must not outlive the verification.
	l.kill()
	relErr := l.release()
	rec.Duration = r.now().Sub(start)
	select {
	case <-readDone:
	case <-time.After(drainGrace):
		pr.Close()
		<-readDone
	}
	rec.OutputTail = cleanOutput(tail.Bytes(), p, r.outputLimit())
	if relErr != nil {
		return rec, fmt.Errorf("verify: after %s: %w", rec.Command, relErr)
	}
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
	rec.ExitCode = l.cmd.ProcessState.ExitCode()
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

// closeInherited marks every descriptor above stderr close-on-exec. Go
// opens all of its own that way; the others came from iflint's parent.
func closeInherited() error {
	dir := "/proc/self/fd"
	if _, err := os.Stat(dir); err != nil {
		dir = "/dev/fd"
	}
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	names, err := f.Readdirnames(-1)
	f.Close()
	if err != nil {
		return err
	}
	for _, n := range names {
		var fd int
		if _, err := fmt.Sscan(n, &fd); err != nil || fd <= 2 {
			continue
		}
		syscall.CloseOnExec(fd) // EBADF for the listing's own, now closed: harmless
	}
	return nil
}
