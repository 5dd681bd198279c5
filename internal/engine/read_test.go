package engine

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadFilesSkipsSpecialFiles: FIFOs, sockets and devices named on
// the command line are skipped with a reason and never opened (a FIFO
// without a writer would block the run forever),
// and the regular files beside them are read.
func TestReadFilesSkipsSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := write("ok.py", "x = 1\n")
	fifo := filepath.Join(dir, "pipe.py")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	sock := filepath.Join(dir, "s.py")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("unix socket: %v", err)
	}
	defer l.Close()
	cfg := mustConfig(t, "constraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n")
	done := make(chan *Files, 1)
	go func() {
		// /dev/null stands for devices: a regression reading /dev/zero
		// would eat the test's memory (cmd/iflint tests it under a limit).
		fs, err := ReadFiles(dir, []string{ok, fifo, sock, "/dev/null"}, cfg)
		if err != nil {
			t.Error(err)
		}
		done <- fs
	}()
	var fs *Files
	select {
	case fs = <-done:
	case <-time.After(time.Minute): // a hang detector, not a speed bound
		t.Fatal("ReadFiles blocked on a special file")
	}
	if len(fs.Files) != 1 || fs.Files[0].Path != "ok.py" {
		t.Errorf("files read: %+v, want ok.py alone", fs.Files)
	}
	want := map[string]string{
		"pipe.py":   "a named pipe (FIFO), not a regular file",
		"s.py":      "a socket, not a regular file",
		"/dev/null": "a device, not a regular file",
	}
	for _, s := range fs.Skipped {
		if want[s.Path] != s.Reason || s.Unreadable {
			t.Errorf("skipped %+v, want reason %q", s, want[s.Path])
		}
		delete(want, s.Path)
	}
	for p := range want {
		t.Errorf("%s was not reported skipped", p)
	}
}

// TestReadSourceBoundedWhateverStatSays: a file whose size stat reports
// as 0 (as /proc files do) is still read only up to the cap.
func TestReadSourceBoundedWhateverStatSays(t *testing.T) {
	const p = "/proc/self/status"
	st, err := os.Stat(p)
	if err != nil || st.Size() != 0 {
		t.Skipf("%s: no zero-size regular file to read here (%v)", p, err)
	}
	b, skip, err := readSource(p, 16)
	if err != nil || skip != TooLarge || b != nil {
		t.Errorf("readSource(%s, 16) = %d bytes, %q, %v; want skipped as %q", p, len(b), skip, err, TooLarge)
	}
	b, skip, err = readSource(p, 1<<20)
	if err != nil || skip != "" || !strings.Contains(string(b), "Name:") {
		t.Errorf("readSource(%s, 1 MiB) = %q, %q, %v", p, b, skip, err)
	}
}
