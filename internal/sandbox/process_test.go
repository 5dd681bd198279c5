//go:build unix

package sandbox_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/sandbox"
)

// timeoutForSleepers bounds runs of commands that would otherwise sleep
// 100s. It only needs to outlast a shell writing one file, so it is
// generous for a loaded machine and still keeps the suite quick.
const timeoutForSleepers = 3 * time.Second

// TestTimeoutKillsGrandchild: the command's child backgrounds a sleep and
// sleeps itself; the timeout must take down both. The timeout only has to
// outlast writing the pid file, which takes milliseconds; nothing asserts
// on how long anything took.
func TestTimeoutKillsGrandchild(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	r := &sandbox.Runner{Timeout: timeoutForSleepers, Env: append(os.Environ(), "PIDFILE="+pidFile)}
	rec, err := r.Run(context.Background(), t.TempDir(), nil,
		sandbox.Shell(`sleep 100 & echo $! > "$PIDFILE"; sleep 100`))
	if err != nil {
		t.Fatal(err)
	}
	if !rec.TimedOut || rec.Passed || rec.ExitCode != -1 {
		t.Errorf("record = %+v, expected TimedOut, not Passed, ExitCode -1", rec)
	}
	assertGone(t, readPid(t, pidFile))
}

// TestCancelKillsGrandchild: cancelling ctx (rather than the timeout) also
// kills the group, and Run reports it as an error, not as a verdict. The
// cancel waits for the pid file, so no timing is involved at all.
func TestCancelKillsGrandchild(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The script writes the pid file under a temporary name and renames
	// it, so that a file that exists is complete.
	r := &sandbox.Runner{Env: append(os.Environ(), "PIDFILE="+pidFile)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			if _, err := os.Stat(pidFile); err == nil {
				cancel()
			}
			time.Sleep(time.Millisecond) // a poll interval, not an assertion
		}
	}()
	rec, err := r.Run(ctx, t.TempDir(), nil,
		sandbox.Shell(`sleep 100 & echo $! > "$PIDFILE.tmp"; mv "$PIDFILE.tmp" "$PIDFILE"; sleep 100`))
	<-done
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, expected context.Canceled", err)
	}
	if rec.Passed || rec.TimedOut {
		t.Errorf("record = %+v, expected neither Passed nor TimedOut", rec)
	}
	assertGone(t, readPid(t, pidFile))
}

// TestBackgroundLeftoversKilled: a command that exits 0 but leaves a
// process running passes, and the process is killed anyway.
func TestBackgroundLeftoversKilled(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	r := &sandbox.Runner{Env: append(os.Environ(), "PIDFILE="+pidFile)}
	rec, err := r.Run(context.Background(), t.TempDir(), nil,
		sandbox.Shell(`sleep 100 & echo $! > "$PIDFILE"`))
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Passed {
		t.Errorf("record = %+v, expected Passed", rec)
	}
	assertGone(t, readPid(t, pidFile))
}

func readPid(t *testing.T, file string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("pid file: %v (the command did not get as far as writing it)", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatalf("pid file %q: expected a number: %v", data, err)
	}
	return pid
}

// assertGone checks that pid has exited. A zombie counts as gone: it is
// dead and only waits for init to reap it, which happens on init's time.
// Run returns only after the sleep closed its end of the output pipe, that
// is after it exited, so no waiting is needed here.
func assertGone(t *testing.T, pid int) {
	t.Helper()
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return // exited between the two checks
	}
	// Fields after the parenthesised command name: state comes first.
	if i := strings.LastIndexByte(string(stat), ')'); i >= 0 && strings.HasPrefix(string(stat[i+1:]), " Z") {
		return
	}
	_ = syscall.Kill(pid, syscall.SIGKILL) // clean up after the failure
	t.Errorf("process %d is still running after Run returned: %s", pid, stat)
}
