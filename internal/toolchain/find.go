package toolchain

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
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
