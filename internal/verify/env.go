package verify

import (
	"fmt"
	"os"
	"path/filepath"
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
	secretNames = []string{"GITHUB_TOKEN", "GH_TOKEN", "OPENAI_API_KEY"}
)

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
