package layout

import (
	"slices"

	"github.com/iflint/iflint/internal/rules/layoutview"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/work"
)

// indentEdits rewrites the leading blanks the given indentation fixes
// require. A line a fix targets gets that fix's blanks; every other line
// a fix moves shifts by its column delta, and a line moved by several
// fixes (a block inside another re-indented block) by their sum.
//
// The work is the lines the fixes move and the blanks they write: a fix
// of a line deep in nested blocks moves every line inside, and the meter
// counts each.
func indentEdits(src []byte, fixes []*layoutFix, m *work.Meter) (check.Edits, []check.Skipped) {
	type lineFix struct {
		start, end, col int
		target          string
		set, keep       bool
		shift           int
		tw              int
		tabs            bool
	}
	lines := map[int]*lineFix{}
	get := func(line, start, end, col, tw int, tabs bool) *lineFix {
		lf := lines[line]
		if lf == nil {
			lf = &lineFix{start: start, end: end, col: col, tw: tw, tabs: tabs}
			lines[line] = lf
		}
		return lf
	}
	for _, fx := range fixes {
		m.Add(1 + len(fx.moves))
		ls := fx.start
		le := ls
		for le < len(src) && (src[le] == ' ' || src[le] == '\t') {
			le++
		}
		lf := get(fx.line, ls, le, srclines.Cols(src[ls:le], fx.tabWidth), fx.tabWidth, fx.tabs)
		lf.target, lf.set, lf.keep = fx.lead, true, fx.keepsColumn
		for _, mv := range fx.moves {
			lf := get(mv.Line, mv.Start, mv.End, mv.Col, fx.tabWidth, fx.tabs)
			if mv.Set {
				if !lf.set {
					lf.target, lf.set = layoutview.RenderLead(mv.Want, fx.tabWidth, fx.tabs), true
				}
				continue
			}
			lf.shift += fx.shift
		}
	}
	keys := make([]int, 0, len(lines))
	for k := range lines {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var edits check.Edits
	var skipped []check.Skipped
	for _, k := range keys {
		lf := lines[k]
		m.Add(1 + lf.end - lf.start + len(lf.target))
		lead := lf.target
		if !lf.set {
			lead = string(src[lf.start:lf.end])
		}
		// A line's own target is where it belongs, unless the target only
		// rewrites its blanks at its current column.
		if lf.shift != 0 && (!lf.set || lf.keep) {
			col := srclines.Cols([]byte(lead), lf.tw) + lf.shift
			if col < 0 {
				skipped = append(skipped, check.Skipped{Start: lf.start, End: lf.end, Reason: "moving its block would take this line left of column 0"})
				continue
			}
			lead = layoutview.RenderLead(col, lf.tw, lf.tabs)
		}
		if lead != string(src[lf.start:lf.end]) {
			edits = append(edits, check.Edit{Start: lf.start, End: lf.end, New: lead})
		}
	}
	return edits, skipped
}
