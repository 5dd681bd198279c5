// Package install tests install.sh, the Action's installer, against a
// local HTTP server standing in for GitHub's release downloads, and
// action.yml's use of it.
package install

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"
)

const version = "v1.2.3"

// runners are the runner platforms a release has a binary for, with the
// asset each must get.
var runners = []struct{ os, arch, asset string }{
	{"Linux", "X64", "iflint-linux-amd64"},
	{"Linux", "ARM64", "iflint-linux-arm64"},
	{"macOS", "ARM64", "iflint-darwin-arm64"},
	{"macOS", "X64", "iflint-darwin-amd64"},
	{"Windows", "X64", "iflint-windows-amd64.exe"},
}

// release is a fake release host and an action checkout pinning it.
type release struct {
	t      *testing.T
	action string            // the action's files, with install/install.sh
	assets map[string][]byte // served, by name
	srv    *httptest.Server
	mu     sync.Mutex
	got    []string // requested paths
}

// asset is a "binary" that, if anything ran it, would leave a mark.
func asset(name, marker string) []byte {
	return []byte(fmt.Sprintf("#!/bin/sh\n# %s\ntouch %q\n", name, marker))
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// newRelease serves every runner's asset and pins their checksums (and
// the action's source hash) in install/release.txt, as the release
// workflow does; pin false leaves the action unpinned (a branch).
func newRelease(t *testing.T, pin bool) *release {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	r := &release{t: t, action: t.TempDir(), assets: map[string][]byte{}}
	script, err := os.ReadFile("install.sh")
	if err != nil {
		t.Fatal(err)
	}
	r.write("install/install.sh", script)
	r.write("go.mod", []byte("module github.com/iflint/iflint\n"))
	r.write("cmd/iflint/main.go", []byte("package main\n\nfunc main() {}\n"))
	marker := filepath.Join(t.TempDir(), "ran")
	for _, rn := range runners {
		r.assets[rn.asset] = asset(rn.asset, marker)
	}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.got = append(r.got, req.URL.Path)
		r.mu.Unlock()
		name, ok := strings.CutPrefix(req.URL.Path, "/"+version+"/")
		b, found := r.assets[name]
		if !ok || !found {
			http.NotFound(w, req)
			return
		}
		w.Write(b)
	}))
	t.Cleanup(r.srv.Close)
	if pin {
		r.pin(r.assets)
	}
	return r
}

func (r *release) write(rel string, b []byte) {
	r.t.Helper()
	p := filepath.Join(r.action, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		r.t.Fatal(err)
	}
}

// pin writes install/release.txt for assets and the action's files now.
func (r *release) pin(assets map[string][]byte) {
	r.t.Helper()
	src, _, code := r.run(nil, "source-hash")
	if code != 0 || len(strings.TrimSpace(src)) != 64 {
		r.t.Fatalf("source-hash: %q (exit %d)", src, code)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# pinned by the release workflow\nversion %s\nsource %s\n", version, strings.TrimSpace(src))
	for _, rn := range runners {
		if a, ok := assets[rn.asset]; ok {
			fmt.Fprintf(&b, "%s  %s\n", sum(a), rn.asset)
		}
	}
	r.write("install/release.txt", []byte(b.String()))
}

// run runs install.sh with env (RUNNER_OS=..., ...) and args; it returns
// standard output and error together, and the exit code.
func (r *release) run(env []string, args ...string) (string, string, int) {
	r.t.Helper()
	cmd := exec.Command("bash", append([]string{filepath.Join(r.action, "install", "install.sh")}, args...)...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "IFLINT_ACTION_PATH=" + r.action, "IFLINT_RELEASE_URL=" + r.srv.URL}, env...)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		r.t.Fatal(err)
	}
	return string(out), "", code
}

// install runs the installer for a runner; it returns the log, the
// GITHUB_OUTPUT lines and the exit code.
func (r *release) install(runnerOS, arch, dest string) (string, map[string]string, int) {
	r.t.Helper()
	outputs := filepath.Join(r.t.TempDir(), "output")
	log, _, code := r.run([]string{"RUNNER_OS=" + runnerOS, "RUNNER_ARCH=" + arch, "GITHUB_OUTPUT=" + outputs}, dest)
	got := map[string]string{}
	b, _ := os.ReadFile(outputs)
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok {
			got[k] = v
		}
	}
	return log, got, code
}

func TestInstallsTheRunnersRelease(t *testing.T) {
	for _, rn := range runners {
		t.Run(rn.os+"/"+rn.arch, func(t *testing.T) {
			r := newRelease(t, true)
			dest := filepath.Join(t.TempDir(), "bin", "iflint")
			log, out, code := r.install(rn.os, rn.arch, dest)
			if code != 0 || out["method"] != "release" || out["version"] != version {
				t.Fatalf("exit %d, outputs %v:\n%s", code, out, log)
			}
			if want := []string{"/" + version + "/" + rn.asset}; strings.Join(r.got, ",") != strings.Join(want, ",") {
				t.Errorf("downloaded %v, want %v", r.got, want)
			}
			if strings.HasSuffix(rn.asset, ".exe") {
				dest += ".exe"
			}
			b, err := os.ReadFile(dest)
			if err != nil || string(b) != string(r.assets[rn.asset]) {
				t.Errorf("installed %q, %v; want the asset %s", b, err, rn.asset)
			}
			if !strings.Contains(log, "installed the release binary "+rn.asset+" of iflint "+version) {
				t.Errorf("the log does not say what was installed:\n%s", log)
			}
		})
	}
}

