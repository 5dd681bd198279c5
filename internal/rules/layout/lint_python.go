package layout

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/pycodestyle"
	"github.com/iflint/iflint/internal/pyreindent"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// Python's indentation_spacing in the lint profile reports what
// pycodestyle reports with its default configuration, for the codes
// about indentation and operator spacing. Left out, as pycodestyle's
// default ignore list leaves them out: E121's sibling E126
// (over-indented hanging indent) and E123 (closing bracket on the
// hanging indent), which are multiples of the unit anyway, and E226
// (arithmetic operators without spaces: PEP 8 itself writes
// `x = x*2 - 1` and `hypot2 = x*x + y*y`). Kept although pycodestyle
// ignores it by default: E121 (a hanging indent that is not a multiple
// of the unit), which is what the constraint's unit asks.
var pycodestyleIndentCodes = newSet("E101", "W191", "E111", "E112", "E113", "E114", "E115", "E116", "E117",
	"E121", "E122", "E124", "E125", "E127", "E128", "E129", "E131")

var pycodestyleSpacingCodes = newSet("E225", "E227", "E228", "E231", "E251", "E252")

// pythonIssues runs the pycodestyle port and attaches to each finding
// the fix the tree model computes (or a refusal). The tree model, and
// the flat copy of the tree it reads (ftOf), are built only when there
// is a finding to fix or a line to judge by them: on a clean file they
// cost as much as pycodestyle itself.
func pythonIssues(src []byte, ftOf func() *syntax.FlatTree, c constraint.Constraint, meter *work.Meter) ([]layoutIssue, error) {
	in := c.Indent
	size := 4
	if !in.Tabs {
		size = in.Width
	}
	run := pycodestyle.CheckIndentation // only the indentation codes are read
	if c.Spacing == constraint.SpacingRequired {
		run = pycodestyle.Check
	}
	pc, err := run(src, size, meter)
	var de *pycodestyle.DedentError
	var dedent []layoutIssue
	switch {
	case errors.As(err, &de):
		// Python itself rejects the file: report the line, but which
		// block it belongs to is the author's call. What pycodestyle
		// reports before it is reported too (and fixed): a tab or an
		// over-indented first statement is often what the dedent
		// follows from.
		off := pc.Offset(pycodestyle.Pos{Row: de.Row})
		end := off
		for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
		dedent = []layoutIssue{{Kind: indentIssue, Line: de.Row - 1, Lead: string(src[off:end]), TabWidth: size, Tabs: in.Tabs,
			Finding: check.Finding{Start: off, End: max(end, off+1), Message: "line dedents to a column no enclosing block uses (Python's IndentationError: " + de.Error() + ")"},
			Refusal: "Python rejects this dedent; which block the line belongs to is for the author to decide"}}
	case err != nil:
		// An unterminated string or bracket: pycodestyle stops there
		// (E902); judge the lines by the syntax tree instead.
		tw := size
		if in.Tabs {
			tw = 4
		}
		return modelIssues(buildIndentModel(src, ftOf(), pythonIndent, tw, tw, meter), in, true), nil
	}
	tw := size
	if in.Tabs {
		tw = 4
	}
	byLine := map[int][]pycodestyle.Error{}
	var spacing []layoutIssue
	for _, e := range pc.Errors {
		switch {
		case pycodestyleIndentCodes[e.Code]:
			if in.Tabs && e.Code == "W191" {
				continue // tabs are what is asked
			}
			byLine[e.Pos.Row-1] = append(byLine[e.Pos.Row-1], e)
		case pycodestyleSpacingCodes[e.Code] && c.Spacing == constraint.SpacingRequired:
			is := pythonSpacingIssue(src, pc, e)
			if n := len(spacing); n > 0 && spacing[n-1].Finding == is.Finding {
				continue // pycodestyle reports both sides of one "="
			}
			spacing = append(spacing, is)
		}
	}
	if len(byLine) == 0 && !in.Tabs {
		// No line to re-indent: the model would fix nothing.
		return append(dedent, spacing...), nil
	}
	m := buildIndentModel(src, ftOf(), pythonIndent, tw, tw, meter)
	deps := m.dependents(true)
	if in.Tabs {
		// The unit is tabs: a statement indented with spaces breaks it
		// (pycodestyle's W191 the other way round).
		for _, row := range pc.StatementRows() {
			l := m.lines[row-1]
			if strings.Contains(string(src[l.start:l.lead]), " ") {
				byLine[row-1] = append(byLine[row-1], pycodestyle.Error{Code: "W191", Text: "indentation contains spaces, expected tabs", Pos: pycodestyle.Pos{Row: row}, Token: -1})
			}
		}
	}
	rows := make([]int, 0, len(byLine))
	for r := range byLine {
		rows = append(rows, r)
	}
	sort.Ints(rows)
	tied := map[int]int{}
	var out []layoutIssue
	plan := pyreindent.New(src, pc, size, unitCols(in, tw), tw, in.Tabs, meter)
	for _, i := range rows {
		if i >= len(m.lines) {
			continue
		}
		if plan != nil {
			out = append(out, reindentIssue(m, plan, i, byLine[i], in, deps))
			continue
		}
		if head, ok := tied[i]; ok {
			// A later statement of a block whose first statement's fix
			// moves it: reported on its own line, as pycodestyle does,
			// and fixed by that fix.
			l := m.lines[i]
			out = append(out, layoutIssue{Kind: indentIssue, Line: i, Block: head + 1, TabWidth: tw, Tabs: in.Tabs,
				Lead:    string(src[l.start:l.lead]),
				Finding: check.Finding{Start: l.start, End: max(l.lead, min(l.start+1, l.end)), Message: pythonIndentMessage(m, i, byLine[i])}})
			continue
		}
		out = append(out, pythonIndentIssue(m, i, byLine[i], in, deps, tied))
	}
	return append(append(out, dedent...), spacing...), nil
}

