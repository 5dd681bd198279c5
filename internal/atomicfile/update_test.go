package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func writeOld(t *testing.T, p string, perm os.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, perm); err != nil {
		t.Fatal(err)
	}
}

// TestUpdateKeepsModeAndHardLinks: the mode (set-gid included) survives,
// and a hard-linked file is rewritten in place so that every link sees
// the new content and they stay one file.
func TestUpdateKeepsModeAndHardLinks(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	writeOld(t, p, 0o750|os.ModeSetgid)
	if err := Update(p, []byte("old"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	if b, _ := os.ReadFile(p); string(b) != "new" || st.Mode()&(os.ModePerm|os.ModeSetgid) != 0o750|os.ModeSetgid {
		t.Errorf("got %q mode %v, want \"new\" mode %v", b, st.Mode(), 0o750|os.ModeSetgid)
	}
	assertNoTemp(t, dir)

	link := filepath.Join(dir, "link")
	if err := os.WriteFile(p, []byte("old and longer"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(p, link); err != nil {
		t.Skipf("hard links: %v", err)
	}
	if err := Update(p, []byte("old and longer"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	a, _ := os.Stat(p)
	b, _ := os.Stat(link)
	data, _ := os.ReadFile(link)
	if !os.SameFile(a, b) || string(data) != "new" {
		t.Errorf("hard link split or stale: same file %v, link holds %q", os.SameFile(a, b), data)
	}
}

// TestUpdateKeepsOwner: as root, a file owned by someone else keeps its
// owner and group.
func TestUpdateKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file another owner")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	writeOld(t, p, 0o644)
	if err := os.Chown(p, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if err := Update(p, []byte("old"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	s := st.Sys().(*syscall.Stat_t)
	if s.Uid != 65534 || s.Gid != 65534 {
		t.Errorf("owner %d:%d after Update, want 65534:65534", s.Uid, s.Gid)
	}
	assertNoTemp(t, dir)
}

// TestUpdateRefuses: read-only files (even for root), files that
// changed, and symbolic links are left alone.
func TestUpdateRefuses(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	writeOld(t, ro, 0o444)
	if err := Update(ro, []byte("old"), []byte("new")); !errors.Is(err, ErrReadOnly) {
		t.Errorf("read-only file: %v, want ErrReadOnly", err)
	}
	os.Remove(ro)

	p := filepath.Join(dir, "f")
	writeOld(t, p, 0o644)
	if err := Update(p, []byte("older"), []byte("new")); !errors.Is(err, ErrChanged) {
		t.Errorf("changed file: %v, want ErrChanged", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Errorf("refused file now holds %q", b)
	}

	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(p, link); err != nil {
		t.Fatal(err)
	}
	if err := Update(link, []byte("old"), []byte("new")); !errors.Is(err, ErrNotRegular) {
		t.Errorf("symbolic link: %v, want ErrNotRegular", err)
	}
	assertNoTemp(t, dir)
}
