package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/goldentest"
)

// The monorepo fixture (testdata/monorepo): a root configuration for the
// release scripts and the Rust crate (a Cargo workspace member without a
// configuration of its own), and three subprojects in other languages,
// each with its own .iflint.yml: services/api (a Go module, excluding
// its gen/ directory), libs/pyutil (a Python package with its own
// pyproject.toml and a baseline) and web/app (an npm workspace member).
// The root's constraints contradict each subproject's (camelCase Python,
// snake_case JavaScript, Go indented with spaces), so a file checked
// under the wrong configuration shows at once.
var subprojects = []string{"libs/pyutil", "services/api", "web/app"}

// copyMonorepo copies the fixture into a new git repository and returns it.
func copyMonorepo(t *testing.T) *gitRepo {
	t.Helper()
	g := newRepo(t)
	src := filepath.Join("testdata", "monorepo")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(g.dir, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	g.git("add", "-A")
	g.git("commit", "-q", "-m", "monorepo")
	return g
}

// runIn runs iflint in dir (relative to the repository).
func (g *gitRepo) runIn(dir string, args ...string) (int, string, string) {
	g.t.Helper()
	var out, errb bytes.Buffer
	// PYENV_ROOT: a pyenv shim named python3 finds its Pythons by it (by
	// HOME without it), and the test command's sandbox passes it on.
	env := map[string]string{"PATH": os.Getenv("PATH"), "HOME": g.dir, "PYENV_ROOT": os.Getenv("PYENV_ROOT")}
	cmd := &Command{Stdout: &out, Stderr: &errb, Dir: filepath.Join(g.dir, dir), Getenv: func(k string) string { return env[k] }, BuildInfo: testBuildInfo,
		TreeDir: g.t.TempDir()}
	code := cmd.Main(context.Background(), args)
	return code, out.String(), errb.String()
}

// diagnosticsIn is `iflint check -format json ARGS` in dir.
func (g *gitRepo) diagnosticsIn(dir string, args ...string) []engine.Diagnostic {
	g.t.Helper()
	code, out, errs := g.runIn(dir, append([]string{"check", "-format", "json"}, args...)...)
	if code != ExitClean && code != ExitFindings {
		g.t.Fatalf("check %v in %s: exit %d\n%s", args, dir, code, errs)
	}
	var res engine.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		g.t.Fatalf("check %v in %s: %v\n%s", args, dir, err, out)
	}
	return res.Diagnostics
}

// under reports whether p lies in dir (both slash paths).
func under(p, dir string) bool { return strings.HasPrefix(p, dir+"/") }

func TestMonorepoCheck(t *testing.T) {
	g := copyMonorepo(t)
	code, out, errs := g.runIn(".", "check", ".")
	goldentest.Check(t, filepath.Join("testdata", "monorepo_check.out"), []byte(out+"--- stderr\n"+errs))
	if code != ExitFindings {
		t.Fatalf("exit %d, want 1:\n%s", code, errs)
	}
	root := g.diagnosticsIn(".", ".")
	if len(root) == 0 {
		t.Fatal("the root run reports nothing")
	}

	// Each subproject's files get exactly the findings a run inside it
	// reports, with the same fingerprints (so its baseline matches from
	// either place), and paths relative to where the run was.
	for _, sub := range subprojects {
		inside := g.diagnosticsIn(sub, ".")
		var fromRoot []engine.Diagnostic
		for _, d := range root {
			if under(d.Path, sub) {
				d.Path = strings.TrimPrefix(d.Path, sub+"/")
				fromRoot = append(fromRoot, d)
			}
		}
		if len(inside) == 0 {
			t.Errorf("%s: no findings inside the subproject; the fixture should have some", sub)
		}
		if !slices.Equal(inside, fromRoot) {
			t.Errorf("%s: a run inside reports\n%v\nthe root run reports for its files\n%v", sub, inside, fromRoot)
		}
	}
	// The rest is the root configuration's: the same as a run naming
	// only the root's own directories.
	var rest []engine.Diagnostic
	for _, d := range root {
		if !slices.ContainsFunc(subprojects, func(s string) bool { return under(d.Path, s) }) {
			rest = append(rest, d)
		}
	}
	if own := g.diagnosticsIn(".", "scripts", "crates"); len(rest) == 0 || !slices.Equal(own, rest) {
		t.Errorf("root files: run on their own\n%v\nin the whole run\n%v", own, rest)
	}

	// From inside a subproject, a file of another one named explicitly is
	// still judged by its own nearest configuration, its path relative
	// to the working directory.
	other := g.diagnosticsIn("web/app", "../../libs/pyutil")
	if len(other) != 1 || other[0].Path != "../../libs/pyutil/pyutil/core.py" || !strings.Contains(other[0].Message, "writeAll") {
		t.Errorf("libs/pyutil checked from web/app: %v", other)
	}

	// What each file must and must not get, by its nearest configuration.
	has := func(ds []engine.Diagnostic, file, text string) bool {
		return slices.ContainsFunc(ds, func(d engine.Diagnostic) bool { return d.Path == file && strings.Contains(d.Message, text) })
	}
	for _, c := range []struct {
		file, text string
		want       bool
	}{
		{"libs/pyutil/pyutil/core.py", "writeAll", true},    // snake_case by its own configuration
		{"libs/pyutil/pyutil/core.py", "loadAll", false},    // accepted by its own baseline
		{"libs/pyutil/pyutil/core.py", "parse_line", false}, // the root's camelCase does not apply
		{"scripts/release.py", "make_tag", true},            // the root's camelCase
		{"services/api/server.go", "Serve has no doc", true},
		{"services/api/gen/models.go", "Generated", false}, // excluded by services/api's configuration
		{"services/api/server.go", "spaces", false},        // the root's Go indentation does not apply
		{"web/app/src/index.js", "load_data", true},
		{"web/app/src/index.js", "renderPage", false}, // the root's snake_case does not apply
		{"crates/core/src/lib.rs", "doubleIt", true},  // no configuration of its own: the root's
		{"build/generated.py", "not_checked", false},  // excluded by the root
	} {
		if got := has(root, c.file, c.text); got != c.want {
			t.Errorf("%s %q: reported %v, want %v", c.file, c.text, got, c.want)
		}
	}

	// -config still forces one file for everything: the subprojects'
	// files are judged by the root's constraints, without their baselines.
	forced := g.diagnosticsIn(".", "-config", ".iflint.yml", ".")
	if !has(forced, "libs/pyutil/pyutil/core.py", "parse_line") || !has(forced, "services/api/server.go", "spaces") ||
		has(forced, "libs/pyutil/pyutil/core.py", "writeAll") || !has(forced, "services/api/gen/models.go", "spaces") {
		t.Errorf("-config .iflint.yml: %v", forced)
	}
}

