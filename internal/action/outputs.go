package action

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"

	"github.com/iflint/iflint/internal/atomicfile"
	"github.com/iflint/iflint/internal/engine"
	format "github.com/iflint/iflint/internal/report"
)

// Exit codes, the same as the rest of the command line's.
const (
	ExitClean    = 0
	ExitFindings = 1
	ExitUsage    = 2
	ExitInternal = 3
)

// setOutputs writes the step outputs. Without GITHUB_OUTPUT (a local run)
// there is nowhere to write them.
func (r *runner) setOutputs(rep *report) {
	if r.getenv("GITHUB_OUTPUT") == "" {
		return
	}
	out := map[string]string{
		"findings":       strconv.Itoa(len(rep.Findings)),
		"verified-fixes": strconv.Itoa(len(rep.Suggestions)),
		"ssr":            rep.SSR.String(),
		"hsr":            rep.HSR.String(),
		"sarif-file":     rep.SARIF,
	}
	for _, k := range []string{"findings", "verified-fixes", "ssr", "hsr", "sarif-file"} {
		r.a.SetOutput(k, r.red.String(out[k]))
	}
}

// writeSummary appends the job summary, or prints it to standard error
// when the run has no summary file.
func (r *runner) writeSummary(rep *report) { r.writeSummaryText(rep.summary()) }

// writeSummaryText appends s to the job summary, or prints it to
// standard error when the run has no summary file.
func (r *runner) writeSummaryText(s string) {
	s = r.red.String(s)
	if r.getenv("GITHUB_STEP_SUMMARY") == "" {
		_, _ = r.stderr.Write([]byte(s))
		return
	}
	r.a.AddStepSummary(s)
}

// writeSARIF writes the findings in scope as SARIF to path (relative to
// the workspace), atomically, and returns its absolute path.
func (r *runner) writeSARIF(path string, kept, suppressed []engine.Diagnostic, res *engine.Result) (string, error) {
	if !filepath.IsAbs(path) {
		path = filepath.Join(r.ws, path)
	}
	var buf bytes.Buffer
	scoped := &engine.Result{Diagnostics: kept, Suppressed: suppressed, Outcomes: res.Outcomes, Skipped: res.Skipped}
	if err := format.Write(&buf, "sarif", scoped, r.env.Version); err != nil {
		return "", err
	}
	return path, writeFileAtomic(path, []byte(r.red.String(buf.String())))
}

// exitCode applies fail-on to the findings in scope. A suggested fix
// does not count until it is committed.
func exitCode(failOn FailOn, kept []engine.Diagnostic) int {
	for _, d := range kept {
		if failOn == FailAny || (failOn == FailError && d.Severity != "warning") {
			return ExitFindings
		}
	}
	return ExitClean
}

// writeFileAtomic writes via a temporary file and a rename, so the upload
// step never reads half a report.
func writeFileAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(path, b, 0o644)
}
