package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// secretParts and secretPrefixes describe variable names that carry
// credentials. Matching is by pattern rather than by a list of known names
// because CI systems and tools invent new ones all the time, and dropping
// a harmless variable costs far less than leaking a token to a fix that a
// model wrote.
var (
	secretParts    = []string{"TOKEN", "SECRET", "PASSWORD", "API_KEY"}
	secretPrefixes = []string{
		"INPUT_",   // GitHub Actions inputs, which include tokens passed to the action
		"ACTIONS_", // ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_URL, cache URLs
	}
	secretNames = []string{"GITHUB_TOKEN", "GH_TOKEN", "OPENAI_API_KEY",
		// An agent socket lends the user's SSH keys to whoever connects.
		"SSH_AUTH_SOCK",
		// The user's own configuration and data directories: the command
		// gets its own HOME, and these would lead back to the real one.
		"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"}
)

// CommandFileVars name the files through which a GitHub Actions step
// talks to the runner: a line appended to GITHUB_ENV or GITHUB_PATH
// changes the environment of every later step of the job, GITHUB_OUTPUT
// and GITHUB_STATE feed other steps, GITHUB_STEP_SUMMARY is the job's
// report. Code under test must reach none of them: the variables are
// withheld, and Runner checks the files are unchanged after each run.
var CommandFileVars = []string{"GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"}

// scrubEnv returns env without secret variables and without malformed
// entries (no "="), which no program needs and some mis-parse.
func scrubEnv(env, extra []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, _, ok := strings.Cut(kv, "=")
		if !ok || name == "" || isSecret(name, extra) {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// isSecret ignores case: environment names are case-sensitive, but a
// "github_token" is as secret as a "GITHUB_TOKEN".
func isSecret(name string, extra []string) bool {
	upper := strings.ToUpper(name)
	for _, s := range secretNames {
		if upper == s {
			return true
		}
	}
	for _, s := range CommandFileVars {
		if upper == s {
			return true
		}
	}
	for _, s := range extra {
		if strings.EqualFold(name, s) {
			return true
		}
	}
	for _, p := range secretPrefixes {
		if strings.HasPrefix(upper, p) {
			return true
		}
	}
	for _, p := range secretParts {
		if strings.Contains(upper, p) {
			return true
		}
	}
	return false
}

// withoutValues drops the variables whose value is one of values (a
// command file's path exported under another name, say).
func withoutValues(env, values []string) []string {
	if len(values) == 0 {
		return env
	}
	out := env[:0:0]
	for _, kv := range env {
		_, v, _ := strings.Cut(kv, "=")
		if v == "" || !slices.Contains(values, v) {
			out = append(out, kv)
		}
	}
	return out
}

// toolHomes are tool directories found under the user's HOME by default.
// The command gets a HOME of its own, so that it cannot read the user's
// credentials files (~/.netrc, ~/.config/gh, ~/.npmrc ...) by their
// usual names; these variables keep the toolchains and their caches
// where they are, so that builds still find their compilers and module
// caches, and a warm build cache stays warm. Each is set only when the
// environment does not set it and the directory exists.
var toolHomes = []struct{ name, rel string }{
	{"GOPATH", "go"},
	{"GOENV", ".config/go/env"},  // `go env -w` settings: GOFLAGS, GOPROXY, GOTOOLCHAIN
	{"XDG_CACHE_HOME", ".cache"}, // Go's build cache, pip's, ccache's ...
	{"CARGO_HOME", ".cargo"},
	{"RUSTUP_HOME", ".rustup"},
	{"PYENV_ROOT", ".pyenv"},
	{"PYTHONUSERBASE", ".local"}, // pip install --user
	{"npm_config_cache", ".npm"},
	{"GRADLE_USER_HOME", ".gradle"},
}

// pinToolHomes sets the toolHomes of the real HOME in env (see toolHomes).
func pinToolHomes(env []string) []string {
	home := lookupEnv(env, "HOME")
	if home == "" || !filepath.IsAbs(home) {
		return env
	}
	for _, th := range toolHomes {
		if lookupEnv(env, th.name) != "" {
			continue
		}
		p := filepath.Join(home, filepath.FromSlash(th.rel))
		if rest, ok := strings.CutPrefix(th.rel, ".config/"); ok {
			if xdg := lookupEnv(env, "XDG_CONFIG_HOME"); filepath.IsAbs(xdg) {
				p = filepath.Join(xdg, filepath.FromSlash(rest))
			}
		}
		if _, err := os.Stat(p); err == nil {
			env = append(env, th.name+"="+p)
		}
	}
	return env
}

func lookupEnv(env []string, name string) string {
	v := ""
	for _, kv := range env {
		if rest, ok := strings.CutPrefix(kv, name+"="); ok {
			v = rest
		}
	}
	return v
}

// environ is the command's whole environment: Env without secrets and
// command files, the tool homes of the real HOME pinned, and its own
// PWD, HOME and TMPDIR inside the isolated tree.
func (r *Runner) environ(tree, home, tmp string) []string {
	env := pinToolHomes(slices.Clone(r.Env))
	env = scrubEnv(env, r.ScrubNames)
	var files []string
	for _, p := range r.commandFiles() {
		files = append(files, p)
	}
	env = withoutValues(env, files)
	// Without an explicit PWD the child would inherit the caller's, and a
	// script using $PWD would write into the original checkout.
	env = setEnv(env, "PWD", tree)
	env = setEnv(env, "HOME", home)
	for _, k := range []string{"TMPDIR", "TMP", "TEMP"} {
		env = setEnv(env, k, tmp)
	}
	return env
}

// setEnv replaces every entry for name by one with value, appended last.
func setEnv(env []string, name, value string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return append(out, name+"="+value)
}

// lookPath finds program the way the child's shell would, but in the PATH
// of the environment the child gets: exec.LookPath would consult this
// process's PATH, which the caller deliberately did not hand over. Relative
// PATH entries are skipped, since they would resolve inside the untrusted
// copy and let it shadow any tool. A name with a slash is left alone and
// resolves against the copy's root.
func lookPath(program string, env []string) (string, error) {
	if strings.Contains(program, "/") {
		return program, nil
	}
	var pathList string
	found := false
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			pathList, found = v, true
		}
	}
	if !found {
		return "", fmt.Errorf("verify: cannot find %q: expected PATH in Runner.Env", program)
	}
	for _, dir := range filepath.SplitList(pathList) {
		if !filepath.IsAbs(dir) {
			continue
		}
		p := filepath.Join(dir, program)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("verify: cannot find %q: expected an executable in PATH %q", program, pathList)
}
