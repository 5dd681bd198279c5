package layout

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/eslintindent"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/layout/paperlayout"
	"github.com/iflint/iflint/internal/rules/layout/trees"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// lintIndentIssues judges the indentation of u under c in the lint
// profile: Go by gofmt, Python by pycodestyle's rules, other languages by
// the tree model, and languages without a model by the unit alone.
func lintIndentIssues(u *check.Unit, c constraint.Constraint, ft *syntax.FlatTree) ([]layoutIssue, error) {
	in := c.Indent
	tw, unit := 4, 4
	if !in.Tabs {
		tw, unit = in.Width, in.Width
	}
	if c.Lang == lang.JavaScript || c.Lang == lang.TypeScript {
		if in.Reading == constraint.ReadingPrettier {
			return prettierIssues(u.Src, trees.TSX(u, ft), in, work.Of(u)), nil
		}
		return eslintIssues(u.Src, ft, in, work.Of(u)), nil
	}
	spec := indentLangs[c.Lang]
	if (c.Lang == lang.C || c.Lang == lang.CPP) && in.Clang != nil {
		spec = clangIndentFor(in.Clang)
		spec.clang.parse = trees.MacroParser(u, c.Lang)
	}
	if spec == nil {
		return unitOnlyIssues(u.Src, in, tw, work.Of(u)), nil
	}
	if c.Lang == lang.Rust {
		ft = trees.RustMacros(u, ft)
	}
	m := buildIndentModel(u.Src, ft, spec, tw, unit, work.Of(u))
	if c.Lang == lang.Rust {
		rustGiveUps(m, ft)
	}
	n, first := 0, 0
	m.meter.Add(len(m.lines))
	for i, l := range m.lines {
		if l.kind == lineUnit {
			if n == 0 {
				first = i + 1
			}
			n++
		}
	}
	u.Memo("layout.unitonly."+c.Spec, func() any { return unitOnly{n, first} })
	return modelIssues(m, in, c.Lang == lang.Python), nil
}

// unitOnly counts the lines in code the grammar could not parse, which
// the model judges by the unit alone, and the first of them (1-based).
type unitOnly struct{ lines, first int }

// unitOnlyNote says, for the verdict's reason, which lines were judged
// by the unit alone, so a pass never claims more than was judged.
func unitOnlyNote(u *check.Unit, c constraint.Constraint) string {
	v, ok := u.Memo("layout.unitonly."+c.Spec, func() any { return unitOnly{} }).(unitOnly)
	if !ok || v.lines == 0 {
		return ""
	}
	return fmt.Sprintf("; %s in code the grammar cannot parse (from line %d) judged by the unit alone", layoutview.Plural(v.lines, "line"), v.first)
}

// modelIssues turns the model's rejected lines into issues.
func modelIssues(m *indentModel, in *constraint.Indent, python bool) []layoutIssue {
	deps := m.dependents(python)
	var out []layoutIssue
	tied := map[int]int{} // lines moved by a Python block issue: its line
	for i := range m.lines {
		m.meter.Add(1)
		l := &m.lines[i]
		if l.host >= 0 && !in.Tabs && strings.Contains(string(m.src[l.start:l.lead]), "\t") {
			// A tab in a comment's inner line: checkstyle's
			// FileTabCharacter reports every such line, and the fix
			// writes the same column in spaces.
			out = append(out, layoutIssue{Kind: indentIssue, Line: i, Lead: layoutview.RenderLead(l.col, m.tabWidth, false),
				TabWidth: m.tabWidth, KeepsColumn: true,
				Finding: check.Finding{Start: l.start, End: l.lead, Message: "line inside a comment indented with a tab, expected spaces"}})
			continue
		}
		if l.tabsOnly && !in.Tabs && strings.Contains(string(m.src[l.start:l.lead]), "\t") {
			out = append(out, tabsOnlyIssue(m, i))
			continue
		}
		if _, ok := tied[i]; l.kind == lineSkip || ok {
			continue
		}
		lead := string(m.src[l.start:l.lead])
		if l.kind == lineUnit {
			// No structure to judge by: only tabs where spaces are the
			// unit (or the other way round) are certain mistakes; a width
			// that is not a multiple may be a continuation's alignment.
			if spec := m.spec; spec != nil && spec.skipLine != nil && spec.skipLine(m.src, l.lead) {
				continue
			}
			if in.Tabs && strings.HasPrefix(lead, " ") || !in.Tabs && strings.Contains(lead, "\t") {
				msg := "line indented with spaces, expected tabs"
				if !in.Tabs {
					msg = fmt.Sprintf("line indented with a tab, expected %s per level", layoutview.Plural(in.Width, "space"))
				}
				col := l.col
				out = append(out, layoutIssue{Kind: indentIssue, Line: i, Lead: layoutview.RenderLead(col, m.tabWidth, in.Tabs),
					TabWidth: m.tabWidth, Tabs: in.Tabs, KeepsColumn: true,
					Finding: check.Finding{Start: l.start, End: max(l.lead, min(l.start+1, l.end)), Message: msg + " (in code the grammar cannot parse)"}})
			}
			continue
		}
		unitBad := in.Tabs && lead != layoutview.RenderLead(l.col, m.tabWidth, true) || !in.Tabs && strings.Contains(lead, "\t")
		depthBad := !m.accepts(i)
		if !unitBad && !depthBad {
			continue
		}
		want := l.col
		if depthBad {
			want = l.ecol
		}
		is := m.issueAt(i, want, in, deps, python, tied)
		is.Message = layoutview.IndentMessage(lead, l.col, want, l.kind == lineComment, l.visual, in, depthBad)
		out = append(out, is)
	}
	return out
}

