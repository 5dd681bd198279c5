package sandbox

import (
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// plan is what a real sandbox shows the command of the filesystem: all
// of it read-only, except
//
//   - hide: directories replaced by an empty tmpfs: the shared temporary
//     directories (other users' files, agent sockets), /run (daemon
//     sockets: Docker's is root on the machine, systemd's and D-Bus's
//     start processes outside any sandbox), every home directory, and
//     the sealed ones below;
//   - show: what toolchains need from inside those, read-only again:
//     PATH entries and the toolchain variables' directories (GOPATH,
//     JAVA_HOME, CARGO_HOME ...), never one that is or holds a home
//     directory or a sealed directory, nor one inside a sealed directory;
//   - mask: credential files inside what is shown (a crates.io token in
//     CARGO_HOME/credentials.toml, passwords in gradle.properties),
//     replaced by /dev/null (reads as empty, writes vanish);
//   - rw: the run's own copy, HOME, TMPDIR and caches, writable.
//
// Sealed directories are the original repository, the runner's
// temporary directory (which holds the workflow command files), the
// workspace, each command file's directory and Runner.Hide.
type plan struct {
	hide, show, mask, rw []string
}

// credentialFiles are masked where they sit directly in a shown directory.
var credentialFiles = []string{".netrc", ".npmrc", ".pypirc", ".git-credentials", "credentials", "credentials.toml", "gradle.properties"}

// sharedDirs are hidden whatever the environment says.
var sharedDirs = []string{"/tmp", "/var/tmp", "/run", "/var/run", "/home", "/root", "/mnt", "/media"}

// toolDirVars name directories (lists for the *PATH ones) the command's
// toolchains are found in.
var toolDirVars = []string{"PATH", "GOPATH", "GOROOT", "GOMODCACHE", "GOCACHE", "XDG_CACHE_HOME", "npm_config_cache", "GOENV", "JAVA_HOME", "JDK_HOME", "GRADLE_USER_HOME",
	"M2_HOME", "MAVEN_HOME", "CARGO_HOME", "RUSTUP_HOME", "PYENV_ROOT", "VIRTUAL_ENV", "PYTHONPATH", "pythonLocation",
	"Python_ROOT_DIR", "Python2_ROOT_DIR", "Python3_ROOT_DIR", "NODE_PATH", "NVM_DIR", "NVM_BIN", "GEM_HOME", "GEM_PATH",
	"DOTNET_ROOT", "LD_LIBRARY_PATH", "PKG_CONFIG_PATH"}

// sealedDirs are the directories nothing of is shown (see plan).
func (r *Runner) sealedDirs(orig string) []string {
	out := []string{orig}
	for _, name := range []string{"RUNNER_TEMP", "GITHUB_WORKSPACE"} {
		if v := lookupEnv(r.Env, name); v != "" {
			out = append(out, v)
		}
	}
	for _, f := range r.commandFiles() {
		out = append(out, filepath.Dir(f))
	}
	return append(out, r.Hide...)
}

// homeDirs are the user's home directories: HOME, and the one the
// password database names, which a command finds with `getent passwd`
// whatever HOME says.
func (r *Runner) homeDirs() []string {
	var out []string
	if h := lookupEnv(r.Env, "HOME"); h != "" {
		out = append(out, h)
	}
	if u, err := user.LookupId(strconv.Itoa(os.Getuid())); err == nil && u.HomeDir != "" {
		out = append(out, u.HomeDir)
	}
	return out
}

// plan lays out the filesystem for a run in p whose environment is env.
func (r *Runner) plan(p paths, orig string, env []string) plan {
	var pl plan
	for _, d := range []string{p.repo, p.home, p.tmp, p.cache} {
		if d != "" {
			pl.rw = append(pl.rw, d)
		}
	}
	sealed := existing(resolveAll(r.sealedDirs(orig)), true)
	homes := existing(resolveAll(r.homeDirs()), true)
	hidden := append(append(existing(resolveAll(sharedDirs), true), homes...), sealed...)
	pl.hide = outermost(hidden)

	// A directory shown must be strictly inside a hidden one (elsewhere
	// it is visible anyway), and must neither hold nor be a hidden or
	// sealed directory, nor lie inside a sealed one or the run's own.
	ok := func(d string) bool {
		if !slices.ContainsFunc(pl.hide, func(h string) bool { return d != h && within(d, h) }) {
			return false
		}
		if slices.ContainsFunc(hidden, func(h string) bool { return within(h, d) }) {
			return false
		}
		return !slices.ContainsFunc(sealed, func(s string) bool { return within(d, s) }) &&
			!slices.ContainsFunc(pl.rw, func(w string) bool { return within(d, w) })
	}
	var show []string
	for _, d := range resolveAll(toolDirs(env)) {
		if _, err := os.Stat(d); err == nil && ok(d) {
			show = append(show, d)
		}
	}
	pl.show = outermost(show)
	for _, d := range pl.show {
		for _, name := range credentialFiles {
			f := filepath.Join(d, name)
			if fi, err := os.Lstat(f); err == nil && fi.Mode().IsRegular() {
				pl.mask = append(pl.mask, f)
			}
		}
	}
	return pl
}

// toolDirs are the absolute directories (and the GOENV file) the
// toolchain variables of env name. For the user-installed Python base
// only its bin and lib are toolchain (its share holds other programs'
// data, keyrings among them); for a Go found on PATH without GOROOT the
// directory above its bin is, since the standard library is there; and
// resolv.conf's directory, so that names still resolve when the file is
// a link into /run.
func toolDirs(env []string) []string {
	var out []string
	for _, name := range toolDirVars {
		for _, d := range filepath.SplitList(lookupEnv(env, name)) {
			if filepath.IsAbs(d) {
				out = append(out, d)
			}
		}
	}
	if base := lookupEnv(env, "PYTHONUSERBASE"); filepath.IsAbs(base) {
		out = append(out, filepath.Join(base, "bin"), filepath.Join(base, "lib"))
	}
	if lookupEnv(env, "GOROOT") == "" {
		for _, d := range filepath.SplitList(lookupEnv(env, "PATH")) {
			if fi, err := os.Stat(filepath.Join(d, "go")); err == nil && fi.Mode().IsRegular() && filepath.IsAbs(d) && filepath.Base(d) == "bin" {
				out = append(out, filepath.Dir(d))
			}
		}
	}
	if resolv, err := filepath.EvalSymlinks("/etc/resolv.conf"); err == nil {
		out = append(out, filepath.Dir(resolv))
	}
	return out
}

// resolveAll makes each path absolute and resolves its links (mounts
// are made on real directories); a path that does not resolve stays as
// it is and is dropped later by existing or os.Stat.
func resolveAll(ps []string) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		if p == "" || !filepath.IsAbs(p) {
			continue
		}
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}

// existing keeps the directories (dirs) or paths that exist, never "/".
func existing(ps []string, dirs bool) []string {
	var out []string
	for _, p := range ps {
		fi, err := os.Stat(p)
		if err != nil || p == "/" || (dirs && !fi.IsDir()) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// outermost sorts ps and drops duplicates and paths inside another.
func outermost(ps []string) []string {
	s := slices.Clone(ps)
	slices.Sort(s)
	var out []string
	for _, p := range s {
		if !slices.ContainsFunc(out, func(o string) bool { return within(p, o) }) {
			out = append(out, p)
		}
	}
	return out
}

// within reports whether p is dir or below it (both clean, absolute).
func within(p, dir string) bool {
	if dir == "/" {
		return true
	}
	return p == dir || strings.HasPrefix(p, dir+"/")
}