// reindentIssue is the issue of line i when the file is re-indented
// through its open blocks (internal/pyreindent): the line goes to the plan's
// column and the rest of its top-level statement with it. A line the
// plan leaves where it is keeps the tree model's refusal.
func reindentIssue(m *indentModel, plan *pyreindent.Plan, i int, es []pycodestyle.Error, in *constraint.Indent, deps lineDeps) layoutIssue {
	if !plan.Changed(i) {
		is := pythonIndentIssue(m, i, es, in, deps, map[int]int{})
		if is.Refusal == "" {
			is.Refusal = "re-indenting by the depth of open blocks leaves this line where it is, and no other column is certain to satisfy pycodestyle; re-indent it by hand"
		}
		is.Lead, is.Shift, is.Moves, is.Block = string(m.src[m.lines[i].start:m.lines[i].lead]), 0, nil, 0
		return is
	}
	l := m.lines[i]
	is := layoutIssue{Kind: indentIssue, Line: i, TabWidth: m.tabWidth, Tabs: in.Tabs,
		Lead:    layoutview.RenderLead(plan.Col(i), m.tabWidth, in.Tabs),
		Moves:   leadMoves(plan.Moves(i)),
		Finding: check.Finding{Start: l.start, End: max(l.lead, min(l.start+1, l.end)), Message: pythonIndentMessage(m, i, es)}}
	// The finding's extent is what its fix moves, as the tree model's
	// block issues say it.
	for _, mv := range is.Moves {
		is.End = max(is.End, mv.End, mv.Start+1)
	}
	is.Leaves = plan.Leaves(i, plan.Moves(i))
	return is
}

// leadMoves are a plan's moves as the fixer takes them.
func leadMoves(ms []pyreindent.Move) []leadMove {
	out := make([]leadMove, len(ms))
	for k, mv := range ms {
		out[k] = leadMove{Line: mv.Line, Start: mv.Start, End: mv.End, Set: true, Want: mv.Want}
	}
	return out
}

// unitCols is the columns of one level of unit in: its width, or a tab
// of tw columns.
func unitCols(in *constraint.Indent, tw int) int {
	if in.Tabs {
		return tw
	}
	return in.Width
}