// TestMonorepoNewFromRev: -new-from-rev from the root reports the new
// findings of every subproject, each by its own configuration, and from
// a subproject only its own, with paths relative to where it runs.
func TestMonorepoNewFromRev(t *testing.T) {
	g := copyMonorepo(t)
	base := g.git("rev-parse", "HEAD")
	appendTo := func(p, text string) {
		b, err := os.ReadFile(filepath.Join(g.dir, p))
		if err != nil {
			t.Fatal(err)
		}
		g.write(map[string]string{p: string(b) + text})
	}
	appendTo("libs/pyutil/pyutil/core.py", "\n\ndef dropAll(rows):\n    return []\n")
	appendTo("web/app/src/index.js", "\nfunction save_data(x) {\n  return x;\n}\n")
	appendTo("services/api/server.go", "\nfunc Stop() {}\n")
	appendTo("scripts/release.py", "\n\ndef push_tag(tag):\n    return tag\n")

	type key struct{ path, msg string }
	keys := func(ds []engine.Diagnostic) []key {
		var out []key
		for _, d := range ds {
			out = append(out, key{d.Path, d.Message})
		}
		return out
	}
	got := keys(g.diagnosticsIn(".", "-new-from-rev", base, "."))
	want := []key{
		{"libs/pyutil/pyutil/core.py", `function name "dropAll" is not snake_case`},
		{"scripts/release.py", `function name "push_tag" is not camelCase`},
		{"services/api/server.go", "exported function Stop has no doc comment"},
		{"web/app/src/index.js", `function name "save_data" is not camelCase, UPPER_CASE or PascalCase`},
	}
	if !slices.Equal(got, want) {
		t.Errorf("-new-from-rev from the root:\n got %v\nwant %v", got, want)
	}
	inside := keys(g.diagnosticsIn("libs/pyutil", "-new-from-rev", base, "."))
	if w := []key{{"pyutil/core.py", `function name "dropAll" is not snake_case`}}; !slices.Equal(inside, w) {
		t.Errorf("-new-from-rev in libs/pyutil: %v, want %v", inside, w)
	}
}

// TestMonorepoBaselinePerProject: writing a baseline from inside a
// subproject and naming it in its configuration silences its findings
// in a run from the root, while the other projects' stay.
func TestMonorepoBaselinePerProject(t *testing.T) {
	g := copyMonorepo(t)
	if code, _, errs := g.runIn("web/app", "check", "-write-baseline", "base.json"); code != ExitClean {
		t.Fatalf("write-baseline: exit %d\n%s", code, errs)
	}
	cfg := filepath.Join(g.dir, "web/app/.iflint.yml")
	b, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g.write(map[string]string{"web/app/.iflint.yml": string(b) + "baseline: base.json\n"})
	for _, d := range g.diagnosticsIn(".", ".") {
		if under(d.Path, "web/app") {
			t.Errorf("web/app's baseline does not apply from the root: %v", d)
		}
	}
	if ds := g.diagnosticsIn(".", "."); !slices.ContainsFunc(ds, func(d engine.Diagnostic) bool { return path.Dir(d.Path) == "services/api" }) {
		t.Errorf("services/api's findings went away with web/app's baseline: %v", ds)
	}
}

