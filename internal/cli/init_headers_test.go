package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/infer"
)

// TestInitJudgesHeadersAsCheck: in a C++ repository whose headers end in
// ".h", init judges each header in the language its content shows, as
// check then does, so the units it counted for each C++ constraint are
// the units check judges.
func TestInitJudgesHeadersAsCheck(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < 30; i++ {
		h := fmt.Sprintf("#pragma once\n\nnamespace shapes {\n\nclass Widget%d {\n public:\n  int Area() const;\n  void Grow(int amount);\n\n private:\n  int size_;\n};\n\n}  // namespace shapes\n", i)
		cc := fmt.Sprintf("#include \"widget%d.h\"\n\nnamespace shapes {\n\nint Widget%d::Area() const {\n  return size_ * size_;\n}\n\nvoid Widget%d::Grow(int amount) {\n  size_ += amount;\n}\n\n}  // namespace shapes\n", i, i, i)
		for name, src := range map[string]string{fmt.Sprintf("include/widget%d.h", i): h, fmt.Sprintf("src/widget%d.cc", i): cc} {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if code, _, stderr := run(t, dir, "init"); code != ExitClean {
		t.Fatalf("init: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := run(t, dir, "check", "-format", "json")
	if code != ExitClean && code != ExitFindings {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	var rep checkJSON
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	ir, err := infer.Infer(context.Background(), dir, infer.Options{Min: infer.DefaultMin, MinUnits: infer.DefaultMinUnits})
	if err != nil {
		t.Fatal(err)
	}
	headers := 0
	for _, c := range ir.Chosen() {
		if c.Type == constraint.Indentation {
			continue // judged by lines, which check does not count
		}
		checked := 0
		for _, o := range rep.Outcomes {
			if o.Spec == c.Spec {
				checked += o.Checked
				if strings.HasSuffix(o.Path, ".h") && strings.HasPrefix(c.Spec, "cpp;") {
					headers++
				}
			}
		}
		if checked != c.Units {
			t.Errorf("%s: check judged %d units, init counted %d", c.Spec, checked, c.Units)
		}
	}
	if headers == 0 {
		t.Errorf("no header was checked under a C++ constraint; chosen: %v", ir.Chosen())
	}
}
