package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/engine"
)

func diag(path, fp string, line int) engine.Diagnostic {
	return engine.Diagnostic{Path: path, Line: line, Type: "naming_convention", Spec: "python;function:snake_case", Message: "m " + fp, Fingerprint: fp}
}

// TestFilterIsAMultiset: a baseline accepting a fingerprint twice accepts
// two findings with it, wherever they moved, and a third is new.
func TestFilterIsAMultiset(t *testing.T) {
	b := FromDiagnostics([]engine.Diagnostic{diag("a.py", "x", 1), diag("a.py", "x", 9), diag("b.py", "y", 3)})
	if b.Total() != 3 || len(b.Findings) != 2 {
		t.Fatalf("baseline %+v", b)
	}
	fresh, n := b.Filter([]engine.Diagnostic{diag("a.py", "x", 40), diag("a.py", "x", 50), diag("a.py", "x", 60), diag("b.py", "y", 90), diag("c.py", "z", 1)})
	if n != 3 || len(fresh) != 2 || fresh[0].Line != 60 || fresh[1].Path != "c.py" {
		t.Errorf("accepted %d, fresh %+v", n, fresh)
	}
}

func TestWriteIsDeterministicAndLoads(t *testing.T) {
	ds := []engine.Diagnostic{diag("b.py", "y", 3), diag("a.py", "x", 1), diag("a.py", "x", 2)}
	one, _ := FromDiagnostics(ds).Marshal()
	two, _ := FromDiagnostics([]engine.Diagnostic{ds[2], ds[0], ds[1]}).Marshal()
	if string(one) != string(two) {
		t.Errorf("order-dependent output:\n%s\n%s", one, two)
	}
	if strings.Contains(string(one), `"line"`) {
		t.Errorf("line numbers in the baseline:\n%s", one)
	}
	p := filepath.Join(t.TempDir(), "b.json")
	if err := Write(p, FromDiagnostics(ds)); err != nil {
		t.Fatal(err)
	}
	b, err := Load(p)
	if err != nil || b.Total() != 3 {
		t.Fatalf("load: %v %+v", err, b)
	}
}

func TestLoadErrorsSayWhatWasExpected(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"version.json": `{"version": 2, "findings": []}`,
		"garbage.json": `[1, 2]`,
		"count.json":   `{"version": 1, "findings": [{"fingerprint": "x", "count": 0}]}`,
		"unknown.json": `{"version": 1, "findings": [], "extra": true}`,
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(p); err == nil || !strings.Contains(err.Error(), "expected") || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := Load(filepath.Join(dir, "missing.json")); err == nil || !strings.Contains(err.Error(), "-write-baseline") {
		t.Errorf("missing: %v", err)
	}
}
