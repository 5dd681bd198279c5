package langversion

import (
	"context"
	"os/exec"
	"strings"
	"testing"

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
