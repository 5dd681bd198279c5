package layout

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/work"
)

// paperFindings collects the paper profile's findings, at most one per
// line as the evaluator counts lines, and remembers which check made
// each: an indentation finding gets the fix of the lint reading's issue
// on its line, a spacing finding the fix of the lint issue it overlaps.
type paperFindings struct {
	lf   *layoutview.LineFindings
	kind map[int]issueKind // by finding start (one finding per line)
	m    *work.Meter       // charged per finding
}

func newPaperFindings(u *check.Unit) *paperFindings {
	return &paperFindings{lf: layoutview.NewLineFindings(u), kind: map[int]issueKind{}, m: work.Of(u)}
}

// addKind is add for paperlayout, which says spacing or indentation.
func (pf *paperFindings) addKind(start, end int, msg string, spacing bool) {
	k := indentIssue
	if spacing {
		k = spacingIssue
	}
	pf.add(start, end, msg, k)
}

func (pf *paperFindings) add(start, end int, msg string, k issueKind) {
	pf.m.Add(1 + work.Log(len(pf.kind)+1))
	if pf.lf.Add(start, end, msg) {
		pf.kind[start] = k
	}
}

// withFixes returns the findings in source order, each with the lint
// reading's fix for it or the reason it has none. The lint reading is
// computed only when there is a finding to fix.
func (pf *paperFindings) withFixes(u *check.Unit, c constraint.Constraint) []check.Finding {
	fs := pf.lf.Sorted()
	if len(fs) == 0 {
		return fs
	}
	issues, err := lintIssues(u, c)
	if err != nil {
		for i := range fs {
			fs[i].NoFix = "the lint profile's rule, whose fixes this fixer makes, cannot read this file: " + err.Error()
		}
		return fs
	}
	x := newIssueFixes(u.Src, issues, work.Of(u))
	for i := range fs {
		pf.m.Add(1 + work.Log(len(fs)))
		line, _ := u.Position(fs[i].Start)
		x.attach(&fs[i], x.paperIssue(fs[i], pf.kind[fs[i].Start], line-1), paperNoLintFix)
	}
	return fs
}
