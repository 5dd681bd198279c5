package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Bounds of TestSignalsStopCommands. The promise is a second from the
// signal to the exit; each run is allowed more on a loaded machine, and
// the median of all runs must keep the promise.
const (
	stopLimit  = 3 * time.Second
	stopMedian = time.Second
)

// TestSignalsStopCommands sends SIGTERM or SIGINT to `check`, `init` and
// `fix -write` at random points of runs far longer than the bound (a
// few thousand files, one with a line long enough to keep a rule busy,
// and for fix a slow test command) and asserts, by the process's exit,
// that each stops promptly with exit 1 and a line saying what it had
// written, and that what it wrote is whole: no configuration from an
// interrupted init, every file fix touched either old or fixed.
//
// The random point is counted from when the command has begun its work,
// which it shows by opening files of the tree it reads: a signal during
// the binary's start, while its packages initialise (0.2 s alone, more
// on a loaded machine) and before it has done anything, ends it the
// signal's default way.
func TestSignalsStopCommands(t *testing.T) {
	bin := buildBinary(t)
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 22))
	const cfg = "version: 1\nconstraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n"

	// check and init read the same tree; check's configuration lies
	// outside it, because init refuses to replace one.
	big := t.TempDir()
	writeManyFiles(t, big, 3000)
	writeFile(t, filepath.Join(big, "long.py"), "x = ["+strings.Repeat("1,", 40000)+"]\n")
	checkCfg := filepath.Join(t.TempDir(), "check.yml")
	writeFile(t, checkCfg, cfg)

	const fixes = 8
	fixDir := t.TempDir()
	writeManyFiles(t, fixDir, 200)
	// The test command outlasts maxDelay, so every signal lands in the
	// run (TestFixWriteInterrupted signals fix as it writes).
	writeFile(t, filepath.Join(fixDir, ".iflint.yml"), cfg+"fix:\n  test: sleep 3\n")
	for i := range fixes {
		writeFile(t, filepath.Join(fixDir, fmt.Sprintf("bad%d.py", i)), badPy(i))
	}

	var stops []time.Duration
	for _, tc := range []struct {
		name string
		dir  string
		args []string
		// The signal comes up to maxDelay after the command began reading.
		maxDelay time.Duration
		// after checks what the run left, given its stderr.
		after func(t *testing.T, stderr string)
		// summary, when set, must be on stderr of every interrupted run
		// that stopped by itself (fix says what it kept and left).
		summary string
	}{
		{"check", big, []string{"check", "-config", checkCfg, "."}, time.Second, nil, ""},
		{"init", big, []string{"init"}, time.Second, func(t *testing.T, stderr string) {
			_, err := os.Stat(filepath.Join(big, ".iflint.yml"))
			if wrote := strings.Contains(stderr, "wrote 1 file (.iflint.yml)"); wrote != (err == nil) {
				t.Errorf(".iflint.yml exists: %v, but stderr says otherwise:\n%s", err == nil, stderr)
			}
			os.Remove(filepath.Join(big, ".iflint.yml"))
		}, ""},
		// Later signals reach fix while its test runs.
		{"fix", fixDir, []string{"fix", "-write"}, 3 * time.Second, func(t *testing.T, stderr string) {
			for i := range fixes {
				p := filepath.Join(fixDir, fmt.Sprintf("bad%d.py", i))
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				switch string(b) {
				case badPy(i):
				case goodPy(i):
					writeFile(t, p, badPy(i)) // for the next run
				default:
					t.Errorf("bad%d.py is neither original nor fixed:\n%s", i, b)
				}
			}
			entries, _ := os.ReadDir(fixDir)
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), ".iflint-") {
					t.Errorf("temporary file left behind: %s", e.Name())
				}
			}
		}, "iflint: fix was interrupted; kept "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			interrupted := 0
			for run := range 4 {
				sig := []syscall.Signal{syscall.SIGTERM, syscall.SIGINT}[run%2]
				delay := time.Duration(rng.Int64N(int64(tc.maxDelay)))
				took, stderr, finished := runAndSignal(t, bin, tc.dir, tc.args, sig, delay)
				if tc.after != nil {
					tc.after(t, stderr)
				}
				if finished {
					t.Logf("%v after %v: the run had finished", sig, delay)
					continue
				}
				interrupted++
				stops = append(stops, took)
				if tc.summary != "" && !strings.Contains(stderr, "did not stop within") && !strings.Contains(stderr, tc.summary) {
					t.Errorf("%v after %v: no summary (%q) of what was kept and left:\n%s", sig, delay, tc.summary, stderr)
				}
				t.Logf("%v after %v: stopped in %v: %s", sig, delay, took.Round(time.Millisecond), lastLine(stderr))
			}
			if interrupted == 0 {
				t.Errorf("no run lasted until its signal; the workload no longer tests stopping")
			}
		})
	}
	if len(stops) > 0 {
		slices.Sort(stops)
		med := stops[len(stops)/2]
		t.Logf("stop times: median %v, max %v over %d runs", med.Round(time.Millisecond), stops[len(stops)-1].Round(time.Millisecond), len(stops))
		if med > stopMedian {
			t.Errorf("median stop time %v, want at most %v", med, stopMedian)
		}
	}
}

