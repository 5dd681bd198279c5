package constraint

import (
	"encoding/json"
	"github.com/iflint/iflint/internal/goldentest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lintevaltest"
)

// TestSpecs runs the cases in testdata/specs.txt through ParseAnswer
// (the benchmark's parser) and those in testdata/user_specs.txt through
// ParseSpec (the configuration's, which validates vocabularies).
func TestSpecs(t *testing.T) {
	runSpecCases(t, filepath.Join("testdata", "specs.txt"), ParseAnswer)
	runSpecCases(t, filepath.Join("testdata", "user_specs.txt"), ParseSpec)
}

func runSpecCases(t *testing.T, path string, parse func(Type, string) (Constraint, error)) {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if strings.HasPrefix(line, "#") || line == "" {
			out = append(out, line)
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 2 {
			t.Fatalf("%s:%d: expected <type> TAB <spec> TAB <want>", path, i+1)
		}
		spec := strings.ReplaceAll(f[1], `\n`, "\n")
		c, err := parse(Type(f[0]), spec)
		got := ""
		if err != nil {
			got = "error: " + err.Error()
		} else {
			c.Spec = ""
			j, _ := json.Marshal(c)
			got = string(j)
		}
		if goldentest.Updating() {
			out = append(out, f[0]+"\t"+f[1]+"\t"+got)
			continue
		}
		if len(f) < 3 || f[2] != got {
			want := ""
			if len(f) > 2 {
				want = f[2]
			}
			t.Errorf("%s:%d: parse(%s, %q)\n got: %s\nwant: %s", path, i+1, f[0], spec, got, want)
		}
	}
	if goldentest.Updating() {
		if err := os.WriteFile(path, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

type task struct {
	Category   string `json:"category"`
	Constraint string `json:"constraint"`
	Answer     string `json:"answer"`
}

// TestEveryDatasetAnswerParses parses every answer of the MultiCodeIF
// single- and multi-level task files (LINTEVAL_DATA; required in CI).
func TestEveryDatasetAnswerParses(t *testing.T) {
	dir := lintevaltest.Dir(t)
	root := filepath.Join(dir, "multicodeif", "dataset", "instructions")
	files, _ := filepath.Glob(filepath.Join(root, "single_level", "*.json"))
	if len(files) != 27 {
		t.Fatalf("found %d single-level task files, want 27", len(files))
	}
	n := 0
	for _, f := range files {
		typ, err := FromDataset(strings.TrimSuffix(filepath.Base(f), ".json"))
		if err != nil {
			t.Fatal(err)
		}
		for i, tk := range readTasks(t, f) {
			c, err := ParseAnswer(typ, tk.Answer)
			if err != nil {
				t.Errorf("%s[%d]: %v", f, i, err)
				continue
			}
			if typ.Method() == ByRule && c.Lang == "" {
				t.Errorf("%s[%d]: no language parsed from %q", f, i, tk.Answer)
			}
			n++
		}
	}
	for i, tk := range readTasks(t, filepath.Join(root, "multi_level", "data_structure.json")) {
		if _, err := ParseLevel(tk.Answer); err != nil {
			t.Errorf("multi_level[%d]: %v", i, err)
		}
		n++
	}
	if n != 1526+660 {
		t.Errorf("parsed %d answers, want %d", n, 1526+660)
	}
}

func readTasks(t *testing.T, path string) []task {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ts []task
	if err := json.Unmarshal(b, &ts); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return ts
}

func TestTaxonomy(t *testing.T) {
	all := All()
	if len(all) != 27 {
		t.Fatalf("%d types, want 27", len(all))
	}
	perCat := map[Category]int{}
	for _, in := range all {
		perCat[in.Category]++
		if in.Doc == "" || in.Method == "" || in.Dataset == "" {
			t.Errorf("%s: missing doc, method or dataset", in.Type)
		}
	}
	if len(perCat) != 9 || len(Categories) != 9 {
		t.Errorf("%d categories, want 9", len(perCat))
	}
	for _, c := range Categories {
		if perCat[c] == 0 {
			t.Errorf("category %s has no type", c)
		}
	}
	if len(DatasetFiles()) != 27 {
		t.Errorf("DatasetFiles: %d", len(DatasetFiles()))
	}
}

func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"python;class:PascalCase,function:snake_case", "rust;BinaryHeap;['push','pop']", "C++;tabs;no spacing", "java;jdk11", "Cpp;manageContacts;Struct: Contact", "Go;x;[[]float64,map[string]bool]", ";;", "[", "c#;string.Split"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		for _, in := range All() {
			c, err := ParseAnswer(in.Type, spec)
			if err == nil && in.Method == ByRule && c.Lang == "" {
				t.Errorf("%s: %q parsed without a language", in.Type, spec)
			}
			if err != nil && !strings.Contains(err.Error(), "expected") {
				t.Errorf("%s: error without expectation: %v", in.Type, err)
			}
		}
		_, _ = ParseLevel(spec)
	})
}
