package action

import (
	"fmt"
	"strconv"

	"github.com/sethvargo/go-githubactions"

	"github.com/iflint/iflint/internal/engine"
)

// maxAnnotations bounds the annotations of one run. GitHub shows 10 per
// type per step on a pull request and stores 50 per step; the rest would
// only clutter the log, so they are counted in a notice instead.
const maxAnnotations = 50

// annotate writes one annotation per finding, errors and warnings by
// severity, anchored with the finding's range, and returns how many were
// written.
func annotate(a *githubactions.Action, ds []engine.Diagnostic, sarif string) int {
	n := 0
	for _, d := range ds {
		if n == maxAnnotations {
			a.Noticef("iflint: %d more finding(s) are not annotated (at most %d per run); the job summary lists them and %s has all of them", len(ds)-n, maxAnnotations, sarifName(sarif))
			break
		}
		start, end := lines(d)
		fields := map[string]string{
			"file":  d.Path,
			"line":  strconv.Itoa(start),
			"col":   strconv.Itoa(d.Col),
			"title": fmt.Sprintf("iflint: %s", d.Type),
		}
		if end > start {
			fields["endLine"] = strconv.Itoa(end)
		} else if d.EndCol > d.Col {
			fields["endColumn"] = strconv.Itoa(d.EndCol)
		}
		msg := fmt.Sprintf("%s (constraint %s %q)", d.Message, d.Type, d.Spec)
		if d.Severity == "warning" {
			a.WithFieldsMap(fields).Warningf("%s", msg)
		} else {
			a.WithFieldsMap(fields).Errorf("%s", msg)
		}
		n++
	}
	return n
}

func sarifName(p string) string {
	if p == "" {
		return "the SARIF file"
	}
	return "the SARIF file " + p
}