// issueAt is the issue that re-indents line i to column want, moving the
// lines judged relative to it along. In Python the statements of a block
// must share one column, so the block's later statements (and theirs)
// move with its first; tied records them.
func (m *indentModel) issueAt(i, want int, in *constraint.Indent, deps lineDeps, python bool, tied map[int]int) layoutIssue {
	l := &m.lines[i]
	is := layoutIssue{Kind: indentIssue, Line: i, Lead: layoutview.RenderLead(want, m.tabWidth, in.Tabs),
		Shift: want - l.col, TabWidth: m.tabWidth, Tabs: in.Tabs, KeepsColumn: want == l.col}
	moved := deps.of(i)
	if python && is.Shift != 0 && l.kind == lineCode && l.anchor >= 0 && !l.visual && !m.continuation(i) {
		isMoved := make(map[int]bool, len(moved))
		for _, j := range moved {
			isMoved[j] = true
		}
		for j := i + 1; j < len(m.lines); j++ {
			m.meter.Add(1)
			s := m.lines[j]
			if _, ok := tied[j]; s.kind == lineSkip || ok || isMoved[j] {
				continue
			}
			if s.anchor != l.anchor || s.col != l.col || s.kind != lineCode || m.continuation(j) {
				if s.kind == lineCode && s.col <= m.lines[l.anchor].col {
					break
				}
				continue
			}
			tied[j] = i
			moved = append(moved, j)
			isMoved[j] = true
			for _, k := range deps.of(j) {
				moved = append(moved, k)
				isMoved[k] = true
			}
		}
	}
	last := l.lead
	if is.Shift != 0 {
		for _, j := range moved {
			d := m.lines[j]
			if d.kind == lineSkip && d.host < 0 {
				continue
			}
			mv := leadMove{Line: j, Start: d.start, End: d.lead, Col: d.col}
			if d.mode == flagged {
				// d.ecol counts from where the model would put line i;
				// a fix that puts it elsewhere (Python: the column
				// pycodestyle's own check implies) takes d along.
				mv.Set, mv.Want = true, d.ecol+want-l.ecol
			}
			is.Moves = append(is.Moves, mv)
			// A moved line at column 0 is in the finding by its first
			// byte (its lead is its start, where the extent would end).
			last = max(last, d.lead, min(d.start+1, d.end))
		}
	}
	if last == l.start {
		last = min(l.start+1, l.end)
	}
	is.Finding = check.Finding{Start: l.start, End: last}
	return is
}

// continuation reports whether line i continues a statement (inside
// brackets, or after a backslash) rather than starting one.
func (m *indentModel) continuation(i int) bool {
	return m.lines[i].cont
}

// unitOnlyIssues judges languages without a tree model by their unit
// alone: tabs, or a multiple of the width, outside strings and comments.
func unitOnlyIssues(src []byte, in *constraint.Indent, tw int, meter *work.Meter) []layoutIssue {
	m := newIndentModel(src, tw, tw)
	meter.Add(len(src))
	var out []layoutIssue
	for i, l := range m.lines {
		meter.Add(1 + l.lead - l.start)
		if l.lead == l.end {
			continue
		}
		lead := string(src[l.start:l.lead])
		msg := paperlayout.IndentProblem([]byte(lead), in)
		if msg == "" {
			continue
		}
		col := l.col
		if !in.Tabs {
			col = (col + in.Width/2) / in.Width * in.Width
		}
		out = append(out, layoutIssue{Kind: indentIssue, Line: i, Lead: layoutview.RenderLead(col, tw, in.Tabs), TabWidth: tw, Tabs: in.Tabs,
			Finding: check.Finding{Start: l.start, End: max(l.lead, min(l.start+1, l.end)), Message: msg}})
	}
	return out
}

// eslintIssues reports the lines eslint's indent rule reports, each
// fixed to the indentation the rule wants.
// Its work is charged as the reading's linear passes over the text and
// the flat tree, and per line it reports.
func eslintIssues(src []byte, ft *syntax.FlatTree, in *constraint.Indent, meter *work.Meter) []layoutIssue {
	meter.Add(len(src) + len(ft.Nodes))
	unit := "\t"
	if !in.Tabs {
		unit = strings.Repeat(" ", in.Width)
	}
	lines := srclines.Split(src, 4)
	var out []layoutIssue
	for _, r := range eslintindent.Judge(src, ft, unit) {
		l := lines[r.Line]
		meter.Add(1 + l.Lead - l.Start)
		got := string(src[l.Start:l.Lead])
		what := "line"
		if r.Comment {
			what = "comment line"
		}
		out = append(out, layoutIssue{Kind: indentIssue, Line: r.Line, Lead: r.Want, TabWidth: 4, Tabs: in.Tabs,
			Finding: check.Finding{Start: l.Start, End: max(l.Lead, min(l.Start+1, l.End)), Message: fmt.Sprintf("%s indented with %s, expected %s", what, layoutview.DescribeLead(got), layoutview.DescribeLead(r.Want))},
		})
	}
	return out
}
