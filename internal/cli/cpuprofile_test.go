package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCheckCPUProfile: -cpuprofile writes a profile (gzip-compressed
// protocol buffers, what go tool pprof reads) and changes nothing of the
// report; an unwritable profile path is a usage error before any check.
func TestCheckCPUProfile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "m.py"), []byte("class bad_name:\n    pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, plain, _ := run(t, dir, "check", "-no-cache", "-format", "json", "-fail-on", "none")
	code, profiled, stderr := run(t, dir, "check", "-no-cache", "-format", "json", "-fail-on", "none", "-cpuprofile", "cpu.out")
	if code != ExitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if plain != profiled {
		t.Errorf("the report changed under -cpuprofile:\n%s\nwant\n%s", profiled, plain)
	}
	b, err := os.ReadFile(filepath.Join(dir, "cpu.out"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
		t.Errorf("cpu.out starts %q, not a gzip-compressed profile", b[:min(len(b), 8)])
	}
	if code, _, _ := run(t, dir, "check", "-no-cache", "-cpuprofile", filepath.Join(dir, "no", "such", "dir", "cpu.out")); code != ExitUsage {
		t.Errorf("unwritable -cpuprofile: exit %d, want %d", code, ExitUsage)
	}
}
