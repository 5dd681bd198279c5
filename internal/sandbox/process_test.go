//go:build unix

package sandbox_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/sandbox/sandboxtest"
)

// timeoutForSleepers bounds runs of commands that would otherwise sleep
// 100s. It only needs to outlast a shell starting a background loop, so
// it is generous for a loaded machine and still keeps the suite quick.
const timeoutForSleepers = 3 * time.Second

// eachMechanism runs f as a subtest under every mechanism that works on
// this machine (see sandboxtest.Working: only what the kernel forbids is
// left out without failing under CI); killAll limits it to those that
// promise to kill every descendant.
func eachMechanism(t *testing.T, killAll bool, f func(t *testing.T, m sandbox.Mechanism)) {
	for _, m := range sandboxtest.Working(t) {
		if killAll && m == sandbox.ProcessGroup {
			continue
		}
		t.Run(string(m), func(t *testing.T) { f(t, m) })
	}
}

// marker is a word no other process on the machine has on its command
// line: a background loop started as `sh -c LOOP MARKER` is then found
// in /proc from outside whatever namespaces it runs in.
func marker(t *testing.T) string {
	return fmt.Sprintf("iflint-marker-%d-%d", os.Getpid(), time.Now().UnixNano())
}

// loop is a shell command that runs forever as a process carrying mark.
func loop(mark string) string {
	return `sh -c 'while :; do sleep 1; done' ` + mark
}

// escape starts a loop carrying mark that has left the process group
// and the session (setsid) and closed its output, and returns once it
// has: only then does the command exit.
func escape(mark string) string {
	return `setsid sh -c 'touch .escaped; while :; do sleep 1; done' ` + mark + ` </dev/null >/dev/null 2>&1 &
while [ ! -e .escaped ]; do sleep 0.01; done`
}

// withMarker lists the live processes whose command line holds mark.
// A zombie has no command line, so dead processes waiting to be reaped
// do not count.
func withMarker(mark string) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.Contains(b, []byte(mark)) {
			out = append(out, pid)
		}
	}
	return out
}

// assertNoMarker fails for every process still carrying mark, and
// kills it. Run returns only after the mechanism killed the run (and,
// with namespaces, after the kernel tore the namespace down), so there
// is nothing to wait for.
func assertNoMarker(t *testing.T, mark string) {
	t.Helper()
	for _, pid := range withMarker(mark) {
		st, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		cl, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		_ = syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("process %d (%s) is still running after Run returned: %q\n%s", pid, mark, cl, st)
	}
}

// waitForMarker polls until a process carrying mark runs.
func waitForMarker(ctx context.Context, mark string) bool {
	for ctx.Err() == nil {
		if len(withMarker(mark)) > 0 {
			return true
		}
		time.Sleep(time.Millisecond) // a poll interval, not an assertion
	}
	return false
}

// TestTimeoutKillsGrandchild: the command backgrounds a loop and sleeps
// itself; the timeout must take down both. The timeout only has to
// outlast starting the loop; nothing asserts on how long anything took.
func TestTimeoutKillsGrandchild(t *testing.T) {
	eachMechanism(t, false, func(t *testing.T, m sandbox.Mechanism) {
		mark := marker(t)
		r := &sandbox.Runner{Timeout: timeoutForSleepers, Env: os.Environ(), Mechanisms: []sandbox.Mechanism{m}}
		rec, err := r.Run(context.Background(), t.TempDir(), nil, sandbox.Shell(loop(mark)+` & sleep 100`))
		if err != nil {
			t.Fatal(err)
		}
		if !rec.TimedOut || rec.Passed || rec.ExitCode != -1 || rec.Sandbox != m {
			t.Errorf("record = %+v, expected TimedOut, not Passed, ExitCode -1, sandbox %s", rec, m)
		}
		assertNoMarker(t, mark)
	})
}

// TestCancelKillsGrandchild: cancelling ctx (rather than the timeout) also
// kills everything, and Run reports it as an error, not as a verdict. The
// cancel waits for the loop to run, so no timing is involved at all.
func TestCancelKillsGrandchild(t *testing.T) {
	eachMechanism(t, false, func(t *testing.T, m sandbox.Mechanism) {
		mark := marker(t)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		r := &sandbox.Runner{Env: os.Environ(), Mechanisms: []sandbox.Mechanism{m}}
		done := make(chan struct{})
		go func() {
			defer close(done)
			if waitForMarker(ctx, mark) {
				cancel()
			}
		}()
		rec, err := r.Run(ctx, t.TempDir(), nil, sandbox.Shell(loop(mark)+` & sleep 100`))
		cancel()
		<-done
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, expected context.Canceled", err)
		}
		if rec.Passed || rec.TimedOut {
			t.Errorf("record = %+v, expected neither Passed nor TimedOut", rec)
		}
		assertNoMarker(t, mark)
	})
}

