package toolchain

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/iflint/iflint/internal/check"
)

// CompileTimeout is how long one compile may run: the paper's
// evaluator's limit.
const CompileTimeout = 10 * time.Second

// Result is the outcome of one compiler run.
type Result struct {
	OK       bool // the compiler accepted the file
	TimedOut bool
	Output   string // what it printed, the temporary directory's path removed
	Err      error  // the compiler could not be started
}

// Compiler runs one compile. CachedToolchains is one (through its
// cache); a test's fake toolchains can be one, so the language_version
// rule's toolchain path runs without compilers installed.
type Compiler interface {
	Compile(ctx context.Context, prefix []string, extra func(dir string) []string, name string, src []byte) Result
}

// Compile compiles src, written as a file called name, with the command
// prefix tc found for it (see CompileFile): through tc when it is a
// Compiler, else directly.
func Compile(ctx context.Context, tc check.Toolchains, prefix []string, extra func(dir string) []string, name string, src []byte) Result {
	if c, ok := tc.(Compiler); ok {
		return c.Compile(ctx, prefix, extra, name, src)
	}
	return CompileFile(ctx, prefix, extra, name, src, nil)
}

// CompileFile writes src as dir/name in a fresh temp dir and runs
// prefix + extra(dir) + [file]. The process group is killed on timeout
// or cancellation, and the environment carries no secrets.
func CompileFile(ctx context.Context, prefix []string, extra func(dir string) []string, name string, src []byte, setEnv map[string]string) Result {
	dir, err := os.MkdirTemp("", "iflint-compile-")
	if err != nil {
		return Result{Err: err}
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, src, 0o600); err != nil {
		return Result{Err: err}
	}
	args := append([]string{}, prefix[1:]...)
	if extra != nil {
		args = append(args, extra(dir)...)
	}
	args = append(args, file)
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithTimeout(ctx, CompileTimeout)
	defer cancel()
	cmd := groupCommand(ctx, dir, setEnv, append([]string{prefix[0]}, args...)...)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err = cmd.Run()
	out := strings.ReplaceAll(buf.String(), dir+string(filepath.Separator), "")
	if ctx.Err() != nil {
		return Result{TimedOut: true, Output: out}
	}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return Result{Err: err, Output: out}
	}
	return Result{OK: err == nil, Output: out}
}

// CompilerEnv is the parent's environment minus anything that looks like
// a credential or CI plumbing, plus setEnv.
func CompilerEnv(setEnv map[string]string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if _, over := setEnv[k]; over || secretEnv(k) {
			continue
		}
		env = append(env, kv)
	}
	keys := make([]string, 0, len(setEnv))
	for k := range setEnv {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		env = append(env, k+"="+setEnv[k])
	}
	return env
}

func secretEnv(k string) bool {
	u := strings.ToUpper(k)
	for _, p := range []string{"INPUT_", "ACTIONS_", "GITHUB_", "RUNNER_", "AWS_", "AZURE_", "GOOGLE_", "OPENAI_", "ANTHROPIC_"} {
		if strings.HasPrefix(u, p) {
			return true
		}
	}
	for _, s := range []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "API_KEY", "APIKEY", "CREDENTIAL", "PRIVATE_KEY", "ACCESS_KEY"} {
		if strings.Contains(u, s) {
			return true
		}
	}
	return false
}

// groupCommand is argv run in dir under the compilers' environment
// (CompilerEnv with set) in a process group of its own, the whole group
// killed when ctx ends: a compiler or formatter that forks (javac's
// daemons, a shell wrapper) leaves nothing behind.
func groupCommand(ctx context.Context, dir string, set map[string]string, argv ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = CompilerEnv(set)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 2 * time.Second
	return cmd
}
