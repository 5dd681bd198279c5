package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The command's environment is built from an allowlist: a variable
// reaches it only when it is named here or by the caller (Runner.PassEnv,
// from `fix.env`). Scrubbing by name pattern, the old way, let through
// every credential whose name did not look like one (DATABASE_URL with a
// password in it, GH_PAT, NPM_AUTH, DEPLOY_PRIVATE_KEY, DB_PASSWD,
// AWS_ACCESS_KEY_ID, GOOGLE_CREDENTIALS, SIGNING_KEY); an allowlist fails
// closed. What is listed is what toolchains need to find themselves and
// behave as they do for the user: PATH, the locale, and the toolchains'
// own variables, whose values are paths and flags.
var (
	passNames = []string{
		"PATH", "LANG", "LANGUAGE", "TZ", "TERM", "USER", "LOGNAME", "SHELL", "CI", "NO_COLOR",
		// Go
		"GOPATH", "GOROOT", "GOCACHE", "GOMODCACHE", "GOFLAGS", "GOPROXY", "GOPRIVATE", "GONOPROXY",
		"GONOSUMDB", "GOSUMDB", "GOINSECURE", "GOTOOLCHAIN", "GOENV", "GOEXPERIMENT", "GOAMD64", "GOARM64",
		// C toolchains, for cgo and native extensions
		"CGO_ENABLED", "CC", "CXX", "AR", "PKG_CONFIG_PATH", "LD_LIBRARY_PATH",
		// Java
		"JAVA_HOME", "JDK_HOME", "GRADLE_USER_HOME", "M2_HOME", "MAVEN_HOME",
		// Rust
		"CARGO_HOME", "RUSTUP_HOME", "RUSTUP_TOOLCHAIN", "RUSTFLAGS",
		// Python
		"PYENV_ROOT", "PYENV_VERSION", "VIRTUAL_ENV", "PYTHONPATH", "PYTHONUSERBASE", "PYTHONDONTWRITEBYTECODE",
		"pythonLocation", "Python_ROOT_DIR", "Python2_ROOT_DIR", "Python3_ROOT_DIR",
		// JavaScript
		"NODE_PATH", "NVM_DIR", "NVM_BIN", "npm_config_cache",
		// Ruby, .NET
		"GEM_HOME", "GEM_PATH", "DOTNET_ROOT",
		"XDG_CACHE_HOME",
	}
	// passPrefixes are families of such variables: the locale's LC_*, and
	// the toolchain homes GitHub's runner images and setup actions export
	// by version (JAVA_HOME_17_X64, GOROOT_1_22_X64).
	passPrefixes = []string{"LC_", "JAVA_HOME_", "GOROOT_"}
)

// neverPass are names that reach the command under no circumstances, not
// even named in `fix.env` (which, in the Action, comes from the pull
// request's own configuration): iflint's own credentials, the Actions
// runner's, an agent socket that lends the user's SSH keys, the user's
// configuration directories (the command gets its own HOME), and the
// workflow command files (see CommandFileVars).
var (
	neverNames = []string{"GITHUB_TOKEN", "GH_TOKEN", "OPENAI_API_KEY", "SSH_AUTH_SOCK",
		"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
		"RUNNER_TEMP", "GITHUB_WORKSPACE", "HOME", "PWD", "TMPDIR", "TMP", "TEMP"}
	neverPrefixes = []string{
		"INPUT_",   // GitHub Actions inputs, which include tokens passed to the action
		"ACTIONS_", // ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_URL, cache URLs
	}
)

// CommandFileVars name the files through which a GitHub Actions step
// talks to the runner: a line appended to GITHUB_ENV or GITHUB_PATH
// changes the environment of every later step of the job, GITHUB_OUTPUT
// and GITHUB_STATE feed other steps, GITHUB_STEP_SUMMARY is the job's
// report. Code under test must reach none of them: the variables are
// withheld, a real sandbox hides their directory, and Runner checks the
// files are unchanged after each run.
var CommandFileVars = []string{"GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"}

// allowEnv keeps the variables of env that the allowlist or pass names,
// except those neverPass or scrub name (matched without regard to case:
// a "github_token" is as secret as a "GITHUB_TOKEN"). A built-in name
// whose value carries URL credentials (GOPROXY=https://user:pw@host) is
// dropped too; a name the caller passes keeps its value as it is.
func allowEnv(env, pass, scrub []string) []string {
	out := make([]string, 0, len(passNames))
	for _, kv := range env {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" || denied(name, scrub) {
			continue
		}
		switch {
		case slices.Contains(pass, name):
		case builtIn(name) && !urlCredentials(value):
		default:
			continue
		}
		out = append(out, kv)
	}
	return out
}

