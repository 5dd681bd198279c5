package clangformat

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func parseFile(t *testing.T, name string) (Style, bool, error) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return Parse(name, b)
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		file          string
		ok            bool
		indent, brace string
	}{
		// LLVM with 4 spaces and Allman braces.
		{"nlohmann_like.clang-format", true, "spaces:4", "Allman"}, // Allman written out
		// The Cpp document governs C and C++; WebKit braces break
		// before functions only, which no iflint style is.
		{"per_language.clang-format", true, "tabs", ""},
		{"js_only.clang-format", false, "", ""},
		// A Cpp section without BasedOnStyle starts from the default
		// section: Google with 4 spaces and Allman braces.
		{"inherits_default.clang-format", true, "spaces:4", "Allman"},
		// nlohmann/json's: Custom, Allman but for namespaces and
		// extern blocks, whose braces iflint's Allman judges too.
		{"custom_allman_but_namespace.clang-format", true, "spaces:4", ""},
		{"custom_allman.clang-format", true, "spaces:2", "Allman"},
		// Numbers and booleans quoted (Catch2's): read as clang-format
		// reads them.
		{"quoted_values.clang-format", true, "spaces:4", "1TBS"},
	} {
		s, ok, err := parseFile(t, tc.file)
		if err != nil || ok != tc.ok {
			t.Fatalf("%s: ok %v err %v, want ok %v", tc.file, ok, err, tc.ok)
		}
		if !ok {
			continue
		}
		in, why := s.Indentation()
		br, whyB := s.Braces()
		if in != tc.indent || br != tc.brace {
			t.Errorf("%s (%s): indentation %q (%s), braces %q (%s); want %q, %q", tc.file, s.Describe(), in, why, br, whyB, tc.indent, tc.brace)
		}
		if br == "" && whyB == "" {
			t.Errorf("%s: no brace value and no reason", tc.file)
		}
	}
	if _, _, err := parseFile(t, "bad_base.clang-format"); err == nil || !strings.Contains(err.Error(), `BasedOnStyle "Linux"`) {
		t.Errorf("an unknown base style: err %v", err)
	}
}

// TestBaseStylesMatchClangFormat holds the predefined styles' options to
// the installed clang-format's own --dump-config.
func TestBaseStylesMatchClangFormat(t *testing.T) {
	if _, err := exec.LookPath("clang-format"); err != nil {
		t.Skip("clang-format is not installed (.ci/run installs it)")
	}
	for name, want := range base {
		out, err := exec.Command("clang-format", "--style="+name, "--dump-config").Output()
		if err != nil {
			t.Fatal(err)
		}
		get := func(key string) string {
			m := regexp.MustCompile(`(?m)^` + key + `:\s*(\S+)`).FindSubmatch(out)
			if m == nil {
				t.Fatalf("%s: no %s in --dump-config", name, key)
			}
			return string(m[1])
		}
		atoi := func(key string) int {
			n, err := strconv.Atoi(get(key))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		got := Style{IndentWidth: atoi("IndentWidth"), TabWidth: atoi("TabWidth"), UseTab: get("UseTab"),
			BreakBeforeBraces: get("BreakBeforeBraces"), AccessModifierOffset: atoi("AccessModifierOffset"),
			IndentPPDirectives: get("IndentPPDirectives"), IndentCaseLabels: get("IndentCaseLabels") == "true",
			IndentGotoLabels:     get("IndentGotoLabels") == "true",
			NamespaceIndentation: get("NamespaceIndentation"), ContinuationIndentWidth: atoi("ContinuationIndentWidth"),
			AlignAfterOpenBracket: get("AlignAfterOpenBracket"), ColumnLimit: atoi("ColumnLimit"),
			ConstructorInitializerIndentWidth: atoi("ConstructorInitializerIndentWidth"),
			BreakConstructorInitializers:      get("BreakConstructorInitializers"),
			AlignOperands:                     get("AlignOperands")}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: clang-format says %+v, the table %+v", name, got, want)
		}
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "src", "lib")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := Find(root, sub); got != "" {
		t.Errorf("no .clang-format: got %q", got)
	}
	top := filepath.Join(root, ".clang-format")
	os.WriteFile(top, []byte("BasedOnStyle: LLVM\n"), 0o644)
	if got := Find(root, sub); got != top {
		t.Errorf("got %q, want %q", got, top)
	}
	near := filepath.Join(root, "src", "_clang-format")
	os.WriteFile(near, []byte("BasedOnStyle: LLVM\n"), 0o644)
	if got := Find(root, sub); got != near {
		t.Errorf("the nearest: got %q, want %q", got, near)
	}
}

// TestParseMatchesClangFormat holds Parse to the installed
// clang-format's reading of each testdata file as a repository's
// .clang-format.
func TestParseMatchesClangFormat(t *testing.T) {
	if _, err := exec.LookPath("clang-format"); err != nil {
		t.Skip("clang-format is not installed (.ci/run installs it)")
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.clang-format"))
	for _, f := range files {
		s, ok, err := parseFile(t, filepath.Base(f))
		if err != nil || !ok {
			continue // clang-format refuses these too (bad base, no Cpp section)
		}
		dir := t.TempDir()
		b, _ := os.ReadFile(f)
		os.WriteFile(filepath.Join(dir, ".clang-format"), b, 0o644)
		cmd := exec.Command("clang-format", "--dump-config", "--assume-filename=a.cpp")
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for key, want := range map[string]string{"IndentWidth": strconv.Itoa(s.IndentWidth), "TabWidth": strconv.Itoa(s.TabWidth),
			"UseTab": s.UseTab, "BreakBeforeBraces": s.BreakBeforeBraces, "IndentPPDirectives": s.IndentPPDirectives} {
			m := regexp.MustCompile(`(?m)^` + key + `:\s*(\S+)`).FindSubmatch(out)
			if m == nil || string(m[1]) != want {
				t.Errorf("%s: %s is %q to clang-format, %q to Parse", f, key, m, want)
			}
		}
	}
}
