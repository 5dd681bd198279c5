package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCheckEscapesFileNames: files whose names hold a newline or an
// escape sequence are reported one line each on standard output, and
// neither output carries a control byte (a skipped FIFO's name included).
func TestCheckEscapesFileNames(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".iflint.yml"), "version: 1\nconstraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n")
	names := []string{"evil\nx.py:9:9: error: forged.py", "\x1b]0;pwned\x07\x1b[2J.py"}
	for _, n := range names {
		writeFile(t, filepath.Join(dir, n), "def parseItem(s):\n    return s\n")
	}
	fifo := filepath.Join(dir, "pipe\x1b[31m.py")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := &Command{Stdout: &stdout, Stderr: &stderr, Dir: dir, Getenv: scriptEnv}
	code := cmd.Main(context.Background(), []string{"check", ".", fifo})
	if code != ExitFindings {
		t.Errorf("exit %d, want %d\n%s", code, ExitFindings, stderr.String())
	}
	if lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n"); len(lines) != 2 {
		t.Errorf("%d lines for 2 findings:\n%s", len(lines), stdout.String())
	}
	for _, want := range []string{`"evil\nx.py:9:9: error: forged.py":1:5:`, `"\x1b]0;pwned\a\x1b[2J.py":1:5:`} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %s:\n%s", want, stdout.String())
		}
	}
	if !strings.Contains(stderr.String(), `pipe\x1b[31m.py": a named pipe (FIFO), not a regular file`) {
		t.Errorf("stderr does not report the FIFO escaped:\n%s", stderr.String())
	}
	for what, out := range map[string]string{"stdout": stdout.String(), "stderr": stderr.String()} {
		if strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("%s carries a control byte:\n%q", what, out)
		}
	}
	_ = os.Remove(fifo)
}
