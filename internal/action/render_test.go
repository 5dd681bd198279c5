package action

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/verify"
)

// goldenReport exercises every part of the summary and the review body.
func goldenReport() *report {
	naming, indent := "python;class:PascalCase,function:snake_case", "python;spaces:4"
	diag := func(path string, line int, typ, spec, msg, fp string) engine.Diagnostic {
		return engine.Diagnostic{Path: path, Line: line, Col: 1, EndLine: line, EndCol: 5, Type: constraint.Type(typ), Spec: spec,
			Severity: "error", Message: msg, Fingerprint: fp}
	}
	fixedName := diag("calc.py", 9, "naming_convention", naming, `function name "addNumbers" is not snake_case`, "f1")
	fixedIndent := diag("calc.py", 14, "indentation_spacing", indent, "line indented with 2 spaces, expected a multiple of 4", "f2")
	open := diag("util.py", 3, "naming_convention", naming, `class name "bad_thing" is not PascalCase | with a pipe`, "f3")
	warn := diag("util.py", 7, "indentation_spacing", indent, "line indented with 3 spaces", "f4")
	warn.Severity = "warning"
	far := diag("far.py", 40, "indentation_spacing", indent, "line indented with 2 spaces, expected a multiple of 4", "f5")
	stages := []verify.StageResult{{Stage: verify.StageSyntax, Passed: true}, {Stage: verify.StageFindings, Passed: true},
		{Stage: verify.StageRegressions, Passed: true}, {Stage: verify.StageTests, Passed: true}}
	pf := &proof{
		V: verify.Verification{Stages: stages, TestedWith: 2,
			Tests: &sandbox.Record{Command: "sh -c 'python3 -m unittest -q'", ExitCode: 0, Duration: 1234567890 * time.Nanosecond, Passed: true}},
		Sources: []string{"fixer"},
		Targets: []fixloop.Target{{Type: "naming_convention", Spec: naming}, {Type: "indentation_spacing", Spec: indent}},
		Diff:    "--- a/calc.py\n+++ b/calc.py\n@@ -9,1 +9,1 @@\n-def addNumbers(a, b):\n+def add_numbers(a, b):\n",
	}
	return &report{
		Title: "o/r#7 at 1234567", Mode: ModeSuggest, Filter: "added", Files: 2,
		Notes: []string{"the workspace is at 89abcde, not the pull request's head 1234567"},
		Rows: []constraintRow{
			{Type: "indentation_spacing", Spec: indent, Checked: 2, Satisfied: 0, Violated: 2, Findings: 3, Fixed: 1, Verified: 1},
			{Type: "naming_convention", Spec: naming, Checked: 2, Satisfied: 1, Violated: 1, Unsure: 0, Findings: 2, Fixed: 1},
		},
		SSR: ratio{1, 4}, HSR: ratio{0, 2},
		Findings: []engine.Diagnostic{fixedName, fixedIndent, open, warn, far}, Outside: 5,
		Fixed:    map[string]bool{"f1": true, "f2": true},
		Verified: map[string]bool{"f1": true, "f2": true, "f5": true},
		Suggestions: []suggestion{
			{Path: "calc.py", StartLine: 9, Line: 9, Fixed: []engine.Diagnostic{fixedName}, Proof: pf, Index: 1, Of: 3, Also: []int{3}},
			{Path: "calc.py", StartLine: 14, Line: 15, Fixed: []engine.Diagnostic{fixedIndent}, Proof: pf, Index: 2, Of: 3},
			{Path: "calc.py", StartLine: 20, Line: 20, Proof: pf, Index: 3, Of: 3, Also: []int{1}},
		},
		Unplaced: []unplaced{{Path: "far.py", Findings: 1, Reason: "its 2 suggestion(s) would exceed max-comments (1)"}},
		Rejected: []fixloop.Candidate{{Path: "util.py", Targets: []fixloop.Target{{Type: "naming_convention", Spec: naming}}, Source: "fixer",
			Part: "3:7 class name", Proposed: true, Stage: verify.StageTests, Reason: "exit 1 in 210ms"}},
		Baseline: &sandbox.Record{Command: "sh -c 'python3 -m unittest -q'", ExitCode: 0, Passed: true},
		TestRuns: fixloop.TestRuns{Total: 4, Set: 2, Bisect: 1, Baseline: 1, Candidates: 4, Culprits: 1, Duration: 4321 * time.Millisecond},
		Sandbox:  &sandbox.Sandbox{Mechanism: sandbox.Bwrap, Isolated: true, Protects: sandbox.Bwrap.Protects()},
		Review:   reviewStats{State: "Posted a review with 2 suggestion(s).", Posted: 2, Present: 1, Outdated: 1, URL: "https://github.com/o/r/pull/7#pullrequestreview-1"},
		Skipped:  []engine.Skipped{{Path: "big.py", Reason: "larger than 8 MiB"}},
		SARIF:    "/home/runner/work/r/r/iflint.sarif",
	}
}

