//go:build unix

package sandbox_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/sandbox"
)

// TestSecretsScrubbed runs env in the copy: no canary value may appear in
// its output, whatever its name, even where PassEnv names it; what the
// allowlist and PassEnv name must still be there.
func TestSecretsScrubbed(t *testing.T) {
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HARMLESS=still-here",
		"PWD=/the/caller/checkout",
		"GITHUB_TOKEN=canary-github-token",
		"GH_TOKEN=canary-gh-token",
		"OPENAI_API_KEY=canary-openai",
		"INPUT_REPO-TOKEN=canary-input-dash",
		"INPUT_WHATEVER=canary-input",
		"ACTIONS_RUNTIME_TOKEN=canary-runtime",
		"ACTIONS_ID_TOKEN_REQUEST_URL=canary-oidc-url",
		"ACTIONS_CACHE_URL=canary-cache-url",
		"NPM_TOKEN=canary-npm",
		"npm_config__authtoken=canary-lower-case",
		"AWS_SECRET_ACCESS_KEY=canary-aws",
		"DB_PASSWORD=canary-db",
		"ANTHROPIC_API_KEY=canary-anthropic",
		"DEPLOY_CRED=canary-extra",
		"malformed-without-equals-canary",
		// Not named like secrets at all: only an allowlist stops these.
		"DATABASE_URL=postgres://u:canary-pw@db/x", "GH_PAT=canary-pat", "NPM_AUTH=canary-npm-auth",
		"DEPLOY_PRIVATE_KEY=canary-deploy", "DB_PASSWD=canary-passwd", "AWS_ACCESS_KEY_ID=canary-aws-id",
		"GOOGLE_CREDENTIALS=canary-google", "SIGNING_KEY=canary-signing",
		// Allowlisted, but with a password in the URL.
		"GOPROXY=https://user:canary-proxy@proxy.example/",
		"LC_ALL=C.UTF-8",
	}
	pass := []string{"HARMLESS", "GITHUB_TOKEN", "INPUT_REPO-TOKEN", "ACTIONS_RUNTIME_TOKEN", "DEPLOY_CRED", "GITHUB_ENV"}
	r := &sandbox.Runner{Env: env, PassEnv: pass, ScrubNames: []string{"deploy_cred"}}
	rec, err := r.Run(context.Background(), t.TempDir(), nil, []string{"env"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(rec.OutputTail, "canary") {
		t.Errorf("a secret reached the command:\n%s", rec.OutputTail)
	}
	for _, want := range []string{"HARMLESS=still-here\n", "LC_ALL=C.UTF-8\n", "PWD=.\n", "TMPDIR=$TMPDIR\n"} {
		if !strings.Contains(rec.OutputTail, want) {
			t.Errorf("output lacks %q:\n%s", want, rec.OutputTail)
		}
	}
}

// TestOriginalUntouched hashes the repository (paths, modes, contents,
// link targets) before and after a run whose changes and command both try
// to alter it.
func TestOriginalUntouched(t *testing.T) {
	repo := t.TempDir()
	writeFile(t, filepath.Join(repo, "a.txt"), "original\n", 0o644)
	writeFile(t, filepath.Join(repo, "sub", "b.txt"), "b\n", 0o600)
	writeFile(t, filepath.Join(repo, "run.sh"), "#!/bin/sh\necho ran\n", 0o755)
	writeFile(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n", 0o644)
	symlink(t, "sub/b.txt", filepath.Join(repo, "link"))
	before := hashTree(t, repo)

	changes := map[string][]byte{"a.txt": []byte("changed\n"), "sub/new.txt": []byte("new\n"), "link": []byte("was a link\n")}
	script := `cat a.txt sub/new.txt link && ./run.sh && echo more >> sub/b.txt && rm -rf run.sh && mkdir made && echo x > "$PWD/y"`
	rec, err := (&sandbox.Runner{Env: os.Environ()}).Run(context.Background(), repo, changes, sandbox.Shell(script))
	if err != nil {
		t.Fatal(err)
	}
	if want := "changed\nnew\nwas a link\nran\n"; !rec.Passed || rec.OutputTail != want {
		t.Errorf("record = %+v, expected Passed with output %q", rec, want)
	}
	if after := hashTree(t, repo); after != before {
		t.Errorf("repository changed:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestTempRemoved: nothing is left in TMPDIR after a run, even when the
// tree holds read-only directories and the command made more of them.
func TestTempRemoved(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where Run makes its copy
	repo := t.TempDir()
	writeFile(t, filepath.Join(repo, "ro", "f"), "f\n", 0o444)
	if err := os.Chmod(filepath.Join(repo, "ro"), 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(repo, "ro"), 0o755) }) // so that TempDir can remove it
	changes := map[string][]byte{"ro/f": []byte("changed\n")}
	script := `stat -c '%a %n' ro ro/f && cat ro/f && mkdir -p made/deep && echo x > "$TMPDIR/t" && chmod 0555 made/deep made "$TMPDIR"`
	rec, err := (&sandbox.Runner{Env: os.Environ()}).Run(context.Background(), repo, changes, sandbox.Shell(script))
	if err != nil {
		t.Fatal(err)
	}
	if want := "555 ro\n444 ro/f\nchanged\n"; rec.OutputTail != want {
		t.Errorf("output = %q, expected %q (modes kept, change written)", rec.OutputTail, want)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}
}

// TestSymlinks: links that stay inside the tree are kept, links that leave
// it are dropped, including one that only leaves once another link is
// followed ("d/../secret" with d → ".").
func TestSymlinks(t *testing.T) {
	parent := t.TempDir()
	repo := filepath.Join(parent, "repo")
	writeFile(t, filepath.Join(parent, "secret"), "outside\n", 0o644)
	writeFile(t, filepath.Join(repo, "dir", "file"), "inside\n", 0o644)
	symlink(t, "dir/file", filepath.Join(repo, "rel"))
	symlink(t, "dir", filepath.Join(repo, "dirlink"))
	symlink(t, filepath.Join(repo, "dir", "file"), filepath.Join(repo, "absin"))
	symlink(t, "../secret", filepath.Join(repo, "up"))
	symlink(t, filepath.Join(parent, "secret"), filepath.Join(repo, "absout"))
	symlink(t, ".", filepath.Join(repo, "d"))
	symlink(t, "d/../secret", filepath.Join(repo, "sneaky"))
	symlink(t, "nowhere", filepath.Join(repo, "dangling"))

	script := `for f in absin absout dangling dirlink rel sneaky up; do if [ -L $f ]; then echo "$f -> $(readlink $f): $(cat $f/file $f 2>/dev/null)"; else echo "$f: dropped"; fi; done`
	rec, err := (&sandbox.Runner{Env: os.Environ()}).Run(context.Background(), repo, nil, sandbox.Shell(script))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"absin -> dir/file: inside",
		"absout: dropped",
		"dangling: dropped",
		"dirlink -> dir: inside",
		"rel -> dir/file: inside",
		"sneaky: dropped",
		"up: dropped",
	}, "\n") + "\n"
	if rec.OutputTail != want {
		t.Errorf("output:\n%s\nexpected:\n%s", rec.OutputTail, want)
	}
}

// TestChangeEscapeRefused: every path that is absolute, climbs out or
// points into .git is refused, and nothing is written next to the
// repository. A change through a link that left the tree lands inside.
func TestChangeEscapeRefused(t *testing.T) {
	parent := t.TempDir()
	repo := filepath.Join(parent, "repo")
	writeFile(t, filepath.Join(repo, "a.txt"), "a\n", 0o644)
	symlink(t, parent, filepath.Join(repo, "out"))
	r := &sandbox.Runner{Env: os.Environ()}
	for _, name := range []string{"../x", "a/../../x", "/tmp/x", filepath.Join(parent, "x"), "", ".", ".git/hooks/pre-commit", "..", "a/\x00"} {
		_, err := r.Run(context.Background(), repo, map[string][]byte{"ok.txt": nil, name: []byte("x")}, []string{"true"})
		if err == nil || !strings.Contains(err.Error(), "change path") {
			t.Errorf("change %q: err = %v, expected a refused change path", name, err)
		}
	}
	rec, err := r.Run(context.Background(), repo, map[string][]byte{"out/x": []byte("x")}, sandbox.Shell("cat out/x; test -L out || echo not a link"))
	if err != nil || rec.OutputTail != "xnot a link\n" {
		t.Errorf("change through a dropped link: %+v, %v; expected it written inside the copy", rec, err)
	}
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("next to the repository: %v, expected only repo", entries)
	}
}

