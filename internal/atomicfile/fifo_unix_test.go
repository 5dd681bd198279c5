//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A report written to a named pipe (or /dev/null, /dev/stdout) goes into
// it: a rename over it would leave a regular file where the pipe was,
// which as root replaced /dev/null itself.
func TestWriteIntoNamedPipe(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan []byte, 1)
	go func() {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Error(err)
		}
		got <- b
	}()
	if err := Write(p, []byte("report\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the pipe became %v", st.Mode()) // and its reader waits forever
	}
	if b := <-got; string(b) != "report\n" {
		t.Errorf("read %q from the pipe, want the report", b)
	}
	if err := Write(filepath.Dir(p), []byte("x"), 0o644); err == nil {
		t.Error("writing over a directory succeeded")
	}
}