func TestSummaryGolden(t *testing.T) {
	goldentest.Check(t, filepath.Join("testdata", "summary.md"), []byte(goldenReport().summary()))
}

func TestReviewBodyGolden(t *testing.T) {
	goldentest.Check(t, filepath.Join("testdata", "body.md"), []byte(goldenReport().reviewBody()))
}

// TestCommentMessageGolden: a suggestion's text names what it fixes and
// how it was proven, without timings (re-runs render the same text).
func TestCommentMessageGolden(t *testing.T) {
	r := goldenReport()
	doc := newReviewDoc(r)
	var b strings.Builder
	for _, sg := range doc.Suggestions {
		b.WriteString(renderMessage(sg, doc.Suggestions, rendering{}))
		b.WriteString("\n-----\n")
	}
	sg := r.Suggestions[0]
	sg.Fixed, sg.Of, sg.Also = nil, 1, nil
	stages := append(slices.Clone(sg.Proof.V.Stages[:3]), verify.NotTested())
	sg.Proof = &proof{Targets: []fixloop.Target{{Type: "naming_convention", Spec: "python;function:snake_case"}}, V: verify.Verification{Stages: stages}}
	b.WriteString(renderMessage(suggestionDoc(sg), nil, rendering{}))
	goldentest.Check(t, filepath.Join("testdata", "comments.md"), []byte(b.String()))
}

func TestSummaryCapsAndEmptyCases(t *testing.T) {
	r := &report{Title: "refs/heads/main at abc", Mode: ModeCheck}
	if s := r.summary(); !strings.Contains(s, "No configured constraint applies") || !strings.Contains(s, "0 file(s) checked") {
		t.Errorf("empty summary:\n%s", s)
	}
	for i := range maxSummaryFindings + 7 {
		r.Findings = append(r.Findings, engine.Diagnostic{Path: "a.py", Line: i + 1, Type: "naming_convention", Message: "m", Severity: "error"})
	}
	if s := r.summary(); !strings.Contains(s, "… and 7 more: see the SARIF file.") || strings.Count(s, "| `a.py` |") != maxSummaryFindings {
		t.Errorf("capped summary lists %d findings", strings.Count(s, "| `a.py` |"))
	}
	r.Filter = "added"
	if b := r.reviewBody(); !strings.Contains(b, "- … and 87 more: see the job summary.") || strings.Count(b, "- `a.py`") != maxBodyFindings {
		t.Errorf("capped body:\n%s", b)
	}
}

func TestRatios(t *testing.T) {
	outcomes := []engine.Outcome{
		{Path: "a.py", Verdict: "pass"}, {Path: "a.py", Verdict: "fail"},
		{Path: "b.py", Verdict: "pass"}, {Path: "b.py", Verdict: "unverified"},
		{Path: "c.py", Verdict: "unverified"},
	}
	if got := ssr(outcomes).String(); got != "0.6667" {
		t.Errorf("ssr %s, want 0.6667 (2 of 3 decided)", got)
	}
	if got := hsr(outcomes).String(); got != "0.5000" {
		t.Errorf("hsr %s, want 0.5000 (b.py of a.py, b.py; c.py has nothing decided)", got)
	}
	if got := ssr(nil).String(); got != "" {
		t.Errorf("ssr of nothing decided = %q, want empty", got)
	}
}
