package langversion

import (
	"context"
	"math/rand"
	"os"
	"os/exec"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
)

// These tests drive the toolchain path with whatever compilers this
// machine has; each skips when its toolchain is absent (as in CI).

func runVersion(t *testing.T, tc check.Toolchains, p check.Profile, spec, code string) check.Result {
	t.Helper()
	c, err := constraint.ParseAnswer(constraint.LanguageVer, spec)
	if err != nil {
		t.Fatal(err)
	}
	u := check.NewUnit(context.Background(), "", []byte(code), p)
	u.Toolchains = tc
	return runRule(u, c)
}

func needToolchain(t *testing.T, tc *toolchain.SystemToolchains, id lang.ID, version string) {
	t.Helper()
	if _, ok := tc.Find(id, version); !ok {
		t.Skipf("no %s %s toolchain installed", id, version)
	}
}

func TestToolchainPython(t *testing.T) {
	tc := &toolchain.SystemToolchains{}
	for _, v := range []string{"3.8", "3.10", "3.11", "3.13"} {
		t.Run(v, func(t *testing.T) {
			needToolchain(t, tc, lang.Python, v)
			r := runVersion(t, tc, check.Lint, "python;"+v, "def f(x):\n    return x\n")
			if r.Verdict != check.Pass || r.Method != check.MethodToolchain {
				t.Fatalf("valid code: got %s (%s): %s", r.Verdict, r.Method, r.Reason)
			}
			r = runVersion(t, tc, check.Lint, "python;"+v, "x = 1\nprint 'hi'\n")
			if r.Verdict != check.Fail || r.Method != check.MethodToolchain {
				t.Fatalf("python 2 print: got %s (%s): %s", r.Verdict, r.Method, r.Reason)
			}
			if len(r.Findings) == 0 || r.Findings[0].Start != 6 {
				t.Errorf("finding should point at line 2: %+v", r.Findings)
			}
			r = runVersion(t, tc, check.Lint, "python;"+v, "match x:\n    case 1:\n        pass\n")
			want := check.Pass
			if v == "3.8" {
				want = check.Fail
			}
			if r.Verdict != want {
				t.Errorf("match statement on %s: got %s: %s", v, r.Verdict, r.Reason)
			}
		})
	}
}

func TestToolchainJava(t *testing.T) {
	tc := &toolchain.SystemToolchains{}
	needToolchain(t, tc, lang.Java, "jdk17")
	code := "public class Main {\n    public static void main(String[] args) {\n        var s = \"\"\"\n            hi\"\"\";\n        System.out.println(s);\n    }\n}\n"
	// The paper compiles every answer as Test.java.
	if r := runVersion(t, tc, check.MultiCodeIF, "java;jdk17", code); r.Verdict != check.Fail || r.Method != check.MethodToolchain {
		t.Errorf("multicodeif: public class Main in Test.java should fail, got %s (%s): %s", r.Verdict, r.Method, r.Reason)
	}
	if r := runVersion(t, tc, check.Lint, "java;jdk17", code); r.Verdict != check.Pass {
		t.Errorf("lint: got %s: %s", r.Verdict, r.Reason)
	}
	t.Run("release11", func(t *testing.T) {
		needToolchain(t, tc, lang.Java, "jdk11")
		// Text blocks need JDK 15.
		r := runVersion(t, tc, check.Lint, "java;jdk11", code)
		if r.Verdict != check.Fail || len(r.Findings) == 0 {
			t.Errorf("text block on JDK 11: got %s: %s", r.Verdict, r.Reason)
		}
	})
}

func TestToolchainRust(t *testing.T) {
	if _, err := exec.LookPath("rustc"); err != nil {
		t.Skip("no rustc")
	}
	out, err := exec.Command("rustc", "--version").Output()
	if err != nil {
		t.Skip("rustc --version failed")
	}
	version := strings.Fields(string(out))[1]
	tc := &toolchain.SystemToolchains{}
	needToolchain(t, tc, lang.Rust, version)
	code := "pub async fn double(x: u32) -> u32 { x * 2 }\n"
	// Without --edition rustc compiles as 2015, where async fn is an
	// error. The paper's table stops at 1.87.0, so pose as that version.
	alias := aliasToolchain{tc, "1.87.0", version}
	if r := runVersion(t, alias, check.MultiCodeIF, "rust;1.87.0", code); r.Verdict != check.Fail || r.Method != check.MethodToolchain {
		t.Errorf("multicodeif: got %s (%s): %s", r.Verdict, r.Method, r.Reason)
	}
	if r := runVersion(t, tc, check.Lint, "rust;"+version, code); r.Verdict != check.Pass {
		t.Errorf("lint: got %s: %s", r.Verdict, r.Reason)
	}
	r := runVersion(t, tc, check.Lint, "rust;"+version, "use serde::Serialize;\n")
	if r.Verdict != check.Fail || len(r.Findings) == 0 {
		t.Errorf("external crate: got %s: %s", r.Verdict, r.Reason)
	}
}

