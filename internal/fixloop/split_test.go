package fixloop

import (
	"context"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/toolchain"
)

// TestSplitKeepsIndependentFindings is cJSON's case (issue 18): many
// findings share one message ("opening brace should be on its own
// line"), and the whole candidate fails because of one of them: here
// g's brace, whose move changes the line __LINE__ expands to, so the
// compiler proof (gcc, which cgo requires anyway) refuses it. Each other
// finding's piece must be verified on its own, labelled with its own
// position, and kept.
func TestSplitKeepsIndependentFindings(t *testing.T) {
	dir := writeRepo(t, map[string]string{
		".iflint.yml": "version: 1\nprofile: lint\nconstraints:\n  - type: indentation_spacing\n    spec: c;spaces:4\n  - type: brace_block_formatting\n    spec: c;Allman\n",
		"a.c":         "int g(void) {\n    return __LINE__;\n}\n\nint f(int x) {\n    return x;\n}\n\nint h(int x) {\n    return x;\n}\n",
	})
	cfg, files := loadRepo(t, dir)
	res, err := Fix(context.Background(), files, FixOptions{Options: engine.Options{Config: cfg}, Root: dir, Prover: &toolchain.Equivalence{Root: dir}})
	if err != nil {
		t.Fatal(err)
	}
	var kept, labels []string
	for _, c := range res.Candidates {
		if strings.Contains(c.Reason, "same result as an earlier candidate") {
			t.Errorf("a piece was dropped as a repeat: %s %s", c.Part, c.Reason)
		}
		if c.Accepted && c.Part != "" {
			kept = append(kept, c.Part)
		}
		labels = append(labels, c.Part+" -> "+string(c.Stage)+" "+c.Reason)
	}
	want := []string{"5:14 opening brace should be on its own line (Allman)", "10:14 opening brace should be on its own line (Allman)"} // h moved down a line by f's piece
	if strings.Join(kept, "|") != strings.Join(want, "|") {
		t.Errorf("kept pieces %q, want %q; candidates:\n%s", kept, want, strings.Join(labels, "\n"))
	}
	if res.After == nil || len(res.After.Diagnostics) != 1 {
		t.Errorf("want only g's brace left, got %+v", res.After)
	}
}
