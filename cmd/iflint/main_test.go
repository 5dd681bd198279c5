package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	binOnce sync.Once
	binDir  string
	binErr  error
)

// TestMain removes the binary buildBinary built.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// buildBinary builds this command once per test binary run, into a
// directory any user may read (tests run it as an unprivileged user).
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	binOnce.Do(func() {
		if binDir, binErr = os.MkdirTemp("", "iflint-bin-"); binErr != nil {
			return
		}
		if binErr = os.Chmod(binDir, 0o755); binErr != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", filepath.Join(binDir, "iflint"), ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return filepath.Join(binDir, "iflint")
}

// TestFixWriteInterrupted sends SIGINT to `iflint fix -write` while it is
// verifying and writing fixes for many files (each proof runs a slow
// test command). Whenever the signal lands, every file must be either
// untouched or fully fixed, no temporary file may be left behind, and
// the exit code must say the run failed.
func TestFixWriteInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	const n = 12
	orig := func(i int) string {
		return fmt.Sprintf("package lib\n\nfunc parse_item_%d(s string) string { return s }\n\nvar _ = parse_item_%d(\"x\")\n", i, i)
	}
	fixed := func(i int) string {
		return fmt.Sprintf("package lib\n\nfunc parseItem%d(s string) string { return s }\n\nvar _ = parseItem%d(\"x\")\n", i, i)
	}
	// The signal is sent once a given number of files has been written,
	// so the test does not depend on how fast the machine is.
	for _, after := range []int{0, 3, 7} {
		t.Run(fmt.Sprintf("after_%d_files", after), func(t *testing.T) {
			dir := t.TempDir()
			cfg := "version: 1\nfix:\n  test: sleep 0.3\nconstraints:\n  - type: naming_convention\n    spec: go;function:camelCase\n"
			if err := os.WriteFile(filepath.Join(dir, ".iflint.yml"), []byte(cfg), 0o644); err != nil {
				t.Fatal(err)
			}
			for i := range n {
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", i)), []byte(orig(i)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(bin, "fix", "-write")
			cmd.Dir = dir
			// TMPDIR: the test command's trees and kept caches go with the test.
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TMPDIR=" + t.TempDir()}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
		wait:
			for {
				select {
				case err = <-done:
					break wait
				default:
				}
				if countFixed(t, dir, n, fixed) >= after {
					if serr := cmd.Process.Signal(syscall.SIGINT); serr != nil {
						t.Fatal(serr)
					}
					err = <-done
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
			fixedCount := 0
			for i := range n {
				b, rerr := os.ReadFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", i)))
				if rerr != nil {
					t.Fatal(rerr)
				}
				switch string(b) {
				case orig(i):
				case fixed(i):
					fixedCount++
				default:
					t.Errorf("f%02d.go is neither original nor fixed:\n%s", i, b)
				}
			}
			// A run the signal did not reach in time finished: then every
			// file is fixed and the exit is clean; otherwise it must fail.
			var ee *exec.ExitError
			if err == nil && fixedCount != n {
				t.Errorf("exit 0 with %d of %d files fixed\n%s", fixedCount, n, stderr.String())
			} else if err != nil && !errors.As(err, &ee) {
				t.Fatalf("wait: %v", err)
			}
			// An interrupted run that stopped by itself says what it kept
			// and which files it wrote: exactly the fixed ones. (A signal
			// before the handler is set ends it the signal's way.)
			if errors.As(err, &ee) && ee.ExitCode() == 1 && !strings.Contains(stderr.String(), "did not stop within") {
				summary := ""
				for _, l := range strings.Split(stderr.String(), "\n") {
					if strings.HasPrefix(l, "iflint: fix was interrupted; kept ") {
						summary = l
					}
				}
				wrote := 0
				if _, list, ok := strings.Cut(summary, "written: "); ok {
					wrote = len(strings.Split(strings.TrimSuffix(list, ")"), ", "))
				}
				if summary == "" || wrote != fixedCount {
					t.Errorf("summary %q names %d written files, %d are fixed:\n%s", summary, wrote, fixedCount, stderr.String())
				}
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), ".iflint-") {
					t.Errorf("temporary file left behind: %s", e.Name())
				}
			}
			t.Logf("signal after %d written: %d of %d files fixed; %s", after, fixedCount, n, lastLine(stderr.String()))
		})
	}
}

func countFixed(t *testing.T, dir string, n int, fixed func(int) string) int {
	t.Helper()
	c := 0
	for i := range n {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", i)))
		if err == nil && string(b) == fixed(i) {
			c++
		}
	}
	return c
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