// pythonIndentIssue builds the issue of line i from its pycodestyle
// errors, with the tree model's column for it.
func pythonIndentIssue(m *indentModel, i int, es []pycodestyle.Error, in *constraint.Indent, deps lineDeps, tied map[int]int) layoutIssue {
	l := &m.lines[i]
	codes := map[string]bool{}
	for _, e := range es {
		codes[e.Code] = true
	}
	msg := pythonIndentMessage(m, i, es)
	want := l.col
	refusal := ""
	implied := 0 // the column pycodestyle's own check implies, if any
	for _, e := range es {
		if e.Want > 0 {
			implied = e.Want
		}
	}
	switch {
	case implied > 0 && l.kind != lineSkip:
		// A block's first statement at or left of its header (one unit
		// past the header is the one column that gives the block a
		// body), a hanging indent unlike its bracket's others.
		want = implied
	case l.kind != lineSkip && !m.accepts(i):
		want = l.ecol
	case codes["E125"]:
		want = l.col + m.unitCols // PEP 8: add indentation to tell it from the block
	case codes["E129"]:
		refusal = "the line is aligned with its opening bracket and with the block below it; PEP 8 leaves the remedy to you (a comment, or an extra level that gives up the alignment)"
	case codes["W191"] || codes["E101"]:
		// Right column, wrong characters: rewrite the same width.
	case l.kind == lineSkip:
		refusal = "the line starts inside a string, whose text would change"
	default:
		refusal = "the syntax tree accepts this line's indentation, so no column is certain to satisfy pycodestyle; re-indent it by hand"
	}
	if l.kind == lineSkip && refusal == "" {
		refusal = "the line starts inside a string, whose text would change"
	}
	// A block's later statements move with its first (tied), except
	// under E112: with the first statement at its header's level, the
	// next ones at that level may as well follow the block as belong
	// in it, and one unit past the header for this line alone is what
	// pycodestyle asks.
	is := m.issueAt(i, want, in, deps, !codes["E112"], tied)
	is.Message = msg
	is.Refusal = refusal
	if refusal != "" {
		is.Lead, is.Shift, is.Moves = string(m.src[l.start:l.lead]), 0, nil
	}
	return is
}

// pythonIndentMessage says what pycodestyle reports on line i, with the
// line's indentation and the one its block wants for the E11x codes.
func pythonIndentMessage(m *indentModel, i int, es []pycodestyle.Error) string {
	l := m.lines[i]
	var msgs []string
	seen := map[string]bool{}
	for _, e := range es {
		if seen[e.Code] {
			continue
		}
		seen[e.Code] = true
		msgs = append(msgs, fmt.Sprintf("%s (pycodestyle %s)", e.Text, e.Code))
	}
	msg := strings.Join(msgs, "; ")
	if (seen["E111"] || seen["E117"]) && l.kind == lineCode && !m.accepts(i) && !strings.Contains(string(m.src[l.start:l.lead]), "\t") {
		msg = fmt.Sprintf("line indented with %s, expected %d: %s", layoutview.Plural(l.col, "space"), l.ecol, msg)
	}
	return msg
}

// pythonSpacingIssue is the issue of one E2 error: the edit that spaces
// (E225, E227, E228, E231, E252) or unspaces (E251) its token.
func pythonSpacingIssue(src []byte, pc *pycodestyle.Checker, e pycodestyle.Error) layoutIssue {
	is := layoutIssue{Kind: spacingIssue}
	off := pc.Offset(e.Pos)
	is.Finding = check.Finding{Start: off, End: off + 1, Message: fmt.Sprintf("%s (pycodestyle %s)", e.Text, e.Code)}
	if e.Token < 0 {
		is.Refusal = "no token to space"
		return is
	}
	ts, te := pc.TokenSpan(e.Token)
	is.Finding.Start, is.Finding.End = ts, te
	switch e.Code {
	case "E251":
		s, en := ts, te
		for s > 0 && (src[s-1] == ' ' || src[s-1] == '\t') {
			s--
		}
		for en < len(src) && (src[en] == ' ' || src[en] == '\t') {
			en++
		}
		if s > 0 && (src[s-1] == '\n' || src[s-1] == '\r') || en < len(src) && (src[en] == '\n' || src[en] == '\r' || src[en] == '\\') {
			is.Refusal = "the \"=\" is next to a line break; removing blanks there would not clear the finding"
			return is
		}
		if s < ts {
			is.Edits = append(is.Edits, check.Edit{Start: s, End: ts, New: ""})
		}
		if en > te {
			is.Edits = append(is.Edits, check.Edit{Start: te, End: en, New: ""})
		}
	case "E231":
		is.Edits = check.Edits{{Start: te, End: te, New: " "}}
	default:
		if ts > 0 && src[ts-1] != ' ' && src[ts-1] != '\t' {
			is.Edits = append(is.Edits, check.Edit{Start: ts, End: ts, New: " "})
		}
		if te < len(src) && src[te] != ' ' && src[te] != '\t' && src[te] != '\n' && src[te] != '\r' {
			is.Edits = append(is.Edits, check.Edit{Start: te, End: te, New: " "})
		}
	}
	if len(is.Edits) == 0 && is.Refusal == "" {
		is.Refusal = "no blank to add or remove next to the token"
	}
	return is
}
