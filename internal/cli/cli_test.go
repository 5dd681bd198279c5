package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/goldentest"

	"golang.org/x/tools/txtar"
)

// TestScripts runs testdata/<case>.txt: a txtar archive whose "args" file
// holds the command line (one argument per line) and whose other files
// form the working directory. The exit code, standard output and standard
// error are compared with <case>.out.
func TestScripts(t *testing.T) {
	cases, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if len(cases) == 0 {
		t.Fatal("no testdata cases")
	}
	for _, path := range cases {
		path := path
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			cwd := dir
			var args []string
			want := map[string][]byte{}
			for _, f := range ar.Files {
				if name, ok := strings.CutPrefix(f.Name, "want/"); ok {
					want[name] = f.Data
					continue
				}
				if f.Name == "cwd" {
					// The command runs in this subdirectory of the work tree.
					cwd = filepath.Join(dir, strings.TrimSpace(string(f.Data)))
					continue
				}
				if f.Name == "args" {
					for _, a := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
						args = append(args, strings.ReplaceAll(a, "$WORK", dir))
					}
					continue
				}
				p := filepath.Join(dir, f.Name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.MkdirAll(cwd, 0o755); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			cmd := &Command{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Dir: cwd,
				Getenv:    scriptEnv,
				BuildInfo: testBuildInfo,
				TreeDir:   t.TempDir(),
				// A stopped clock keeps timing lines out of the goldens' way.
				Now: func() time.Time { return time.Unix(0, 0) }}
			code := cmd.Main(context.Background(), args)
			got := fmt.Sprintf("exit %d\n--- stdout\n%s--- stderr\n%s", code,
				strings.ReplaceAll(stdout.String(), dir, "$WORK"), strings.ReplaceAll(stderr.String(), dir, "$WORK"))
			// Test runners quoted in fix reports time themselves.
			got = testTiming.ReplaceAllString(got, "${1}T")
			// Which sandbox contains a test command depends on the machine,
			// unless the case names one.
			if !slices.Contains(args, "-sandbox") {
				got = sandboxName.ReplaceAllString(got, "${1}$$SANDBOX")
				got = noRealSandbox.ReplaceAllString(got, "")
			}
			out := strings.TrimSuffix(path, ".txt") + ".out"
			goldentest.Check(t, out, []byte(got))
			// want/<path> files are what the command must leave on disk.
			for name, data := range want {
				b, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Errorf("want/%s: %v", name, err)
				} else if string(b) != string(data) {
					t.Errorf("%s after the command:\n%s\nwant:\n%s", name, b, data)
				}
			}
		})
	}
}

// testBuildInfo stands for the binary's build information, which a test
// binary does not carry (no vcs stamp).
func testBuildInfo() (*debug.BuildInfo, bool) {
	return &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Path: "github.com/iflint/iflint", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"}}}, true
}

var testTiming = regexp.MustCompile(`(?m)^(  \| Ran \d+ tests? in )[0-9.]+s$`)

var (
	sandboxName   = regexp.MustCompile(`(sandbox: |"sandbox": ")(bwrap|unshare|cgroup|process-group)`)
	noRealSandbox = regexp.MustCompile(`(?m)^iflint: no real sandbox works here for the test command: .*\n`)
)

// scriptEnv passes through only what test commands need to find their
// toolchains; everything else, API keys above all, reads as unset.
func scriptEnv(k string) string {
	switch k {
	case "PATH", "HOME", "PYENV_ROOT", "GOPATH", "GOCACHE", "GOMODCACHE", "CARGO_HOME", "RUSTUP_HOME":
		return os.Getenv(k)
	}
	return ""
}