// TestBackgroundLeftoversKilled: a command that exits 0 but leaves a
// process running passes, and the process is killed anyway.
func TestBackgroundLeftoversKilled(t *testing.T) {
	eachMechanism(t, false, func(t *testing.T, m sandbox.Mechanism) {
		mark := marker(t)
		r := &sandbox.Runner{Env: os.Environ(), Mechanisms: []sandbox.Mechanism{m}}
		rec, err := r.Run(context.Background(), t.TempDir(), nil, sandbox.Shell(loop(mark)+` &`))
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Passed {
			t.Errorf("record = %+v, expected Passed", rec)
		}
		assertNoMarker(t, mark)
	})
}

// TestSetsidEscapeKilled: a process that leaves the process group and
// the session (setsid) and closes its output is still killed, under
// every mechanism that promises it; the process group alone, the old
// way, misses it, which the last subtest shows.
func TestSetsidEscapeKilled(t *testing.T) {
	eachMechanism(t, true, func(t *testing.T, m sandbox.Mechanism) {
		mark := marker(t)
		r := &sandbox.Runner{Env: os.Environ(), Mechanisms: []sandbox.Mechanism{m}}
		rec, err := r.Run(context.Background(), t.TempDir(), nil, sandbox.Shell(escape(mark)))
		if err != nil || !rec.Passed {
			t.Fatalf("record %+v, err %v", rec, err)
		}
		assertNoMarker(t, mark)
	})
	t.Run("process-group misses it", func(t *testing.T) {
		mark := marker(t)
		r := &sandbox.Runner{Env: os.Environ(), Mechanisms: []sandbox.Mechanism{sandbox.ProcessGroup}}
		if _, err := r.Run(context.Background(), t.TempDir(), nil, sandbox.Shell(escape(mark))); err != nil {
			t.Fatal(err)
		}
		left := withMarker(mark)
		for _, pid := range left {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		if len(left) == 0 {
			t.Error("the process group's kill reached a setsid process; ProcessGroup promises less than it does")
		}
	})
}

// TestMissingProgramIsNotTheKernel: a mechanism whose program is not
// installed is reported as missing, never as forbidden by the kernel:
// that is what tells a test to fail under CI (install it) rather than
// skip (see sandboxtest).
func TestMissingProgramIsNotTheKernel(t *testing.T) {
	bin := t.TempDir()
	for _, name := range []string{"true", "sh"} {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(p, filepath.Join(bin, name)); err != nil {
			t.Fatal(err)
		}
	}
	r := &sandbox.Runner{Env: []string{"PATH=" + bin}, Mechanisms: []sandbox.Mechanism{sandbox.Bwrap, sandbox.ProcessGroup}}
	sb, err := r.Sandbox(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sb.Mechanism != sandbox.ProcessGroup || len(sb.Unavailable) != 1 {
		t.Fatalf("sandbox %+v, expected process-group with bwrap unavailable", sb)
	}
	u := sb.Unavailable[0]
	if !strings.Contains(u.Reason, "bwrap is not installed") || u.Kernel != "" {
		t.Errorf("unavailable %+v, expected bwrap not installed, not forbidden by the kernel", u)
	}
	if !strings.Contains(sb.Text(), "bwrap unavailable: bwrap is not installed") {
		t.Errorf("text %q does not say bwrap is missing", sb.Text())
	}
}

// TestSandboxChoiceStopsWithContext: an ended context stops the trial
// runs, and nothing is decided: the next call tries again.
func TestSandboxChoiceStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := &sandbox.Runner{Env: os.Environ()}
	if _, err := r.Sandbox(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, expected context.Canceled", err)
	}
	if _, err := r.Open(ctx, t.TempDir()); !errors.Is(err, context.Canceled) {
		t.Fatalf("Open: err = %v, expected context.Canceled", err)
	}
	if sb, err := r.Sandbox(context.Background()); err != nil || sb.Mechanism == "" {
		t.Fatalf("after the cancelled choice: %+v, %v", sb, err)
	}
}