// TestChecksumMismatchIsRefused: a download that is not the pinned
// binary is refused with a clear error, installed nowhere and never run.
func TestChecksumMismatchIsRefused(t *testing.T) {
	r := newRelease(t, true)
	marker := filepath.Join(t.TempDir(), "ran")
	r.assets["iflint-linux-amd64"] = asset("tampered", marker) // served, not pinned
	dest := filepath.Join(t.TempDir(), "iflint")
	log, out, code := r.install("Linux", "X64", dest)
	if code == 0 || out["method"] != "" {
		t.Fatalf("exit %d, outputs %v; want a failure:\n%s", code, out, log)
	}
	if !strings.Contains(log, "::error::iflint install: checksum mismatch for iflint-linux-amd64 of release "+version) || !strings.Contains(log, "refusing to install or run it") {
		t.Errorf("the error does not say what was refused:\n%s", log)
	}
	if _, err := os.Stat(dest); err == nil {
		t.Errorf("the tampered binary was installed")
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("the tampered binary ran")
	}
	left, _ := filepath.Glob(filepath.Join(os.TempDir(), "iflint-download.*"))
	for _, p := range left {
		if b, _ := os.ReadFile(p); strings.Contains(string(b), "tampered") {
			t.Errorf("the download was left behind at %s", p)
		}
	}
}

// TestBuildsFromSourceWhenNoReleaseMatches: the action's files pin no
// release (a branch, a commit, uses: ./), pin one that has no binary for
// the runner or that the host does not serve, or differ from the
// release's: the installer downloads nothing it would run, says why, and
// hands over to the source build.
func TestBuildsFromSourceWhenNoReleaseMatches(t *testing.T) {
	for _, tc := range []struct {
		name     string
		pin      bool
		edit     func(r *release)
		os, arch string
		reason   string
	}{
		{name: "branch", pin: false, os: "Linux", arch: "X64", reason: "the action's files pin no release (a branch, a commit or uses: ./)"},
		{name: "unsupported runner", pin: true, os: "Linux", arch: "ARM", reason: "no release binary is built for Linux/ARM"},
		{name: "no binary pinned", pin: true, os: "Windows", arch: "X64", reason: "release " + version + " has no binary iflint-windows-amd64.exe",
			edit: func(r *release) {
				delete(r.assets, "iflint-windows-amd64.exe")
				r.write("install/release.txt", nil)
				r.pin(r.assets)
			}},
		{name: "release not served", pin: true, os: "macOS", arch: "ARM64", reason: "downloading iflint-darwin-arm64 of release " + version,
			edit: func(r *release) { r.srv.Config.Handler = http.NotFoundHandler() }},
		{name: "sources changed", pin: true, os: "Linux", arch: "X64", reason: "the action's files differ from release " + version + "'s",
			edit: func(r *release) { r.write("cmd/iflint/main.go", []byte("package main\n\nfunc main() { println() }\n")) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRelease(t, tc.pin)
			if tc.edit != nil {
				tc.edit(r)
			}
			dest := filepath.Join(t.TempDir(), "iflint")
			log, out, code := r.install(tc.os, tc.arch, dest)
			if code != 0 || out["method"] != "source" || !strings.HasPrefix(out["reason"], tc.reason) {
				t.Fatalf("exit %d, outputs %v; want method=source because %q:\n%s", code, out, tc.reason, log)
			}
			if !strings.Contains(log, "iflint: building iflint from source: "+tc.reason) {
				t.Errorf("the log does not say why it builds from source:\n%s", log)
			}
			if _, err := os.Stat(dest); err == nil {
				t.Errorf("something was installed at %s", dest)
			}
		})
	}
}

// actionYML is the part of action.yml the wiring test reads.
type actionYML struct {
	Runs struct {
		Steps []struct {
			ID   string
			Name string
			If   string
			Uses string
			Env  map[string]string
			Run  string
		}
	}
}

// TestActionYMLInstalls runs action.yml's install step as the runner
// would (its env mapping, bash, RUNNER_TEMP) against the local release,
// and checks that the source build steps run exactly when it says so.
func TestActionYMLInstalls(t *testing.T) {
	b, err := os.ReadFile("../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var a actionYML
	if err := yaml.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	steps := a.Runs.Steps
	if len(steps) < 4 || steps[0].ID != "install" {
		t.Fatalf("action.yml's first step is not the install step: %+v", steps)
	}
	source := "steps.install.outputs.method == 'source'"
	if steps[1].Uses != "actions/setup-go@v5" || steps[1].If != source || steps[2].If != source || !strings.Contains(steps[2].Run, "go build") {
		t.Errorf("Go is set up and iflint built only when the install step says source: %+v", steps[1:3])
	}
	if !strings.Contains(steps[3].Run, "version") {
		t.Errorf("the step after the build does not print `iflint version`: %q", steps[3].Run)
	}
	r := newRelease(t, true)
	temp := t.TempDir()
	outputs := filepath.Join(temp, "output")
	env := []string{"PATH=" + os.Getenv("PATH"), "RUNNER_TEMP=" + temp, "RUNNER_OS=Linux", "RUNNER_ARCH=ARM64",
		"GITHUB_OUTPUT=" + outputs, "IFLINT_RELEASE_URL=" + r.srv.URL}
	for k, v := range steps[0].Env {
		if v != "${{ github.action_path }}" {
			t.Fatalf("install step env %s: %q", k, v)
		}
		env = append(env, k+"="+r.action)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", steps[0].Run)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("install step: %v\n%s", err, out)
	}
	if b, err := os.ReadFile(filepath.Join(temp, "iflint")); err != nil || string(b) != string(r.assets["iflint-linux-arm64"]) {
		t.Errorf("the install step left %q, %v at $RUNNER_TEMP/iflint", b, err)
	}
	if b, _ := os.ReadFile(outputs); !strings.Contains(string(b), "method=release\n") {
		t.Errorf("GITHUB_OUTPUT: %q", b)
	}
}
