//go:build linux

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/sandbox/sandboxtest"
)

// secretEnv are iflint's own credentials and issue 22's eight
// credential-like variables that name-pattern scrubbing let through.
var secretEnv = []string{
	"GITHUB_TOKEN=CANARY-github-token", "INPUT_GITHUB-TOKEN=CANARY-input-token", "OPENAI_API_KEY=CANARY-openai",
	"DATABASE_URL=postgres://u:CANARY-pw@db.example/app", "GH_PAT=CANARY-pat", "NPM_AUTH=CANARY-npm-auth",
	"DEPLOY_PRIVATE_KEY=CANARY-deploy-key", "DB_PASSWD=CANARY-db-passwd", "AWS_ACCESS_KEY_ID=CANARY-aws-key-id",
	"GOOGLE_CREDENTIALS=CANARY-google", "SIGNING_KEY=CANARY-signing",
}

// TestHostileTestCommandContained is issue 22's acceptance test, end to
// end: `iflint fix` runs as a runner would run it (RUNNER_TEMP with the
// workflow command files, the checkout as GITHUB_WORKSPACE, a HOME with
// credentials, eleven secrets in its environment, a descriptor left open
// by its parent, as `(exec 3<secret; iflint fix)` leaves one), and the
// repository's test command
//
//   - starts a loop that leaves the process group and the session
//     (setsid) and keeps appending LD_PRELOAD to every command file, to
//     land after iflint's post-run check;
//   - writes into the checkout, into HOME through GOPATH, and into the
//     home directory `getent passwd` names;
//   - reads the inherited descriptor, HOME's .netrc, its environment,
//     and the environment of its parent and of every process it can see
//     in /proc (all of them, as root, without a PID namespace).
//
// Afterwards every command file, the checkout and HOME are byte-identical,
// nothing was created in the password database's home, no process of the
// run is left, and nothing iflint printed holds a secret; the JSON report
// names the sandbox, a real one (the test is skipped only where the
// kernel forbids bubblewrap; see sandboxtest).
func TestHostileTestCommandContained(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	base := t.TempDir()
	runnerTemp := filepath.Join(base, "work", "_temp")
	cmdFiles := map[string]string{}
	for _, name := range []string{"GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"} {
		cmdFiles[name] = filepath.Join(runnerTemp, "_runner_file_commands", strings.ToLower(name)+"_3f2a")
		writeTestFile(t, cmdFiles[name], "EXISTING=1\n")
	}
	home := filepath.Join(base, "home", "runner")
	writeTestFile(t, filepath.Join(home, ".netrc"), "machine github.com password CANARY-netrc\n")
	writeTestFile(t, filepath.Join(home, ".bashrc"), "# bashrc\n")
	writeTestFile(t, filepath.Join(home, "go", "pkg", "mod", "cache", "x"), "module cache\n")
	secret := filepath.Join(base, "secret")
	writeTestFile(t, secret, "CANARY-leaked-descriptor\n")
	u, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	mark := fmt.Sprintf("iflint-hostile-%d-%d", os.Getpid(), time.Now().UnixNano())
	pwHomeFile := filepath.Join(u.HomeDir, "."+mark)
	t.Cleanup(func() { os.Remove(pwHomeFile) })

	var targets []string
	for _, p := range cmdFiles {
		targets = append(targets, p)
	}
	list := strings.Join(targets, " ")
	workspace := filepath.Join(base, "work", "repo", "repo")
	script := `setsid sh -c 'touch .escaped; while :; do for f in ` + list + `; do echo LD_PRELOAD=/tmp/evil.so >> "$f"; done 2>/dev/null; sleep 0.01; done' ` + mark + ` </dev/null >/dev/null 2>&1 &
while [ ! -e .escaped ]; do sleep 0.01; done
for f in ` + list + `; do echo INJECTED=1 >> "$f"; done 2>/dev/null
echo pwned >> ` + workspace + `/main.go 2>/dev/null; echo pwned > ` + workspace + `/new.txt 2>/dev/null
echo pwned >> "$GOPATH/../.bashrc" 2>/dev/null; echo pwned > "$GOPATH/pwned" 2>/dev/null; echo pwned >> ` + home + `/.bashrc 2>/dev/null
echo pwned > "$(getent passwd $(id -u) | cut -d: -f6)/.` + mark + `" 2>/dev/null
cat ` + home + `/.netrc <&3 2>/dev/null; cat <&3 2>/dev/null
env
p=$PPID; while [ "$p" -gt 1 ] 2>/dev/null; do tr '\0' '\n' < /proc/$p/environ 2>/dev/null; p=$(cut -d' ' -f4 /proc/$p/stat 2>/dev/null || echo 0); done
for e in /proc/[0-9]*/environ; do tr '\0' '\n' < $e; done 2>/dev/null | grep -c 'CANAR[Y]' | sed 's/^/canaries in proc: /'
echo done`
	writeTestFile(t, filepath.Join(workspace, ".iflint.yml"), "version: 1\nfix:\n  test: |\n"+indent(script, "    ")+"\nconstraints:\n  - type: naming_convention\n    spec: go;function:camelCase\n")
	writeTestFile(t, filepath.Join(workspace, "main.go"), "package main\n\nfunc parse_line(s string) string { return s }\n\nfunc main() { _ = parse_line(\"x\") }\n")
	before := map[string]string{"checkout": treeHash(t, workspace), "HOME": treeHash(t, home), "RUNNER_TEMP": treeHash(t, runnerTemp)}

	env := append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GOPATH=" + filepath.Join(home, "go"), "TMPDIR=" + t.TempDir(),
		"RUNNER_TEMP=" + runnerTemp, "GITHUB_WORKSPACE=" + workspace}, secretEnv...)
	for name, p := range cmdFiles {
		env = append(env, name+"="+p)
	}
	// The acceptance lines hold in a real sandbox: bubblewrap must work
	// here, unless the kernel forbids it (see sandboxtest).
	sandboxtest.Require(t, env, sandbox.Bwrap)
	f, err := os.Open(secret) // close-on-exec, but exec's ExtraFiles hands it over as fd 3
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(bin, "fix", "-format", "json")
	cmd.Dir, cmd.Env, cmd.ExtraFiles = workspace, env, []*os.File{f}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatal(err)
	}
	for _, pid := range processesWith(mark) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("process %d of the run is still running after iflint exited", pid)
	}
	after := map[string]string{"checkout": treeHash(t, workspace), "HOME": treeHash(t, home), "RUNNER_TEMP": treeHash(t, runnerTemp)}
	for k, b := range before {
		if after[k] != b {
			t.Errorf("%s changed:\n%s\nwant:\n%s", k, after[k], b)
		}
	}
	if _, err := os.Stat(pwHomeFile); err == nil {
		t.Errorf("the command wrote %s, in the home directory of the password database", pwHomeFile)
	}
	for _, out := range []string{stdout.String(), stderr.String()} {
		if strings.Contains(out, "CANARY") {
			t.Errorf("iflint's output holds a secret:\n%s", out)
		}
	}
	var doc struct {
		Sandbox *struct {
			Mechanism string `json:"mechanism"`
			Isolated  bool   `json:"isolated"`
		} `json:"sandbox"`
		Candidates []struct {
			Verification struct {
				Tests *struct {
					OutputTail string `json:"output_tail"`
					Sandbox    string `json:"sandbox"`
				} `json:"tests"`
			} `json:"verification"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatalf("iflint fix -format json: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	if doc.Sandbox == nil || len(doc.Candidates) == 0 || doc.Candidates[0].Verification.Tests == nil {
		t.Fatalf("no sandbox or no test run in the report:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	}
	tests := doc.Candidates[0].Verification.Tests
	t.Logf("sandbox %+v, the run's record names %s", *doc.Sandbox, tests.Sandbox)
	if !doc.Sandbox.Isolated {
		t.Errorf("iflint chose no real sandbox, although bubblewrap works here: %+v", *doc.Sandbox)
	}
	if tests.Sandbox != doc.Sandbox.Mechanism || !strings.Contains(tests.OutputTail, "done") {
		t.Fatalf("the test command did not run to its end under %s:\n%s", doc.Sandbox.Mechanism, tests.OutputTail)
	}
	if !strings.Contains(tests.OutputTail, "canaries in proc: 0\n") {
		t.Errorf("a process the command can see holds a secret in its environment:\n%s", tests.OutputTail)
	}
}

// TestOwnEnvironmentHidden: whatever contains the test command (here
// nothing but its process group, where a command running as root may
// read any process's /proc entries), iflint's own environment block,
// which /proc/<pid>/environ shows, holds none of its secrets: iflint
// moved them out before anything ran. The command is iflint's child, so
// its parent is iflint itself.
func TestOwnEnvironmentHidden(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	script := `echo "parent: $(cat /proc/$PPID/comm)"; tr '\0' '\n' < /proc/$PPID/environ 2>&1; echo environ-read; grep -c 'CANAR[Y]' /proc/$PPID/environ`
	writeTestFile(t, filepath.Join(dir, ".iflint.yml"), "version: 1\nfix:\n  test: |\n"+indent(script, "    ")+"\nconstraints:\n  - type: naming_convention\n    spec: go;function:camelCase\n")
	writeTestFile(t, filepath.Join(dir, "main.go"), "package main\n\nfunc parse_line(s string) string { return s }\n\nfunc main() { _ = parse_line(\"x\") }\n")
	cmd := exec.Command(bin, "fix", "-format", "json", "-sandbox", "process-group")
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "TMPDIR=" + t.TempDir()}, secretEnv...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	_ = cmd.Run()
	if !strings.Contains(stdout.String(), "parent: iflint") || !strings.Contains(stdout.String(), "environ-read") {
		t.Fatalf("the test command did not read iflint's environment:\nstdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	}
	if strings.Contains(stdout.String()+stderr.String(), "CANARY") {
		t.Errorf("iflint's environment block holds a secret:\n%s", stdout.String())
	}
}

func writeTestFile(t *testing.T, p, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// treeHash describes every entry under root: path, mode, and the hash
// of its contents or link target.
func treeHash(t *testing.T, root string) string {
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
			target, _ := os.Readlink(p)
			content = []byte(target)
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

// processesWith lists live processes whose command line holds mark.
func processesWith(mark string) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline")); err == nil && bytes.Contains(b, []byte(mark)) {
			out = append(out, pid)
		}
	}
	return out
}
