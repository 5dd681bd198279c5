//go:build unix

package sandbox_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/sandbox"
)

// treeState prints every path of the working directory with its type,
// mode, size and content hash: two trees print the same iff they hold
// the same files.
const treeState = `find . -path ./. -prune -o -printf '%P %y %m %s %l\n' | LC_ALL=C sort; find . -type f | LC_ALL=C sort | xargs -r sha256sum`

// TestTreeResetRestoresEverything: a run that edits, deletes, adds,
// re-times, re-modes and replaces files (a link where a file was, a
// link to outside where a directory was) leaves nothing for the next
// run to see: it sees exactly what a fresh copy with its changes shows.
func TestTreeResetRestoresEverything(t *testing.T) {
	parent := t.TempDir()
	repo := filepath.Join(parent, "repo")
	writeFile(t, filepath.Join(parent, "outside", "secret"), "outside\n", 0o644)
	writeFile(t, filepath.Join(repo, "a.txt"), "a\n", 0o644)
	writeFile(t, filepath.Join(repo, "run.sh"), "#!/bin/sh\necho run\n", 0o755)
	writeFile(t, filepath.Join(repo, "sub", "b.txt"), "bbbb\n", 0o644)
	writeFile(t, filepath.Join(repo, "sub", "deep", "c.txt"), "c\n", 0o644)
	writeFile(t, filepath.Join(repo, "ro", "f.txt"), "f\n", 0o444)
	if err := os.Chmod(filepath.Join(repo, "ro"), 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(repo, "ro"), 0o755) })
	symlink(t, "sub/b.txt", filepath.Join(repo, "link"))

	vandal := `set -e
echo changed > a.txt
printf 'BBBB\n' > sub/b.txt; touch -d '2001-01-01' sub/b.txt   # same size, old time
rm -rf sub/deep
mkdir -p made/x; echo new > made/x/n.txt; echo stray > stray.txt
chmod 0644 run.sh
rm link; echo not-a-link > link
chmod 0755 ro; echo more >> ro/f.txt 2>/dev/null || true; chmod 0 ro
mv sub sub.old; ln -s ` + filepath.Join(parent, "outside") + ` sub
echo x > "$TMPDIR/t"; echo kept > "$HOME/h"
`
	changes1 := map[string][]byte{"a.txt": []byte("first candidate\n"), "new/one.txt": []byte("1\n")}
	changes2 := map[string][]byte{"sub/b.txt": []byte("second candidate\n")}

	r := &sandbox.Runner{Env: os.Environ(), TreeDir: t.TempDir()}
	tree, err := r.Open(context.Background(), repo)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if rec, err := tree.Run(context.Background(), changes1, sandbox.Shell(vandal)); err != nil || !rec.Passed {
		t.Fatalf("vandal run: %v %+v", err, rec)
	}
	second, err := tree.Run(context.Background(), changes2, sandbox.Shell(treeState+`; ls "$TMPDIR"; cat "$HOME/h"`))
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := r.Run(context.Background(), repo, changes2, sandbox.Shell(treeState+`; ls "$TMPDIR"; echo kept`))
	if err != nil {
		t.Fatal(err)
	}
	if second.OutputTail != fresh.OutputTail {
		t.Errorf("after a reset the tree differs from a fresh copy:\n--- reused\n%s\n--- fresh\n%s", second.OutputTail, fresh.OutputTail)
	}
	if !strings.Contains(fresh.OutputTail, "second candidate") && !strings.Contains(fresh.OutputTail, "sub/b.txt") {
		t.Errorf("the state listing shows nothing useful:\n%s", fresh.OutputTail)
	}
	if tree.Runs() != 2 {
		t.Errorf("Runs() = %d, want 2", tree.Runs())
	}
	if _, err := os.Stat(filepath.Join(parent, "outside", "secret")); err != nil {
		t.Errorf("the reset reached outside the tree: %v", err)
	}
}

// TestTreeStablePath: a tree of one repository is at the same path run
// after run (build caches keyed by path stay warm); a second concurrent
// user of that repository gets another path; Close removes the copy.
func TestTreeStablePath(t *testing.T) {
	repo := t.TempDir()
	writeFile(t, filepath.Join(repo, "a.txt"), "a\n", 0o644)
	treeDir := t.TempDir()
	r := &sandbox.Runner{Env: os.Environ(), TreeDir: treeDir}
	first, err := r.Open(context.Background(), repo)
	if err != nil {
		t.Fatal(err)
	}
	dir := first.Dir()
	other, err := r.Open(context.Background(), repo)
	if err != nil {
		t.Fatal(err)
	}
	if other.Dir() == dir {
		t.Errorf("two open trees share %s", dir)
	}
	for _, tr := range []*sandbox.Tree{first, other} {
		if err := tr.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Close left %s: %v", dir, err)
	}
	again, err := r.Open(context.Background(), repo)
	if err != nil {
		t.Fatal(err)
	}
	if again.Dir() != dir {
		t.Errorf("reopened at %s, want the stable %s", again.Dir(), dir)
	}
	var wg sync.WaitGroup
	for range 4 { // concurrent opens never share a tree
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr, err := r.Open(context.Background(), repo)
			if err != nil {
				t.Error(err)
				return
			}
			if tr.Dir() == again.Dir() {
				t.Errorf("concurrent open got the held tree %s", tr.Dir())
			}
			tr.Close()
		}()
	}
	wg.Wait()
	if err := again.Close(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(treeDir); len(left) != 0 {
		t.Errorf("closed trees left %v", left)
	}
}