// runAndSignal starts bin in dir, sends sig after delay and waits for the
// exit. finished says the run ended before the signal was sent; took is
// the time from the signal to the exit. A run that does not stop within
// stopLimit is killed and reported.
func runAndSignal(t *testing.T, bin, dir string, args []string, sig syscall.Signal, delay time.Duration) (took time.Duration, stderr string, finished bool) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	ready, stop := make(chan struct{}), make(chan struct{})
	defer close(stop)
	go func() {
		waitReading(cmd.Process.Pid, dir, stop)
		close(ready)
	}()
	for _, wait := range []<-chan struct{}{ready, nil} {
		var timer <-chan time.Time
		if wait == nil {
			timer = time.After(delay)
		}
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%v exited before the signal: %v\n%s", args, err, errb.String())
			}
			return 0, errb.String(), true
		case <-wait:
		case <-timer:
		}
	}
	sent := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-done:
	case <-time.After(stopLimit):
		cmd.Process.Kill()
		<-done
		t.Errorf("%v: still running %v after %v; killed\n%s", args, stopLimit, sig, errb.String())
		return stopLimit, errb.String(), false
	}
	took = time.Since(sent)
	var ee *exec.ExitError
	switch {
	case err == nil:
		// The run finished just as the signal came: a complete run.
		return took, errb.String(), true
	case !errors.As(err, &ee):
		t.Fatal(err)
	case ee.ExitCode() == -1:
		t.Errorf("%v: killed by %v (no handler yet?)\n%s", args, sig, errb.String())
	case ee.ExitCode() != 1:
		t.Errorf("%v: %v after %v, want exit 1\n%s", args, err, sig, errb.String())
	case !strings.Contains(errb.String(), args[0]+" interrupted ("):
		t.Errorf("%v: no line saying it was interrupted and what it did:\n%s", args, errb.String())
	}
	return took, errb.String(), false
}

// waitReading returns once process pid has a file or directory under
// dir open, or after a minute, or once stop is closed.
func waitReading(pid int, dir string, stop <-chan struct{}) {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	fds := fmt.Sprintf("/proc/%d/fd", pid)
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		select {
		case <-stop:
			return
		default:
		}
		entries, _ := os.ReadDir(fds)
		for _, e := range entries {
			if target, err := os.Readlink(filepath.Join(fds, e.Name())); err == nil && (target == dir || strings.HasPrefix(target, dir+"/")) {
				return
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// writeManyFiles writes n Python files that follow snake_case, enough
// work that no machine checks them before the signal.
func writeManyFiles(t *testing.T, dir string, n int) {
	t.Helper()
	var b strings.Builder
	for j := range 40 {
		fmt.Fprintf(&b, "def func_%d(alpha, beta):\n    if alpha > beta:\n        return [alpha, beta, %d]\n    return {'k': alpha}\n\n\n", j, j)
	}
	for i := range n {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("m%04d.py", i)), b.String())
	}
}

func badPy(i int) string {
	return fmt.Sprintf("def parseItem%d(s):\n    return s\n\n\nprint(parseItem%d('x'))\n", i, i)
}

func goodPy(i int) string {
	return fmt.Sprintf("def parse_item%d(s):\n    return s\n\n\nprint(parse_item%d('x'))\n", i, i)
}

func writeFile(t *testing.T, p, text string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
