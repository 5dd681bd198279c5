package toolchain

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/lang"
)

func TestFindUnknownVersions(t *testing.T) {
	tc := &SystemToolchains{PyenvRoot: t.TempDir(), JVMDir: t.TempDir()}
	for _, c := range []struct {
		id lang.ID
		v  string
	}{{lang.Python, "3.99"}, {lang.Python, "banana"}, {lang.Java, "jdk999"}, {lang.Rust, "1.0.0-nope"}, {lang.Go, "1.21"}} {
		if cmd, ok := tc.Find(c.id, c.v); ok {
			t.Errorf("Find(%s, %q) = %v, want none", c.id, c.v, cmd)
		}
	}
}

func TestFindPythonDoesNotConfuse31With310(t *testing.T) {
	root := t.TempDir()
	bin := root + "/versions/3.10.4/bin"
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin+"/python", []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tc := &SystemToolchains{PyenvRoot: root}
	if cmd, ok := tc.Find(lang.Python, "3.10"); !ok || cmd[0] != bin+"/python" {
		t.Errorf("3.10: got %v %v", cmd, ok)
	}
	tc = &SystemToolchains{PyenvRoot: root}
	if cmd, ok := tc.Find(lang.Python, "3.1"); ok && strings.HasPrefix(cmd[0], root) {
		t.Errorf("3.1 must not resolve to 3.10: %v", cmd)
	}
}

func TestCompilerEnvDropsSecrets(t *testing.T) {
	t.Setenv("GITHUB_TOKEN", "x")
	t.Setenv("OPENAI_API_KEY", "x")
	t.Setenv("INPUT_FOO", "x")
	t.Setenv("ACTIONS_RUNTIME_URL", "x")
	t.Setenv("MY_DB_PASSWORD", "x")
	t.Setenv("IFLINT_HARMLESS", "kept")
	env := strings.Join(CompilerEnv(map[string]string{"JAVA_HOME": "/jdk"}), "\n")
	for _, k := range []string{"GITHUB_TOKEN", "OPENAI_API_KEY", "INPUT_FOO", "ACTIONS_RUNTIME_URL", "MY_DB_PASSWORD"} {
		if strings.Contains(env, k+"=") {
			t.Errorf("%s leaked into the compiler environment", k)
		}
	}
	if !strings.Contains(env, "IFLINT_HARMLESS=kept") || !strings.Contains(env, "JAVA_HOME=/jdk") {
		t.Errorf("environment lost ordinary variables")
	}
}

func TestCompileTimeoutKillsProcessGroup(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	// The background sleep keeps stdout open: only killing the whole
	// process group lets the compile return promptly.
	r := CompileFile(ctx, []string{sh, "-c", "sleep 30 & sleep 30", "x"}, nil, "f.txt", []byte("x"), nil)
	if !r.TimedOut {
		t.Errorf("want a timeout, got %+v", r)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("compile took %s after the deadline; process group not killed", d)
	}
}

// TestOnlyProcessStarterOnCheckingSide holds the package doc's claim:
// of the packages `iflint check` runs (the check driver and everything
// it imports), only this one starts processes.
func TestOnlyProcessStarterOnCheckingSide(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "github.com/iflint/iflint/internal/engine").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var starters []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && strings.HasPrefix(f[0], "github.com/iflint/iflint/") && slices.Contains(f[1:], "os/exec") {
			starters = append(starters, f[0])
		}
	}
	if want := []string{"github.com/iflint/iflint/internal/toolchain"}; !slices.Equal(starters, want) {
		t.Errorf("packages of the checking side importing os/exec: %v, want %v", starters, want)
	}
}