func builtIn(name string) bool {
	if slices.Contains(passNames, name) {
		return true
	}
	for _, p := range passPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func denied(name string, scrub []string) bool {
	upper := strings.ToUpper(name)
	if slices.Contains(neverNames, upper) || slices.Contains(CommandFileVars, upper) {
		return true
	}
	for _, p := range neverPrefixes {
		if strings.HasPrefix(upper, p) {
			return true
		}
	}
	return slices.ContainsFunc(scrub, func(s string) bool { return strings.EqualFold(s, name) })
}

// urlCredentials reports whether value holds a URL with a password in
// its user part ("scheme://user:password@host"), anywhere in a list.
func urlCredentials(value string) bool {
	for rest := value; ; {
		_, after, ok := strings.Cut(rest, "://")
		if !ok {
			return false
		}
		authority := after
		if i := strings.IndexAny(authority, "/?#, |"); i >= 0 {
			authority = authority[:i]
		}
		if user, _, ok := strings.Cut(authority, "@"); ok && strings.Contains(user, ":") {
			return true
		}
		rest = after
	}
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
// caches. Each is set only when the environment does not set it and the
// directory exists. A real sandbox shows them read-only (and its caches
// writable, see cacheVars).
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

// cacheVars name the caches toolchains write on every build, with where
// each is by default (relative to HOME) and where the command's own copy
// goes (relative to its cache directory). In a real sandbox the real
// caches are read-only, and Go, for one, cannot build without writing
// its build cache: where it can, the sandbox mounts an overlay on each
// (the real one below, the command's own writable layer above: warm from
// the first run, and the real one never changes); elsewhere the
// variables point into the command's own cache directory, which starts
// empty.
//
// Go's module cache is written only to download a module: without an
// overlay it stays the real one, read-only (a module it lacks cannot be
// fetched), rather than an empty one that would fetch every module again.
var cacheVars = []struct {
	name, home, own string
	onlyOverlaid    bool
}{
	{"XDG_CACHE_HOME", ".cache", ".", false},
	{"GOCACHE", ".cache/go-build", "go-build", false},
	{"GOMODCACHE", "go/pkg/mod", "", true},
	{"npm_config_cache", ".npm", "npm", false},
}

func firstPath(list string) string {
	return filepath.SplitList(list + string(filepath.ListSeparator))[0]
}

// realCaches are the existing real caches of env by variable name.
func realCaches(env []string) map[string]string {
	out := map[string]string{}
	home := lookupEnv(env, "HOME")
	for _, c := range cacheVars {
		dir := lookupEnv(env, c.name)
		switch {
		case dir != "":
		case c.name == "GOCACHE" && filepath.IsAbs(lookupEnv(env, "XDG_CACHE_HOME")):
			dir = filepath.Join(lookupEnv(env, "XDG_CACHE_HOME"), "go-build")
		case c.name == "GOMODCACHE" && filepath.IsAbs(firstPath(lookupEnv(env, "GOPATH"))):
			dir = filepath.Join(firstPath(lookupEnv(env, "GOPATH")), "pkg", "mod")
		case filepath.IsAbs(home):
			dir = filepath.Join(home, filepath.FromSlash(c.home))
		}
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() && filepath.IsAbs(dir) {
			out[c.name] = dir
		}
	}
	return out
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

// paths are where one run happens: the copy, the command's HOME and
// TMPDIR, and (in a real sandbox) its cache directory.
type paths struct {
	repo, home, tmp, cache string
}

// environ is the command's whole environment: the allowlisted part of
// Env with the tool homes of the real HOME pinned, without command file
// paths, PATH without entries that would resolve inside the copy, and
// its own PWD, HOME and TMPDIR inside the isolated tree (and, in a real
// sandbox, its own caches).
func (r *Runner) environ(p paths) []string {
	env := pinToolHomes(slices.Clone(r.Env))
	caches := realCaches(env)
	env = allowEnv(env, r.PassEnv, r.ScrubNames)
	var files []string
	for _, f := range r.commandFiles() {
		files = append(files, f)
	}
	env = withoutValues(env, files)
	if path := lookupEnv(env, "PATH"); path != "" {
		env = setEnv(env, "PATH", absolutePath(path))
	}
	if p.cache != "" {
		// With overlays the real paths stay (see cacheVars).
		for _, c := range cacheVars {
			dir, ok := caches[c.name]
			switch {
			case ok && r.overlay:
			case c.onlyOverlaid:
				continue
			default:
				dir = filepath.Join(p.cache, filepath.FromSlash(c.own))
			}
			env = setEnv(env, c.name, dir)
		}
	}
	// Without an explicit PWD the child would inherit the caller's, and a
	// script using $PWD would write into the original checkout.
	env = setEnv(env, "PWD", p.repo)
	env = setEnv(env, "HOME", p.home)
	for _, k := range []string{"TMPDIR", "TMP", "TEMP"} {
		env = setEnv(env, k, p.tmp)
	}
	return env
}

// absolutePath keeps the absolute entries of a PATH list: an empty or
// relative entry resolves against the working directory, the untrusted
// copy, which could then shadow any tool (sh included).
func absolutePath(list string) string {
	var keep []string
	for _, dir := range filepath.SplitList(list) {
		if filepath.IsAbs(dir) {
			keep = append(keep, dir)
		}
	}
	return strings.Join(keep, string(filepath.ListSeparator))
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
