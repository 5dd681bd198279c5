//go:build linux

package sandbox_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/sandbox/sandboxtest"
)

// TestInheritedDescriptorClosed: under every mechanism, a descriptor
// this process holds without close-on-exec does not reach the command.
func TestInheritedDescriptorClosed(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	writeFile(t, secret, "CANARY-descriptor\n", 0o600)
	fd, err := syscall.Open(secret, syscall.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	eachMechanism(t, false, func(t *testing.T, m sandbox.Mechanism) {
		r := &sandbox.Runner{Env: os.Environ(), Mechanisms: []sandbox.Mechanism{m}}
		rec, err := r.Run(context.Background(), t.TempDir(), nil,
			sandbox.Shell(`cat <&`+strconv.Itoa(fd)+`; ls /proc/self/fd | tr '\n' ' '`))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(rec.OutputTail, "CANARY") {
			t.Errorf("the command read the inherited descriptor:\n%s", rec.OutputTail)
		}
	})
}

// TestToolchainsVisibleReadOnly: in bubblewrap, a tool installed under
// the user's HOME (on PATH, in GOPATH, in CARGO_HOME) still runs, but
// cannot be changed, and credential files beside it read as empty; the
// rest of HOME is not there at all; the command's own HOME, TMPDIR and
// cache are writable.
func TestToolchainsVisibleReadOnly(t *testing.T) {
	sandboxtest.Require(t, os.Environ(), sandbox.Bwrap)
	home := filepath.Join(t.TempDir(), "home")
	writeFile(t, filepath.Join(home, "go", "bin", "mytool"), "#!/bin/sh\necho mytool ran\n", 0o755)
	writeFile(t, filepath.Join(home, ".cargo", "credentials.toml"), "token = \"CANARY-crates\"\n", 0o600)
	writeFile(t, filepath.Join(home, ".cargo", "config.toml"), "[build]\n", 0o644)
	writeFile(t, filepath.Join(home, "notes.txt"), "CANARY-private\n", 0o600)
	env := []string{"PATH=" + filepath.Join(home, "go", "bin") + ":" + os.Getenv("PATH"), "HOME=" + home,
		"GOPATH=" + filepath.Join(home, "go"), "CARGO_HOME=" + filepath.Join(home, ".cargo")}
	r := &sandbox.Runner{Env: env, Mechanisms: []sandbox.Mechanism{sandbox.Bwrap}}
	script := `mytool
cat "$CARGO_HOME/credentials.toml"; echo "credentials: $(wc -c < "$CARGO_HOME/credentials.toml") bytes"
test -f "$CARGO_HOME/config.toml" && echo config visible
touch "$GOPATH/bin/new" 2>/dev/null || echo GOPATH read-only
cat ` + filepath.Join(home, "notes.txt") + ` 2>/dev/null || echo notes hidden
touch "$HOME/h" "$TMPDIR/t" "$XDG_CACHE_HOME/c" && echo own dirs writable`
	rec, err := r.Run(context.Background(), t.TempDir(), nil, sandbox.Shell(script))
	if err != nil {
		t.Fatal(err)
	}
	want := "mytool ran\ncredentials: 0 bytes\nconfig visible\nGOPATH read-only\nnotes hidden\nown dirs writable\n"
	if rec.OutputTail != want {
		t.Errorf("output:\n%s\nwant:\n%s", rec.OutputTail, want)
	}
	if _, err := os.Stat(filepath.Join(home, "go", "bin", "new")); err == nil {
		t.Error("the command wrote into GOPATH")
	}
}

// TestCacheOverlay: in bubblewrap, where overlays work, the command's Go
// build cache is the real one (warm), and what the command writes there
// lands in its own layer: the real cache is byte-identical afterwards,
// and the next run of the same tree still sees the write.
func TestCacheOverlay(t *testing.T) {
	sandboxtest.Require(t, os.Environ(), sandbox.Bwrap)
	home := filepath.Join(t.TempDir(), "home")
	real := filepath.Join(home, ".cache", "go-build")
	writeFile(t, filepath.Join(real, "00", "entry-d"), "compiled\n", 0o644)
	r := &sandbox.Runner{Env: []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}, TreeDir: t.TempDir(), Mechanisms: []sandbox.Mechanism{sandbox.Bwrap}}
	sb, err := r.Sandbox(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case sb.CacheOverlay:
	case sb.CacheOverlayForbidden:
		t.Skipf("the kernel refuses overlays in bubblewrap's user namespace here: %s", sb.NoCacheOverlay)
	case sandboxtest.Strict():
		t.Fatalf("no cache overlays, although the kernel did not refuse them: %+v", sb)
	default:
		t.Skipf("overlays do not work here (under CI or IFLINT_E2E this fails): %+v", sb)
	}
	before := hashTree(t, home)
	tree, err := r.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	first, err := tree.Run(context.Background(), nil, sandbox.Shell(`test "$GOCACHE" = `+real+` && cat "$GOCACHE/00/entry-d" && echo new > "$GOCACHE/00/new-d" && rm "$GOCACHE/00/entry-d" && echo wrote`))
	if err != nil || first.OutputTail != "compiled\nwrote\n" {
		t.Fatalf("first run: %+v %v", first, err)
	}
	second, err := tree.Run(context.Background(), nil, sandbox.Shell(`cat "$GOCACHE/00/new-d"; test -e "$GOCACHE/00/entry-d" || echo removed; grep -c overlay /proc/self/mountinfo >/dev/null && ls -A "$(dirname "$XDG_CACHE_HOME")" >/dev/null`))
	if err != nil || second.OutputTail != "new\nremoved\n" {
		t.Fatalf("second run: %+v %v", second, err)
	}
	if after := hashTree(t, home); after != before {
		t.Errorf("the real cache changed:\n%s\nwant:\n%s", after, before)
	}
}