// TestOutputLimit: a megabyte of output keeps exactly the last bytes.
func TestOutputLimit(t *testing.T) {
	r := &sandbox.Runner{Env: os.Environ(), OutputLimit: 100}
	rec, err := r.Run(context.Background(), t.TempDir(), nil, sandbox.Shell(`yes | head -c 1000000; printf END`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "\n" + strings.Repeat("y\n", 48) + "END"; rec.OutputTail != want || !rec.Passed {
		t.Errorf("record = %+v, expected Passed and tail %q", rec, want)
	}
}

// TestOutputLimitCharacterBoundary: a cut inside a multi-byte character
// moves forward to the next character.
func TestOutputLimitCharacterBoundary(t *testing.T) {
	r := &sandbox.Runner{Env: os.Environ(), OutputLimit: 4}
	rec, err := r.Run(context.Background(), t.TempDir(), nil, []string{"printf", "xé€"})
	if err != nil {
		t.Fatal(err)
	}
	if rec.OutputTail != "€" {
		t.Errorf("tail = %q, expected %q", rec.OutputTail, "€")
	}
}

// TestStartErrors: no verdict without a command that can start.
func TestStartErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  []string
		cmd  []string
		want string
	}{
		{"empty command", os.Environ(), nil, "empty command"},
		{"no PATH", []string{"HOME=/"}, []string{"true"}, "expected PATH"},
		{"not found", []string{"PATH=/nonexistent"}, []string{"true"}, "expected an executable"},
		{"relative PATH ignored", []string{"PATH=bin"}, []string{"tool"}, "expected an executable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := t.TempDir()
			writeFile(t, filepath.Join(repo, "bin", "tool"), "#!/bin/sh\n", 0o755)
			_, err := (&sandbox.Runner{Env: tc.env}).Run(context.Background(), repo, nil, tc.cmd)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, expected one containing %q", err, tc.want)
			}
		})
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// hashTree describes every entry under root: path, mode, and the SHA-256
// of its contents or its link target.
func hashTree(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		var content []byte
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			content = []byte(target)
			if err != nil {
				return err
			}
		case info.Mode().IsRegular():
			if content, err = os.ReadFile(p); err != nil {
				return err
			}
		}
		rel, _ := filepath.Rel(root, p)
		fmt.Fprintf(&b, "%s %s %x\n", rel, info.Mode(), sha256.Sum256(content))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestRecordText covers the verdicts no golden run reaches without timing:
// a timeout, and output without a final newline.
func TestRecordText(t *testing.T) {
	rec := sandbox.Record{Command: "sh -c 'sleep 100'", Dir: ".", ExitCode: -1, TimedOut: true, Duration: 3e9, OutputTail: "started\nstill going"}
	want := "verify: TIMEOUT\ncommand: sh -c 'sleep 100'\ndir: .\nexit: -1\nduration: 3s\noutput (19 bytes kept):\n  | started\n  | still going\n"
	if got := rec.Text(); got != want {
		t.Errorf("Text() =\n%s\n--- want ---\n%s", got, want)
	}
}
