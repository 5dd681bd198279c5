package layout

import (
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/layout/paperlayout"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/work"
)

// paperIndentation is the paper's indentation_spacing, as MultiCodeIF's
// evaluator decides it (the text reading is paperlayout's); findings
// carry the lint reading's fixes (paper_findings.go).
func paperIndentation(u *check.Unit, c constraint.Constraint) check.Result {
	if !hasUnit(c) {
		return noUnit
	}
	sp, err := layoutview.SpansFor(u, c.Lang)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: fmt.Sprintf("cannot parse as %s: %v", c.Lang, err)}
	}
	v := layoutview.PaperView(u, c.Lang, sp, true)
	pf := newPaperFindings(u)
	m := work.Of(u)
	// Both readings pass over the text once; a line's blanks are read by
	// the line and its operators only.
	m.Add(2 * len(v.Text))
	indentBad := paperlayout.IndentLines(v, u.Src, c.Indent, m, pf.addKind)
	spaceBad := 0
	if c.Spacing != constraint.SpacingAny {
		spaceBad = paperlayout.Spacing(v, c.Spacing == constraint.SpacingRequired, m, pf.addKind)
	}
	unit := "tabs"
	if !c.Indent.Tabs {
		unit = fmt.Sprintf("multiples of %d spaces", c.Indent.Width)
	}
	// As in the evaluator, any spacing value but "spacing" means none.
	want := "operators and commas surrounded by spaces"
	if c.Spacing != constraint.SpacingRequired {
		want = "no spaces around operators and after commas"
	}
	return layoutVerdict(c, unit, want, indentBad, spaceBad, pf.withFixes(u, c))
}
