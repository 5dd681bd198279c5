package toolchain

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/iflint/iflint/internal/lang"
)

// SystemToolchains finds compilers installed on this machine: Python
// interpreters (PATH or pyenv), JDKs (JDKs map or /usr/lib/jvm) and Rust
// toolchains (rustup, or the default rustc when its version matches).
// The zero value is ready to use; lookups are cached.
type SystemToolchains struct {
	// JDKs maps a Java version ("11", "17", ...) to a JDK home, overriding
	// the /usr/lib/jvm search.
	JDKs map[string]string
	// PyenvRoot overrides $PYENV_ROOT (default ~/.pyenv).
	PyenvRoot string
	// JVMDir overrides /usr/lib/jvm.
	JVMDir string

	mu    sync.Mutex
	cache map[string]tcEntry
}

type tcEntry struct {
	cmd []string
	ok  bool
}

// Find implements Toolchains. The returned prefix compiles one file when
// the file path (and, for rustc, an output directory) is appended.
func (s *SystemToolchains) Find(id lang.ID, version string) ([]string, bool) {
	key := string(id) + "\x00" + version
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.cache[key]; ok {
		return e.cmd, e.ok
	}
	var cmd []string
	switch id {
	case lang.Python:
		cmd = s.findPython(version)
	case lang.Java:
		cmd = s.findJava(version)
	case lang.Rust:
		cmd = s.findRust(version)
	}
	if s.cache == nil {
		s.cache = map[string]tcEntry{}
	}
	s.cache[key] = tcEntry{cmd, cmd != nil}
	return cmd, cmd != nil
}

var pyVersionRe = regexp.MustCompile(`^(\d+)\.(\d+)(?:\.(\d+))?$`)

func (s *SystemToolchains) findPython(version string) []string {
	m := pyVersionRe.FindStringSubmatch(strings.TrimSpace(version))
	if m == nil {
		return nil
	}
	minor := m[1] + "." + m[2]
	root := s.PyenvRoot
	if root == "" {
		root = os.Getenv("PYENV_ROOT")
	}
	if root == "" {
		if home, err := os.UserHomeDir(); err == nil {
			root = filepath.Join(home, ".pyenv")
		}
	}
	// pyenv installs are preferred: a pyenv shim on PATH fails unless that
	// version happens to be selected, so shims are never used.
	if root != "" {
		dirs, _ := filepath.Glob(filepath.Join(root, "versions", minor+"*"))
		var best string
		bestPatch := -1
		for _, d := range dirs {
			base := filepath.Base(d)
			rest := strings.TrimPrefix(base, minor)
			if rest != "" && rest[0] != '.' {
				continue // 3.1 must not match 3.10
			}
			if m[3] != "" && base != version {
				continue
			}
			patch, err := strconv.Atoi(strings.TrimPrefix(rest, "."))
			if rest == "" {
				patch, err = 0, nil
			}
			if err != nil {
				continue
			}
			py := filepath.Join(d, "bin", "python")
			if isExecutable(py) && patch > bestPatch {
				best, bestPatch = py, patch
			}
		}
		if best != "" {
			return []string{best, "-m", "py_compile"}
		}
	}
	if m[3] != "" {
		return nil
	}
	if p, err := exec.LookPath("python" + minor); err == nil && !strings.Contains(p, string(filepath.Separator)+"shims"+string(filepath.Separator)) {
		return []string{p, "-m", "py_compile"}
	}
	return nil
}

var javaVersionRe = regexp.MustCompile(`^(?i:jdk|java|openjdk|jdk-|java-|java\s*)?\s*(?:1\.)?(\d+)$`)