// TestHostileTestCommand is issue 13's containment test, under every
// mechanism that works here: a test command that appends to every
// workflow command file, reads its HOME and prints its whole environment
// (and its parent's, where the system lets it) leaves the command files
// byte-identical, sees none of the user's HOME, and prints no token, key
// or command-file path. In a real sandbox the files cannot be reached at
// all; otherwise the run fails loudly with ErrCommandFileChanged.
func TestHostileTestCommand(t *testing.T) {
	eachMechanism(t, false, testHostileTestCommand)
}

func testHostileTestCommand(t *testing.T, m sandbox.Mechanism) {
	cmdDir := filepath.Join(t.TempDir(), "_runner_file_commands")
	files := map[string]string{}
	original := map[string]string{}
	for _, name := range sandbox.CommandFileVars {
		p := filepath.Join(cmdDir, strings.ToLower(name)+"_3f2a")
		files[name] = p
		original[name] = "EXISTING=" + name + "\n"
		writeFile(t, p, original[name], 0o644)
	}
	realHome := t.TempDir()
	writeFile(t, filepath.Join(realHome, ".netrc"), "machine github.com password CANARY-netrc\n", 0o600)
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + realHome,
		"GITHUB_TOKEN=CANARY-github-token", "ACTIONS_RUNTIME_TOKEN=CANARY-runtime", "ACTIONS_ID_TOKEN_REQUEST_TOKEN=CANARY-oidc",
		"OPENAI_API_KEY=CANARY-openai", "INPUT_API-KEY=CANARY-input-key", "INPUT_GITHUB-TOKEN=CANARY-input-token",
		"MY_SUMMARY=" + files["GITHUB_STEP_SUMMARY"], // a copy under another name
	}
	for name, p := range files {
		env = append(env, name+"="+p)
	}
	repo := t.TempDir()
	// The attacker knows where the files are (it can list the runner's
	// directory); the list is in the repository, not in the command line.
	var targets []string
	for _, p := range files {
		targets = append(targets, p)
	}
	writeFile(t, filepath.Join(repo, "targets.txt"), strings.Join(targets, "\n")+"\n", 0o644)
	// (Errors are silenced: where the files are out of reach, the shell
	// would name the attacker's own targets in them.)
	script := `while read -r f; do { echo 'PATH=/tmp/evil' >> "$f"; echo 'INJECTED=1' >> "$f"; } 2>/dev/null; done < targets.txt
echo "home is $HOME"; ls -A "$HOME"; cat "$HOME/.netrc" 2>&1
env
tr '\0' '\n' < /proc/$PPID/environ 2>&1 | grep -v '^$' || true
echo done`
	r := &sandbox.Runner{Env: env, TreeDir: t.TempDir(), Mechanisms: []sandbox.Mechanism{m}}
	tree, err := r.Open(context.Background(), repo)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	rec, err := tree.Run(context.Background(), nil, sandbox.Shell(script))
	switch {
	case m.Isolated() && err != nil:
		t.Fatalf("error %v; in a real sandbox the command files are out of reach", err)
	case !m.Isolated() && !errors.Is(err, sandbox.ErrCommandFileChanged):
		t.Fatalf("error %v, want ErrCommandFileChanged", err)
	}
	errText := fmt.Sprint(err)
	for _, name := range sandbox.CommandFileVars {
		if err != nil && !strings.Contains(errText, name) {
			t.Errorf("error does not name %s: %v", name, err)
		}
		b, rerr := os.ReadFile(files[name])
		if rerr != nil || string(b) != original[name] {
			t.Errorf("%s is %q (%v), want it byte-identical: %q", name, b, rerr, original[name])
		}
	}
	out := rec.OutputTail
	if !strings.Contains(out, "done") || !strings.Contains(out, "PATH=") {
		t.Fatalf("the command did not print its environment:\n%s", out)
	}
	if !strings.Contains(out, "home is $HOME") {
		t.Errorf("HOME is not the tree's own:\n%s", out)
	}
	for _, bad := range append([]string{"CANARY", realHome, cmdDir}, targets...) {
		if strings.Contains(out, bad) || strings.Contains(errText, bad) {
			t.Errorf("output or error shows %q:\n%s\nerror: %v", bad, out, err)
		}
	}
}

// TestKeptCaches: with KeepCache a tree's caches outlive Close for the
// next run on the same repository, and opening a tree removes the kept
// caches nobody used for a week, unless a tree of theirs is open.
func TestKeptCaches(t *testing.T) {
	treeDir := t.TempDir()
	old := time.Now().Add(-8 * 24 * time.Hour)
	for _, name := range []string{"gone-000000000000.cache", "busy-000000000000.cache", "recent-000000000000.cache"} {
		if err := os.MkdirAll(filepath.Join(treeDir, name, "x"), 0o700); err != nil {
			t.Fatal(err)
		}
		if name != "recent-000000000000.cache" {
			if err := os.Chtimes(filepath.Join(treeDir, name), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	writeFile(t, filepath.Join(treeDir, "busy-000000000000.lock"), "", 0o600)
	repo := t.TempDir()
	r := &sandbox.Runner{Env: os.Environ(), TreeDir: treeDir, KeepCache: true}
	tree, err := r.Open(context.Background(), repo)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tree.Run(context.Background(), nil, sandbox.Shell(`mkdir -p "$XDG_CACHE_HOME/mine" 2>/dev/null || true`)); err != nil {
		t.Fatal(err)
	}
	if err := tree.Close(); err != nil {
		t.Fatal(err)
	}
	var left []string
	entries, _ := os.ReadDir(treeDir)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if len(left) != 4 || slices.Contains(left, "gone-000000000000.cache") || !slices.Contains(left, "busy-000000000000.cache") ||
		!slices.Contains(left, "recent-000000000000.cache") {
		t.Errorf("left in the tree directory: %v; want the busy and recent caches, the lock file and this repository's cache", left)
	}
}