// aliasToolchain answers for one version with another's compiler.
type aliasToolchain struct {
	inner    check.Toolchains
	from, to string
}

func (a aliasToolchain) Find(id lang.ID, v string) ([]string, bool) {
	if v == a.from {
		v = a.to
	}
	return a.inner.Find(id, v)
}

func TestFindUnknownVersions(t *testing.T) {
	tc := &toolchain.SystemToolchains{PyenvRoot: t.TempDir(), JVMDir: t.TempDir()}
	for _, c := range []struct {
		id lang.ID
		v  string
	}{{lang.Python, "3.99"}, {lang.Python, "banana"}, {lang.Java, "jdk999"}, {lang.Rust, "1.0.0-nope"}, {lang.Go, "1.21"}} {
		if cmd, ok := tc.Find(c.id, c.v); ok {
			t.Errorf("Find(%s, %q) = %v, want none", c.id, c.v, cmd)
		}
	}
}

func TestFindPythonDoesNotConfuse31With310(t *testing.T) {
	root := t.TempDir()
	bin := root + "/versions/3.10.4/bin"
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin+"/python", []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tc := &toolchain.SystemToolchains{PyenvRoot: root}
	if cmd, ok := tc.Find(lang.Python, "3.10"); !ok || cmd[0] != bin+"/python" {
		t.Errorf("3.10: got %v %v", cmd, ok)
	}
	tc = &toolchain.SystemToolchains{PyenvRoot: root}
	if cmd, ok := tc.Find(lang.Python, "3.1"); ok && strings.HasPrefix(cmd[0], root) {
		t.Errorf("3.1 must not resolve to 3.10: %v", cmd)
	}
}

func TestCompilerEnvDropsSecrets(t *testing.T) {
	t.Setenv("GITHUB_TOKEN", "x")
	t.Setenv("OPENAI_API_KEY", "x")
	t.Setenv("INPUT_FOO", "x")
	t.Setenv("ACTIONS_RUNTIME_URL", "x")
	t.Setenv("MY_DB_PASSWORD", "x")
	t.Setenv("IFLINT_HARMLESS", "kept")
	env := strings.Join(toolchain.CompilerEnv(map[string]string{"JAVA_HOME": "/jdk"}), "\n")
	for _, k := range []string{"GITHUB_TOKEN", "OPENAI_API_KEY", "INPUT_FOO", "ACTIONS_RUNTIME_URL", "MY_DB_PASSWORD"} {
		if strings.Contains(env, k+"=") {
			t.Errorf("%s leaked into the compiler environment", k)
		}
	}
	if !strings.Contains(env, "IFLINT_HARMLESS=kept") || !strings.Contains(env, "JAVA_HOME=/jdk") {
		t.Errorf("environment lost ordinary variables")
	}
}

func TestCompileTimeoutKillsProcessGroup(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	// The background sleep keeps stdout open: only killing the whole
	// process group lets the compile return promptly.
	r := toolchain.CompileFile(ctx, []string{sh, "-c", "sleep 30 & sleep 30", "x"}, nil, "f.txt", []byte("x"), nil)
	if !r.TimedOut {
		t.Errorf("want a timeout, got %+v", r)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("compile took %s after the deadline; process group not killed", d)
	}
}

// TestRustAPIWordsMatchesRegexp pins rustAPIWords to the regexp it
// replaces.
func TestRustAPIWordsMatchesRegexp(t *testing.T) {
	word := regexp.MustCompile(`^[A-Za-z0-9_]+$`)
	var names []string
	for k := range rustAPIs {
		if !word.MatchString(k) {
			t.Fatalf("rustAPIs name %q is not made of ASCII word characters", k)
		}
		names = append(names, k)
	}
	pieces := append([]string{" ", "\n", ".", "::", "(", "é", "_", "x", "1", "\xff", "ß", "!"}, names...)
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		var b []byte
		for n := r.Intn(12); n > 0; n-- {
			b = append(b, pieces[r.Intn(len(pieces))]...)
		}
		want := rustAPIRe().FindAllIndex(b, -1)
		got := rustAPIWords(b)
		if len(want) == 0 && len(got) == 0 {
			continue
		}
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("%q: regexp %v, words %v", b, want, got)
		}
	}
}
