package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The files of the safe-write tests: two-space Python indentation that
// the indentation fixer turns into four, a change the safety stage
// proves without a test command.
const (
	indentCfg = "version: 1\nconstraints:\n  - type: indentation_spacing\n    spec: python;spaces:4\n"
	twoSpaces = "def f(a):\n  return a\n"
	fourSpace = "def f(a):\n    return a\n"
)

func runFix(t *testing.T, dir string, now func() time.Time, args ...string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := &Command{Stdout: &stdout, Stderr: &stderr, Dir: dir, Getenv: scriptEnv, Now: now}
	code := cmd.Main(context.Background(), append([]string{"fix", "-write"}, args...))
	return code, stderr.String()
}

func fileIs(t *testing.T, p, want string) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != want {
		t.Errorf("%s holds\n%s\nwant\n%s", p, b, want)
	}
}

// TestFixWriteLinks: a symbolic link inside the repository is written
// through to its target and stays a link; one to a file outside the
// repository is refused with a line naming the target; hard links stay
// one file.
func TestFixWriteLinks(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	writeFile(t, filepath.Join(dir, ".iflint.yml"), indentCfg)
	if err := os.MkdirAll(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "real", "target.py"), twoSpaces)
	writeFile(t, filepath.Join(outside, "x.py"), twoSpaces)
	writeFile(t, filepath.Join(dir, "a.py"), twoSpaces)
	for _, err := range []error{
		os.Symlink(filepath.Join("real", "target.py"), filepath.Join(dir, "in.py")),
		os.Symlink(filepath.Join(outside, "x.py"), filepath.Join(dir, "out.py")),
		os.Link(filepath.Join(dir, "a.py"), filepath.Join(dir, "b.py")),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	code, stderr := runFix(t, dir, nil, "in.py", "out.py", "a.py")
	if code != ExitFindings {
		t.Errorf("exit %d, want %d (a file was not written)\n%s", code, ExitFindings, stderr)
	}
	fileIs(t, filepath.Join(dir, "real", "target.py"), fourSpace)
	if st, err := os.Lstat(filepath.Join(dir, "in.py")); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("in.py is no longer a symbolic link: %v %v", st.Mode(), err)
	}
	fileIs(t, filepath.Join(outside, "x.py"), twoSpaces)
	if want := "iflint: not written out.py: it is a symbolic link to " + filepath.Join(outside, "x.py") + ", outside the repository"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	fileIs(t, filepath.Join(dir, "b.py"), fourSpace)
	a, _ := os.Stat(filepath.Join(dir, "a.py"))
	b, _ := os.Stat(filepath.Join(dir, "b.py"))
	if !os.SameFile(a, b) {
		t.Error("the hard link a.py = b.py was split")
	}
}

// TestFixWriteModesOwnersReadOnly: mode and owner survive, a read-only
// file is refused with a clear line, and the other files are written.
func TestFixWriteModesOwnersReadOnly(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".iflint.yml"), indentCfg)
	for _, n := range []string{"exec.py", "ro.py", "owned.py"} {
		writeFile(t, filepath.Join(dir, n), twoSpaces)
	}
	must(t, os.Chmod(filepath.Join(dir, "exec.py"), 0o750))
	must(t, os.Chmod(filepath.Join(dir, "ro.py"), 0o444))
	root := os.Geteuid() == 0
	if root {
		must(t, os.Chown(filepath.Join(dir, "owned.py"), 65534, 65534))
	}
	code, stderr := runFix(t, dir, nil)
	if code != ExitFindings {
		t.Errorf("exit %d, want %d (a file was not written)\n%s", code, ExitFindings, stderr)
	}
	fileIs(t, filepath.Join(dir, "exec.py"), fourSpace)
	if st, _ := os.Stat(filepath.Join(dir, "exec.py")); st.Mode().Perm() != 0o750 {
		t.Errorf("exec.py mode %v, want 0750", st.Mode().Perm())
	}
	fileIs(t, filepath.Join(dir, "ro.py"), twoSpaces)
	if want := "iflint: not written ro.py: the file is read-only (mode 0444); iflint fix does not write read-only files"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	fileIs(t, filepath.Join(dir, "owned.py"), fourSpace)
	if root {
		st, _ := os.Stat(filepath.Join(dir, "owned.py"))
		if s := st.Sys().(*syscall.Stat_t); s.Uid != 65534 || s.Gid != 65534 {
			t.Errorf("owned.py owner %d:%d, want 65534:65534", s.Uid, s.Gid)
		}
	}
	if !strings.Contains(stderr, "iflint: fixed 2 file(s)") {
		t.Errorf("stderr does not count the 2 files written:\n%s", stderr)
	}
	var stdout bytes.Buffer
	cmd := &Command{Stdout: &stdout, Stderr: &bytes.Buffer{}, Dir: dir, Getenv: scriptEnv}
	if code := cmd.Main(context.Background(), []string{"fix", "-write", "-format", "json"}); code != ExitFindings ||
		!strings.Contains(stdout.String(), `"not_written": [`) || !strings.Contains(stdout.String(), `"path": "ro.py"`) {
		t.Errorf("-format json: exit %d, want %d and ro.py under not_written:\n%s", code, ExitFindings, stdout.String())
	}
}

// TestFixWriteChangedDuringRun: a file edited after fix read it is not
// written (its fix was proven on the old content), and the others are.
// The edit is made at the first reading of the injected clock, which fix
// reads only after it has read the files.
func TestFixWriteChangedDuringRun(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".iflint.yml"), indentCfg)
	writeFile(t, filepath.Join(dir, "edited.py"), twoSpaces)
	writeFile(t, filepath.Join(dir, "other.py"), twoSpaces)
	const edit = "def f(a):\n  return a  # edited meanwhile\n"
	var once sync.Once
	now := func() time.Time {
		once.Do(func() { writeFile(t, filepath.Join(dir, "edited.py"), edit) })
		return time.Unix(0, 0)
	}
	code, stderr := runFix(t, dir, now)
	if code != ExitFindings {
		t.Errorf("exit %d, want %d\n%s", code, ExitFindings, stderr)
	}
	fileIs(t, filepath.Join(dir, "edited.py"), edit)
	fileIs(t, filepath.Join(dir, "other.py"), fourSpace)
	if want := "iflint: not written edited.py: it changed on disk while it was being fixed"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
