package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/lang"
)

func checkSrc(t *testing.T, yml, path, src string) []Diagnostic {
	t.Helper()
	cfg, err := config.Parse("test", []byte(yml))
	if err != nil {
		t.Fatal(err)
	}
	return mustCheck(context.Background(), []File{{Path: path, Src: []byte(src)}}, Options{Config: cfg}).Diagnostics
}

func fingerprints(ds []Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Fingerprint)
	}
	return out
}

func distinct(t *testing.T, ds []Diagnostic) {
	t.Helper()
	seen := map[string]Diagnostic{}
	for _, d := range ds {
		if o, ok := seen[d.Fingerprint]; ok {
			t.Errorf("%s:%d and line %d share fingerprint %s (%s)", d.Path, d.Line, o.Line, d.Fingerprint, d.Message)
		}
		seen[d.Fingerprint] = d
	}
}

// TestFingerprintsTellIdenticalLinesApart: the same finding on the same
// line text in two classes differs by the enclosing declaration; two in
// one function by the occurrence index; none changes when code above
// moves them.
func TestFingerprintsTellIdenticalLinesApart(t *testing.T) {
	const yml = "version: 1\nconstraints:\n  - type: indentation_spacing\n    spec: python;spaces:4;spacing\n"
	src := "class A:\n    def f(self, a):\n        b=a\n        return b\n\n\nclass B:\n    def f(self, a):\n        b=a\n        return b\n"
	ds := checkSrc(t, yml, "m.py", src)
	if len(ds) != 2 {
		t.Fatalf("%d findings, want 2: %+v", len(ds), ds)
	}
	distinct(t, ds)
	moved := checkSrc(t, yml, "m.py", "import os\n\n\n"+src)
	if got, want := fingerprints(moved), fingerprints(ds); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("moving the code changed the fingerprints: %v, were %v", got, want)
	}
	if other := checkSrc(t, yml, "n.py", src); fingerprints(other)[0] == ds[0].Fingerprint {
		t.Error("the fingerprint ignores the path")
	}

	const java = "version: 1\nconstraints:\n  - type: brace_block_formatting\n    spec: java;Allman\n"
	body := "public class T {\n    int f(int x) {\n        if (x > 0) {\n            return 1;\n        } else {\n            return 2;\n        }\n    }\n\n    int g(int x) {\n        if (x > 0) {\n            return 1;\n        } else {\n            return 2;\n        }\n    }\n}\n"
	bs := checkSrc(t, java, "T.java", body)
	if len(bs) < 4 {
		t.Fatalf("%d brace findings, want several: %+v", len(bs), bs)
	}
	distinct(t, bs)
	// A second identical method: its findings are new, the first's stay.
	twice := checkSrc(t, java, "T.java", strings.Replace(body, "    int g(", "    int f(int y) {\n        if (y > 0) {\n            return 1;\n        } else {\n            return 2;\n        }\n    }\n\n    int g(", 1))
	distinct(t, twice)
	old := map[string]bool{}
	for _, fp := range fingerprints(bs) {
		old[fp] = true
	}
	kept := 0
	for _, fp := range fingerprints(twice) {
		if old[fp] {
			kept++
		}
	}
	if kept != len(bs) || len(twice) <= len(bs) {
		t.Errorf("%d of %d old fingerprints kept among %d; want all kept and the copy's new", kept, len(bs), len(twice))
	}
}

func TestFingerprintDeclarationNames(t *testing.T) {
	for _, tc := range []struct{ path, src, at, want string }{
		{"a.py", "class A:\n    def f(self):\n        x = 1\n", "x = 1", "A.f"},
		{"a.go", "package p\n\ntype S struct{}\n\nfunc (s *S) Run() {\n\tx := 1\n\t_ = x\n}\n", "x := 1", "S.Run"},
		{"a.rs", "impl Foo {\n    fn bar(&self) {\n        let x = 1;\n    }\n}\n", "let x", "Foo.bar"},
		{"a.c", "int add(int a, int b) {\n    return a + b;\n}\n", "return", "add"},
		{"a.java", "class K {\n    void m() {\n        int x = 1;\n    }\n}\n", "int x", "K.m"},
		{"a.js", "class K {\n  m() {\n    let x = 1;\n  }\n}\nfunction g() { return 2; }\n", "let x", "K.m"},
	} {
		u := checkUnit(tc.path, tc.src)
		if got := declarations(u, fileLang(tc.path)).around(strings.Index(tc.src, tc.at)); got != tc.want {
			t.Errorf("%s: declaration around %q = %q, want %q", tc.path, tc.at, got, tc.want)
		}
	}
}

func checkUnit(path, src string) *check.Unit {
	return check.NewUnit(context.Background(), path, []byte(src), check.Lint)
}

// TestSweepIsAround: the one-pass sweep names the same enclosing
// declarations as around, at every offset of a nested list.
func TestSweepIsAround(t *testing.T) {
	l := declList{{0, 100, "A"}, {5, 40, "f"}, {10, 20, "g"}, {40, 60, "h"}, {70, 90, "B"}, {72, 80, "m"}, {120, 130, "C"}}
	sweep := l.sweep()
	for off := 0; off < 140; off++ {
		if got, want := sweep(off), l.around(off); got != want {
			t.Fatalf("offset %d: sweep %q, around %q", off, got, want)
		}
	}
}

// fileLang is a file's language by its extension.
func fileLang(path string) lang.ID {
	if in, ok := lang.ByPath(path); ok {
		return in.ID
	}
	return lang.Unknown
}
