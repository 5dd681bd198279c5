package layout

import (
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/prettierindent"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// prettierIssues reports the lines whose indentation is not what
// prettier prints (the spec's prettier reading, with its unit as
// prettier's useTabs and tabWidth), each fixed to prettier's
// indentation. Only the flagged line moves: prettier's indentation of
// a line does not depend on where the lines around it stand.
// Its work is charged as the reading's linear passes over the text and
// the flat tree, and per line it reports.
func prettierIssues(src []byte, ft *syntax.FlatTree, in *constraint.Indent, meter *work.Meter) []layoutIssue {
	meter.Add(len(src) + len(ft.Nodes))
	o := prettierindent.Options{UseTabs: in.Tabs, TabWidth: in.Width}
	if in.Tabs {
		o.TabWidth = 2 // prettier's default; under useTabs it only sizes aligns, which stay spaces
	}
	lines := srclines.Split(src, 4)
	var out []layoutIssue
	for _, r := range prettierindent.Judge(src, ft, o) {
		l := lines[r.Line]
		meter.Add(1 + l.Lead - l.Start)
		what := "line"
		if r.Comment {
			what = "comment line"
		}
		out = append(out, layoutIssue{Kind: indentIssue, Line: r.Line, Lead: r.Want, TabWidth: 4, Tabs: in.Tabs,
			Finding: check.Finding{Start: l.Start, End: max(l.Lead, min(l.Start+1, l.End)),
				Message: fmt.Sprintf("%s indented with %s, expected %s as prettier prints it", what, layoutview.DescribeLead(string(src[l.Start:l.Lead])), layoutview.DescribeLead(r.Want))},
		})
	}
	return out
}
