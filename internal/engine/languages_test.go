package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
)

// A ".h" file's language comes from its content, or from `languages:`;
// C++ constraints then apply to C++ headers, and a file no constraint
// applies to is listed as skipped, with its language.
func TestHeaderLanguageAndSkippedFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"include/counter.h": "class Counter {\npublic:\n  int n=0;\n};\n",
		"include/point.h":   "struct point { int x; };\nint norm(struct point p);\n",
		"vendorish/raw.h":   "struct raw { int x; };\n",
		"tool.py":           "def f():\n    return 1\n",
	}
	for p, s := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := mustConfig(t, `
languages:
  "vendorish/*.h": cpp
constraints:
  - type: indentation_spacing
    spec: cpp;spaces:4;spacing
`)
	res, err := CheckPaths(context.Background(), dir, []string{dir}, Options{Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string][]string{}
	for _, d := range res.Diagnostics {
		byPath[d.Path] = append(byPath[d.Path], d.Message)
	}
	if len(byPath["include/counter.h"]) == 0 {
		t.Errorf("the C++ header was not checked under the C++ constraint: %v", res)
	}
	var outcomes []string
	for _, o := range res.Outcomes {
		if o.Type == constraint.Indentation {
			outcomes = append(outcomes, o.Path)
		}
	}
	if strings.Join(outcomes, ",") != "include/counter.h,vendorish/raw.h" {
		t.Errorf("checked %v, want the C++ header and the header `languages:` makes C++", outcomes)
	}
	skipped := map[string]string{}
	for _, s := range res.Skipped {
		if s.Unconstrained {
			skipped[s.Path] = s.Language
		}
	}
	if skipped["include/point.h"] != "c" || skipped["tool.py"] != "python" || len(skipped) != 2 {
		t.Errorf("skipped %v, want the C header and the Python file, with their languages", skipped)
	}
}

func TestLanguagesConfigErrors(t *testing.T) {
	for y, want := range map[string]string{
		"languages: [a]\nconstraints: [{type: library, spec: python;x}]\n":              "test.yml:1: languages: expected a mapping",
		"languages: {\"*.h\": cobol}\nconstraints: [{type: library, spec: python;x}]\n": "test.yml:1: languages: \"cobol\" for \"*.h\": expected a language",
		"languages: {\"[\": c}\nconstraints: [{type: library, spec: python;x}]\n":       "bad glob",
	} {
		_, err := config.Parse("test.yml", []byte(y))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", y, err, want)
		}
	}
}

// An entry whose paths name a header applies to it as C or C++ alike.
func TestPathsNameHeaders(t *testing.T) {
	cfg := mustConfig(t, `
constraints:
  - type: indentation_spacing
    spec: cpp;spaces:4
    paths: ["include/*.h"]
`)
	cfg.LanguageOf("include/point.h", []byte("struct point { int x; };\n"))
	if got := Applicable(cfg, "include/point.h"); len(got) != 1 {
		t.Errorf("a C header named by paths: %d entries apply, want 1", len(got))
	}
	if got := Applicable(cfg, "src/point.h"); len(got) != 0 {
		t.Errorf("a header the paths do not name: %d entries apply, want 0", len(got))
	}
}

// A C++ header under C++ constraints only: read by name it may apply
// (MayApply), and its content decides (ApplicableTo), before any check
// has recorded its language.
func TestHeaderByContentBeforeCheck(t *testing.T) {
	cfg := mustConfig(t, `
constraints:
  - type: naming_convention
    spec: cpp;class:PascalCase
`)
	hdr := File{Path: "ring.h", Src: []byte("namespace ring {\nclass Buffer {\n public:\n  int size() const;\n};\n}\n")}
	cHdr := File{Path: "point.h", Src: []byte("struct point { int x; };\n")}
	if !MayApply(cfg, hdr.Path) {
		t.Error("MayApply(ring.h) = false under a C++ constraint")
	}
	if MayApply(cfg, "tool.py") {
		t.Error("MayApply(tool.py) = true under a C++ constraint")
	}
	if got := ApplicableTo(cfg, hdr); len(got) != 1 {
		t.Errorf("ApplicableTo(C++ header) = %d entries, want 1", len(got))
	}
	if got := ApplicableTo(cfg, cHdr); len(got) != 0 {
		t.Errorf("ApplicableTo(C header) = %d entries, want 0", len(got))
	}
}

// The embedded default leaves build output out: a dist/ bundle and a
// minified script are not read, the source beside them is.
func TestDefaultExcludesBuildOutput(t *testing.T) {
	cfg, err := config.Parse("embedded default", config.Default)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, p := range []string{"src/app.js", "dist/app.js", "packages/ui/dist/esm/ui.js", "public/vendor.min.js"} {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("var bad_name = 1;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := ReadFiles(dir, []string{dir}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files.Files {
		got = append(got, f.Path)
	}
	if strings.Join(got, " ") != "src/app.js" {
		t.Errorf("read %v, want only src/app.js", got)
	}
}
