package verify_test

import (
	"testing"
	"time"

	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/verify"
)

// TestSummaryNamesSandbox: the verification label every report shows
// names the mechanism that contained the test run (issue 22), whichever
// it was; a record without one (a test run of before the sandbox) says
// nothing about it.
func TestSummaryNamesSandbox(t *testing.T) {
	stages := []verify.StageResult{{Stage: verify.StageSyntax, Passed: true}, {Stage: verify.StageTests, Passed: true}}
	for _, tc := range []struct {
		mechanism sandbox.Mechanism
		want      string
	}{
		{sandbox.Bwrap, "syntax, tests (sh -c true passed in 1.2s, sandbox: bwrap, in one run with 2 other fix(es))"},
		{sandbox.ProcessGroup, "syntax, tests (sh -c true passed in 1.2s, sandbox: process-group, in one run with 2 other fix(es))"},
		{"", "syntax, tests (sh -c true passed in 1.2s, in one run with 2 other fix(es))"},
	} {
		v := verify.Verification{Stages: stages, TestedWith: 2,
			Tests: &sandbox.Record{Command: "sh -c true", Passed: true, Duration: 1200 * time.Millisecond, Sandbox: tc.mechanism}}
		if got := v.Summary(true, nil); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.mechanism, got, tc.want)
		}
	}
}