// findJava prefers a JDK of exactly that version; otherwise a newer javac
// with --release N, which checks both the language level and the API.
func (s *SystemToolchains) findJava(version string) []string {
	m := javaVersionRe.FindStringSubmatch(strings.TrimSpace(version))
	if m == nil {
		return nil
	}
	want, _ := strconv.Atoi(m[1])
	homes := map[int]string{}
	for v, home := range s.JDKs {
		if m := javaVersionRe.FindStringSubmatch(strings.TrimSpace(v)); m != nil && isExecutable(filepath.Join(home, "bin", "javac")) {
			n, _ := strconv.Atoi(m[1])
			homes[n] = home
		}
	}
	dir := s.JVMDir
	if dir == "" {
		dir = "/usr/lib/jvm"
	}
	entries, _ := os.ReadDir(dir)
	numRe := regexp.MustCompile(`(?:^|[-.])(\d+)(?:[-.]|$)`)
	for _, e := range entries {
		name := e.Name()
		mm := numRe.FindStringSubmatch(strings.TrimPrefix(name, "java-1."))
		if mm == nil {
			continue
		}
		n, _ := strconv.Atoi(mm[1])
		home := filepath.Join(dir, name)
		if _, seen := homes[n]; !seen && isExecutable(filepath.Join(home, "bin", "javac")) {
			homes[n] = home
		}
	}
	if home, ok := homes[want]; ok {
		return []string{filepath.Join(home, "bin", "javac")}
	}
	var newer []int
	for n := range homes {
		if n > want && want >= 8 {
			newer = append(newer, n)
		}
	}
	if len(newer) == 0 {
		return nil
	}
	sort.Ints(newer)
	return []string{filepath.Join(homes[newer[0]], "bin", "javac"), "--release", strconv.Itoa(want)}
}

var rustVersionRe = regexp.MustCompile(`^\d+\.\d+(?:\.\d+)?$`)

func (s *SystemToolchains) findRust(version string) []string {
	version = strings.TrimSpace(version)
	if !rustVersionRe.MatchString(version) {
		return nil
	}
	flags := []string{"--crate-type=lib", "--emit=metadata"}
	if rustup, err := exec.LookPath("rustup"); err == nil {
		out, err := quickOutput(rustup, "toolchain", "list")
		if err == nil {
			for _, line := range strings.Split(out, "\n") {
				f := strings.Fields(line)
				if len(f) > 0 && (f[0] == version || strings.HasPrefix(f[0], version+"-")) {
					return append([]string{rustup, "run", f[0], "rustc"}, flags...)
				}
			}
		}
	}
	if rustc, err := exec.LookPath("rustc"); err == nil {
		out, err := quickOutput(rustc, "--version")
		if f := strings.Fields(out); err == nil && len(f) >= 2 && (f[1] == version || f[1] == version+".0") {
			return append([]string{rustc}, flags...)
		}
	}
	return nil
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}

func quickOutput(name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = CompilerEnv(nil)
	out, err := cmd.Output()
	return string(out), err
}

// compileTimeout matches the paper's evaluator.
const CompileTimeout = 10 * time.Second

// compileResult is the outcome of one compiler run.
type compileResult struct {
	Ok       bool
	TimedOut bool
	Output   string
	Err      error // the compiler could not be started
}

// compileFile writes src as dir/name in a fresh temp dir and runs
// prefix + extra(dir) + [file]. The process group is killed on timeout
// or cancellation, and the environment carries no secrets.
func CompileFile(ctx context.Context, prefix []string, extra func(dir string) []string, name string, src []byte, setEnv map[string]string) compileResult {
	dir, err := os.MkdirTemp("", "iflint-compile-")
	if err != nil {
		return compileResult{Err: err}
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, src, 0o600); err != nil {
		return compileResult{Err: err}
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
	cmd := exec.CommandContext(ctx, prefix[0], args...)
	cmd.Dir = dir
	cmd.Env = CompilerEnv(setEnv)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 2 * time.Second
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err = cmd.Run()
	out := strings.ReplaceAll(buf.String(), dir+string(filepath.Separator), "")
	if ctx.Err() != nil {
		return compileResult{TimedOut: true, Output: out}
	}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return compileResult{Err: err, Output: out}
	}
	return compileResult{Ok: err == nil, Output: out}
}

// compilerEnv is the parent's environment minus anything that looks like
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
