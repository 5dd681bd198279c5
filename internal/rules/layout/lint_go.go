package layout

import (
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/layout/gofmtlayout"
	"github.com/iflint/iflint/internal/work"
)

// goIssues is Go's reading (gofmtlayout: what gofmt prints) as the
// layout rule's issues; ok is false when gofmt cannot format src.
func goIssues(src []byte, c constraint.Constraint, meter *work.Meter) ([]layoutIssue, bool) {
	gi, ok := gofmtlayout.Issues(src, c.Indent, c.Spacing == constraint.SpacingRequired, meter)
	if !ok {
		return nil, false
	}
	out := make([]layoutIssue, len(gi))
	for i, g := range gi {
		if g.Spacing {
			out[i] = layoutIssue{Kind: spacingIssue, Finding: g.Finding, Edits: g.Edits}
			continue
		}
		out[i] = layoutIssue{Kind: indentIssue, Line: g.Line, Lead: g.Lead, TabWidth: 4, Tabs: c.Indent.Tabs, Finding: g.Finding}
	}
	return out, true
}
