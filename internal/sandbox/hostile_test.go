//go:build linux

package sandbox_test

import (
	"context"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/sandbox/sandboxtest"
)

// credentialLike are issue 22's eight variables that name-pattern
// scrubbing let through, with canary values.
var credentialLike = []string{
	"DATABASE_URL=postgres://u:CANARY-pw@db.example/app", "GH_PAT=CANARY-pat", "NPM_AUTH=CANARY-npm-auth",
	"DEPLOY_PRIVATE_KEY=CANARY-deploy-key", "DB_PASSWD=CANARY-db-passwd", "AWS_ACCESS_KEY_ID=CANARY-aws-key-id",
	"GOOGLE_CREDENTIALS=CANARY-google", "SIGNING_KEY=CANARY-signing",
}

// TestHostileRunContained is issue 22's acceptance test at the Runner's
// level, in bubblewrap (skipped only where the kernel forbids it; see
// sandboxtest.Require), with the mechanism chosen as iflint chooses it:
// a command that
//
//   - starts a loop that leaves the process group and the session
//     (setsid) and keeps appending LD_PRELOAD to every workflow command
//     file, so that it would land after iflint's post-run check;
//   - writes into the checkout (GITHUB_WORKSPACE) and into the real HOME,
//     found through HOME's tool directories (GOPATH) and `getent passwd`;
//   - reads a descriptor this process left open without close-on-exec;
//   - prints its environment, holding eight credential-like variables;
//
// leaves every command file, the checkout and HOME byte-identical,
// creates nothing in the password database's home, prints no secret,
// and leaves no process behind.
func TestHostileRunContained(t *testing.T) {
	sandboxtest.Require(t, os.Environ(), sandbox.Bwrap)
	base := t.TempDir()
	runnerTemp := filepath.Join(base, "work", "_temp")
	files := map[string]string{}
	for _, name := range sandbox.CommandFileVars {
		p := filepath.Join(runnerTemp, "_runner_file_commands", strings.ToLower(name)+"_3f2a")
		files[name] = p
		writeFile(t, p, "EXISTING=1\n", 0o644)
	}
	workspace := filepath.Join(base, "work", "repo", "repo")
	writeFile(t, filepath.Join(workspace, "main.go"), "package main\n", 0o644)
	home := filepath.Join(base, "home", "runner")
	writeFile(t, filepath.Join(home, ".netrc"), "machine github.com password CANARY-netrc\n", 0o600)
	writeFile(t, filepath.Join(home, ".bashrc"), "# bashrc\n", 0o644)
	writeFile(t, filepath.Join(home, "go", "pkg", "mod", "cache", "x"), "module cache\n", 0o444)
	secret := filepath.Join(base, "secret")
	writeFile(t, secret, "CANARY-leaked-descriptor\n", 0o600)
	// A descriptor without close-on-exec, as `exec 7<secret` in the shell
	// that started iflint leaves one.
	fd, err := syscall.Open(secret, syscall.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	u, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	mark := marker(t)
	pwHomeFile := filepath.Join(u.HomeDir, "."+mark)
	t.Cleanup(func() { os.Remove(pwHomeFile) })

	env := append([]string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GOPATH=" + filepath.Join(home, "go"),
		"RUNNER_TEMP=" + runnerTemp, "GITHUB_WORKSPACE=" + workspace,
		"GITHUB_TOKEN=CANARY-github-token", "INPUT_GITHUB-TOKEN=CANARY-input-token", "OPENAI_API_KEY=CANARY-openai",
	}, credentialLike...)
	var targets []string
	for name, p := range files {
		env = append(env, name+"="+p)
		targets = append(targets, p)
	}
	before := map[string]string{"workspace": hashTree(t, workspace), "home": hashTree(t, home), "runner temp": hashTree(t, runnerTemp)}

	quoted := "'" + strings.Join(targets, "' '") + "'"
	script := `
setsid sh -c 'touch .escaped; while :; do for f in ` + strings.ReplaceAll(quoted, "'", "") + `; do echo LD_PRELOAD=/tmp/evil.so >> "$f"; done 2>/dev/null; sleep 0.01; done' ` + mark + ` </dev/null >/dev/null 2>&1 &
while [ ! -e .escaped ]; do sleep 0.01; done
for f in ` + quoted + `; do echo INJECTED=1 >> "$f"; done 2>/dev/null
echo pwned >> ` + workspace + `/main.go 2>/dev/null; echo pwned > ` + workspace + `/new.txt 2>/dev/null
echo pwned >> "$GOPATH/../.bashrc" 2>/dev/null; echo pwned > "$GOPATH/pwned" 2>/dev/null
pwhome=$(getent passwd $(id -u) | cut -d: -f6); echo pwned > "$pwhome/.` + mark + `" 2>/dev/null
echo pwned >> ` + home + `/.bashrc 2>/dev/null
cat ` + home + `/.netrc 2>/dev/null
cat <&` + strconv.Itoa(fd) + ` 2>/dev/null
ls -a ` + runnerTemp + ` 2>/dev/null
env
tr '\0' '\n' < /proc/$PPID/environ 2>/dev/null
echo done`
	r := &sandbox.Runner{Env: env, TreeDir: t.TempDir()}
	tree, err := r.Open(context.Background(), workspace)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	rec, err := tree.Run(context.Background(), nil, sandbox.Shell(script))
	if err != nil {
		t.Fatalf("run: %v\n%s", err, rec.OutputTail)
	}
	if !rec.Sandbox.Isolated() || !strings.Contains(rec.OutputTail, "done") {
		t.Fatalf("record %+v: expected the command to run to its end in a real sandbox", rec)
	}
	assertNoMarker(t, mark)
	after := map[string]string{"workspace": hashTree(t, workspace), "home": hashTree(t, home), "runner temp": hashTree(t, runnerTemp)}
	for k, b := range before {
		if after[k] != b {
			t.Errorf("%s changed:\n%s\nwant:\n%s", k, after[k], b)
		}
	}
	if _, err := os.Stat(pwHomeFile); err == nil {
		t.Errorf("the command wrote %s, in the home directory of the password database", pwHomeFile)
	}
	for _, bad := range []string{"CANARY", "_runner_file_commands", "EXISTING"} {
		if strings.Contains(rec.OutputTail, bad) {
			t.Errorf("the output shows %q:\n%s", bad, rec.OutputTail)
		}
	}
}