// TestMonorepoFix: `iflint fix` from the root proves each subproject's
// fixes as if it ran there (libs/pyutil's test imports its package, so it
// passes only at libs/pyutil), and names files relative to the root.
func TestMonorepoFix(t *testing.T) {
	requirePython3(t)
	g := copyMonorepo(t)
	code, out, errs := g.runIn(".", "fix", ".")
	if code != ExitFindings {
		t.Fatalf("fix: exit %d\n%s", code, errs)
	}
	for _, w := range []string{
		"+++ b/libs/pyutil/pyutil/core.py", "+def write_all(path, rows):",
		"+++ b/web/app/src/index.js", "+++ b/services/api/server.go", "+func loadConfig() string {",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("the fix diff lacks %q:\n%s", w, out)
		}
	}
	if !strings.Contains(errs, `libs/pyutil/pyutil/core.py: naming_convention "python;function:snake_case" (fixer): verified by syntax, findings, regressions, tests (sh -c 'python3 -c "import pyutil.core"' passed`) {
		t.Errorf("libs/pyutil's fix was not proven by its tests in its directory:\n%s", errs)
	}
}

func requirePython3(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
}

// TestMonorepoInit: init -subprojects on the monorepo without its
// configurations writes one per detected subproject (the Go module, the
// Python package, the npm workspace member and the Cargo workspace
// member) from its own files, and one for the root's own files; each
// holds only its own languages, and a check from the root afterwards
// judges each file by the configuration written for its project.
func TestMonorepoInit(t *testing.T) {
	g := copyMonorepo(t)
	for _, p := range []string{".iflint.yml", "services/api/.iflint.yml", "libs/pyutil/.iflint.yml", "libs/pyutil/.iflint-baseline.json", "web/app/.iflint.yml"} {
		if err := os.Remove(filepath.Join(g.dir, p)); err != nil {
			t.Fatal(err)
		}
	}
	code, _, errs := g.runIn(".", "init", "-subprojects", "-min-units", "1", "-min", "0.6")
	if code != ExitClean {
		t.Fatalf("init -subprojects: exit %d\n%s", code, errs)
	}
	wantLangs := map[string][]string{
		".":            {"python;"},
		"crates/core":  {"rust;"},
		"libs/pyutil":  {"python;"},
		"services/api": {"go;"},
		"web/app":      {"javascript;"},
	}
	all := []string{"python;", "rust;", "go;", "javascript;"}
	for dir, langs := range wantLangs {
		b, err := os.ReadFile(filepath.Join(g.dir, dir, ".iflint.yml"))
		if err != nil {
			t.Errorf("no configuration for %s: %v\n%s", dir, err, errs)
			continue
		}
		for _, l := range all {
			if got := strings.Contains(string(b), "spec: "+l); got != slices.Contains(langs, l) {
				t.Errorf("%s/.iflint.yml: has %s constraints: %v, want %v\n%s", dir, l, got, !got, b)
			}
		}
		if dir != "." && !strings.Contains(errs, "wrote "+dir+"/.iflint.yml") {
			t.Errorf("the summary does not name %s:\n%s", dir, errs)
		}
	}
	for _, kind := range []string{"(Go module)", "(Python package)", "(npm workspace)", "(Cargo workspace member)"} {
		if !strings.Contains(errs, kind) {
			t.Errorf("the summary does not say which subproject is a %s:\n%s", kind, errs)
		}
	}
	// The root's configuration was read from its own two Python files
	// (scripts/release.py, build/generated.py), not the subprojects'.
	root, _ := os.ReadFile(filepath.Join(g.dir, ".iflint.yml"))
	if !strings.Contains(string(root), "from 2 files") {
		t.Errorf("the root's configuration was not read from its own file alone:\n%s", root)
	}
	// Without -subprojects, init says what it detected.
	if err := os.Remove(filepath.Join(g.dir, ".iflint.yml")); err != nil {
		t.Fatal(err)
	}
	if _, _, errs := g.runIn(".", "init", "-min-units", "1", "-min", "0.6"); !strings.Contains(errs, "4 subprojects detected: crates/core (Cargo workspace member), libs/pyutil (Python package), services/api (Go module), web/app (npm workspace)") {
		t.Errorf("init without -subprojects does not name the subprojects:\n%s", errs)
	}
}
