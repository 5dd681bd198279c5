package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// unprivileged makes cmd run as a user that file permissions bind: as
// nobody when the test runs as root (root reads a mode-0 file), and as
// the test's own user otherwise.
func unprivileged(cmd *exec.Cmd) {
	if os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
}

// handOver gives the tree at dir to the user unprivileged runs as.
func handOver(t *testing.T, dir string) {
	t.Helper()
	if os.Geteuid() != 0 {
		return
	}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, 65534, 65534)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// openTree is a directory every user may enter (t.TempDir's are 0700).
func openTree(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "iflint-files-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
		os.RemoveAll(dir)
	})
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

type result struct {
	code           int
	stdout, stderr string
}

// run runs bin with args in dir as unprivileged sets it up, and fails
// the test if it does not end within a minute (a hang, not a speed bound).
func run(t *testing.T, bin, dir string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	unprivileged(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%v did not end within a minute\n%s", args, stderr.String())
	}
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return r
}

const snakeCfg = "version: 1\nconstraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n"

// TestUnreadableFilesAreSkipped: an unreadable file and an unreadable
// directory are reported and skipped by check, fix, init and the Action's
// workspace mode, and the rest is checked; they count toward the exit
// code only under -fail-on any.
func TestUnreadableFilesAreSkipped(t *testing.T) {
	bin := buildBinary(t)
	dir := openTree(t)
	writeFile(t, filepath.Join(dir, ".iflint.yml"), snakeCfg)
	var good strings.Builder
	for i := range 25 {
		good.WriteString("def ok_" + string(rune('a'+i)) + "(x):\n    return x\n\n\n")
	}
	writeFile(t, filepath.Join(dir, "good.py"), good.String())
	writeFile(t, filepath.Join(dir, "secret.py"), "def parseItem(x):\n    return x\n")
	if err := os.Mkdir(filepath.Join(dir, "locked"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "locked", "c.py"), "def parseItem(x):\n    return x\n")
	handOver(t, dir) // before locking it
	must(t, os.Chmod(filepath.Join(dir, "secret.py"), 0))
	must(t, os.Chmod(filepath.Join(dir, "locked"), 0))

	reported := func(t *testing.T, r result) {
		t.Helper()
		for _, want := range []string{"secret.py: cannot be read: permission denied", "locked: directory cannot be read: permission denied; nothing under it was checked"} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
			}
		}
	}
	t.Run("check", func(t *testing.T) {
		r := run(t, bin, dir, nil, "check")
		reported(t, r)
		if r.code != 0 || !strings.Contains(r.stderr, "1 file checked") {
			t.Errorf("exit %d, want 0 with good.py checked (-fail-on error does not count unreadable files)\n%s", r.code, r.stderr)
		}
		if r = run(t, bin, dir, nil, "check", "-fail-on", "any"); r.code != 1 {
			t.Errorf("-fail-on any: exit %d, want 1 for the unreadable files\n%s", r.code, r.stderr)
		}
		if r = run(t, bin, dir, nil, "check", "-format", "json"); !strings.Contains(r.stdout, `"unreadable": true`) {
			t.Errorf("-format json does not mark the unreadable files:\n%s", r.stdout)
		}
		// Named on the command line, a file under the locked directory
		// is reported and skipped too (stat fails), not a usage error.
		r = run(t, bin, dir, nil, "check", "locked/c.py", "good.py")
		if r.code != 0 || !strings.Contains(r.stderr, "skipped locked/c.py: cannot be read: permission denied") {
			t.Errorf("check locked/c.py good.py: exit %d, want 0 with locked/c.py skipped\n%s", r.code, r.stderr)
		}
	})
	t.Run("fix", func(t *testing.T) {
		r := run(t, bin, dir, nil, "fix", "-write")
		reported(t, r)
		if r.code != 0 {
			t.Errorf("exit %d, want 0\n%s", r.code, r.stderr)
		}
	})
	t.Run("init", func(t *testing.T) {
		r := run(t, bin, dir, nil, "init", "-force", "-min-units", "5")
		reported(t, r)
		if r.code != 0 || !strings.Contains(r.stderr, "wrote .iflint.yml") {
			t.Errorf("exit %d, want 0 and a configuration\n%s", r.code, r.stderr)
		}
		writeFile(t, filepath.Join(dir, ".iflint.yml"), snakeCfg)
	})
	t.Run("action", func(t *testing.T) {
		out := filepath.Join(dir, "gh")
		must(t, os.Mkdir(out, 0o755))
		handOver(t, out)
		env := []string{"GITHUB_ACTIONS=true", "GITHUB_EVENT_NAME=push", "GITHUB_REF=refs/heads/main", "GITHUB_WORKSPACE=" + dir,
			"GITHUB_OUTPUT=" + filepath.Join(out, "output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(out, "summary.md"), "INPUT_MODE=check"}
		r := run(t, bin, dir, env, "action")
		if r.code != 0 {
			t.Errorf("exit %d, want 0\n%s\n%s", r.code, r.stdout, r.stderr)
		}
		b, err := os.ReadFile(filepath.Join(out, "summary.md"))
		if err != nil || !strings.Contains(string(b), "`secret.py`: cannot be read: permission denied") {
			t.Errorf("the job summary does not list secret.py (%v):\n%s", err, b)
		}
	})
}

// TestSpecialFileArguments: a FIFO and /dev/zero named on the command
// line are skipped with a reason, without blocking or reading, and the
// file beside them is checked.
func TestSpecialFileArguments(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".iflint.yml"), snakeCfg)
	writeFile(t, filepath.Join(dir, "a.py"), "def parseItem(x):\n    return x\n")
	must(t, syscall.Mkfifo(filepath.Join(dir, "pipe.py"), 0o644))
	// Under a 4 GB address-space limit, a regression that reads
	// /dev/zero dies of it instead of eating the machine's memory.
	cmd := exec.Command("sh", "-c", `ulimit -v 4000000 && exec "$0" check pipe.py /dev/zero a.py`, bin)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	must(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(time.Minute): // a hang detector
		cmd.Process.Kill()
		<-done
		t.Fatalf("check blocked on a special file\n%s", stderr.String())
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("exit %v, want 1 for a.py's finding\n%s", err, stderr.String())
	}
	for _, want := range []string{"skipped pipe.py: a named pipe (FIFO), not a regular file", "skipped /dev/zero: a device, not a regular file"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if !strings.Contains(stdout.String(), "a.py:1:5:") {
		t.Errorf("a.py was not checked:\n%s", stdout.String())
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestFixWriteAsAnotherUser: run by an unprivileged user in a directory
// it may write, fix -write refuses a file that user may not write (a
// rename would replace it and make it the user's), and rewrites in place
// a file it may write but not own, so the file keeps its owner.
func TestFixWriteAsAnotherUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to create files of another owner")
	}
	bin := buildBinary(t)
	dir := openTree(t)
	const cfg = "version: 1\nconstraints:\n  - type: indentation_spacing\n    spec: python;spaces:4\n"
	const two, four = "def f(a):\n  return a\n", "def f(a):\n    return a\n"
	writeFile(t, filepath.Join(dir, ".iflint.yml"), cfg)
	writeFile(t, filepath.Join(dir, "theirs.py"), two)
	writeFile(t, filepath.Join(dir, "shared.py"), two)
	handOver(t, dir)
	for name, mode := range map[string]os.FileMode{"theirs.py": 0o644, "shared.py": 0o666} {
		p := filepath.Join(dir, name)
		must(t, os.Chown(p, 0, 0))
		must(t, os.Chmod(p, mode))
	}
	r := run(t, bin, dir, nil, "fix", "-write")
	if r.code != 1 || !strings.Contains(r.stderr, "iflint: not written theirs.py: the file is read-only for this user (mode 0644)") {
		t.Errorf("exit %d, want 1 and theirs.py refused\n%s", r.code, r.stderr)
	}
	for name, want := range map[string]string{"theirs.py": two, "shared.py": four} {
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		st, _ := os.Stat(p)
		if err != nil || string(b) != want || st.Sys().(*syscall.Stat_t).Uid != 0 {
			t.Errorf("%s: %q owned by %d (%v), want %q owned by root", name, b, st.Sys().(*syscall.Stat_t).Uid, err, want)
		}
	}
}
