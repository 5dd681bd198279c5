package fixloop

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/verify"
)

// benchFile is a 60-function Python module with camelCase functions
// under a snake_case constraint: a realistic file for one fix.
func benchFile() []byte {
	var b strings.Builder
	b.WriteString("import math\n\n\nclass Geometry:\n    def __init__(self, scale):\n        self.scale = scale\n\n")
	for i := range 60 {
		fmt.Fprintf(&b, "    def computeArea%d(self, width, height):\n        total = width * height * self.scale\n        if total > %d:\n            return math.sqrt(total)\n        return total + %d\n\n", i, i*10, i)
	}
	b.WriteString("\ndef runAll(g):\n    return [g.computeArea0(1, 2), g.computeArea1(3, 4)]\n")
	return []byte(b.String())
}

const benchConfig = `version: 1
constraints:
  - type: naming_convention
    spec: python;class:PascalCase,function:snake_case
  - type: indentation_spacing
    spec: python;spaces:4
  - type: function
    spec: python;math.sqrt
  - type: library
    spec: python;math
`

// BenchmarkCheckFile is the baseline: checking the file once.
func BenchmarkCheckFile(b *testing.B) {
	cfg, err := config.Parse("bench", []byte(benchConfig))
	if err != nil {
		b.Fatal(err)
	}
	src := benchFile()
	ctx := context.Background()
	for b.Loop() {
		r := mustCheck(ctx, []engine.File{{Path: "geometry.py", Src: src}}, engine.Options{Config: cfg, Workers: 1})
		if len(r.Diagnostics) != 61 {
			b.Fatalf("%d diagnostics, want 61", len(r.Diagnostics))
		}
	}
}

// BenchmarkVerifyFix measures what verification adds for a
// deterministic candidate without tests: the syntax, findings and
// regressions stages on the fixed file (the candidate is computed
// once, outside the loop). Compare its median with BenchmarkCheckFile's
// from the same run; the target is less than 2x.
func BenchmarkVerifyFix(b *testing.B) {
	cfg, err := config.Parse("bench", []byte(benchConfig))
	if err != nil {
		b.Fatal(err)
	}
	src := benchFile()
	ctx := context.Background()
	f := &fixer{o: FixOptions{Options: engine.Options{Config: cfg}}, res: &FixResult{}, cur: map[string][]byte{}, orig: map[string][]byte{}}
	entries := engine.Applicable(cfg, "geometry.py")
	naming := entries[0].Constraint
	u := f.unit(ctx, "geometry.py", src)
	r := mustRun(u, naming)
	edits, skipped, err := ComposerFor(naming.Type)(u, naming, r.Findings)
	if err != nil || len(edits) == 0 {
		b.Fatalf("no candidate: %v", err)
	}
	out, err := edits.Apply(src)
	if err != nil {
		b.Fatal(err)
	}
	held := f.held(ctx, u, entries)
	targets := []verify.Target{{Constraint: naming, Left: len(skipped), Before: len(r.Findings)}}
	for b.Loop() {
		// Fresh units: verification parses both sides itself.
		old := f.unit(ctx, "geometry.py", src)
		f.cur["geometry.py"], f.orig["geometry.py"] = src, src
		f.res.Candidates = f.res.Candidates[:0]
		cand := Candidate{Path: "geometry.py", Proposed: true}
		if err := f.verify(ctx, &cand, old, out, targets, held); err != nil {
			b.Fatal(err)
		}
		if !f.res.Candidates[0].Accepted {
			b.Fatalf("candidate rejected: %s", f.res.Candidates[0].Reason)
		}
	}
}
