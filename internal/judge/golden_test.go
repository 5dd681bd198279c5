package judge

import (
	"github.com/iflint/iflint/internal/goldentest"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/iflint/iflint/internal/constraint"
)

// goldenSpecs is one small MultiCodeIF-shaped answer per judged type.
var goldenSpecs = map[constraint.Type]string{
	constraint.InputRange:      "Python;clamp_score;int;0 <= score <= 100",
	constraint.OutputRange:     "Python;float;Precision to 2 digits",
	constraint.Framework:       "python;flask;\nFramework Description: Flask is a lightweight WSGI web framework.",
	constraint.AlgorithmType:   "binary search",
	constraint.TimeComplexity:  "O(log n)",
	constraint.SpaceComplexity: "O(1)",
	constraint.Declaration:     "python;- **Declaration Style Type** : explicitTypes\n- **Explanation** : Annotate every parameter and return type.",
	constraint.Quality:         "def add(a: int, b: int) -> int:\n    return a + b",
	constraint.ScenarioType:    "```python\ndef add(a, b):\n    return a + b\n```",
	constraint.Context:         "```python\nclass Calc:\n    def add(self, a, b):\n        return a + b\n```",
	constraint.Example:         "```python\ndef sub(a, b):\n    return a - b\n```",
}

func goldenTask(t testing.TB, typ constraint.Type) Task {
	t.Helper()
	c, err := constraint.ParseAnswer(typ, goldenSpecs[typ])
	if err != nil {
		t.Fatal(err)
	}
	return Task{
		Prompt:     "Write a Python function `find(xs, x)` that returns the index of x in the sorted list xs, or -1.",
		Constraint: c,
		Code:       "def find(xs, x):\n    lo, hi = 0, len(xs) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n        if xs[mid] == x:\n            return mid\n        if xs[mid] < x:\n            lo = mid + 1\n        else:\n            hi = mid - 1\n    return -1\n",
	}
}

func judgedTypes() []constraint.Type {
	var out []constraint.Type
	for _, in := range constraint.All() {
		if in.Method == constraint.ByJudge {
			out = append(out, in.Type)
		}
	}
	return out
}

func TestRenderGolden(t *testing.T) {
	types := judgedTypes()
	if len(types) != 11 {
		t.Fatalf("%d judged types, want 11", len(types))
	}
	for _, typ := range types {
		t.Run(string(typ), func(t *testing.T) {
			got, err := Render(goldenTask(t, typ), false)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, string(typ)+".out", got)
		})
	}
	got, err := Render(goldenTask(t, constraint.AlgorithmType), true)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "algorithm_type.compat.out", got)
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	goldentest.Check(t, path, []byte(got))
}

func TestRenderRejectsRuleTypes(t *testing.T) {
	if _, err := Render(Task{Constraint: constraint.Constraint{Type: constraint.Library}}, false); err == nil {
		t.Fatal("Render accepted a rule-decided type")
	}
	if _, err := TemplateVersion(constraint.Library); err == nil {
		t.Fatal("TemplateVersion accepted a rule-decided type")
	}
}

func TestTemplateVersions(t *testing.T) {
	seen := map[string]constraint.Type{}
	for _, typ := range judgedTypes() {
		v, err := TemplateVersion(typ)
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`^\d+\.\d+-[0-9a-f]{12}$`).MatchString(v) {
			t.Errorf("%s: version %q, want N.M-<hash>", typ, v)
		}
		if other, dup := seen[v]; dup {
			t.Errorf("%s and %s share version %q", typ, other, v)
		}
		seen[v] = typ
	}
}

func TestFence(t *testing.T) {
	if got := fence("a ```go\nx\n``` b"); got != "````\na ```go\nx\n``` b\n````" {
		t.Fatalf("fence = %q", got)
	}
}
