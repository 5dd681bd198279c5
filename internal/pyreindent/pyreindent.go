// Package pyreindent plans the re-indentation of a Python file through
// its stack of open blocks, for the layout rule's Python fixes
// (internal/rules/layout, lint_python.go).
//
// Python re-indentation through the stack of open blocks, token-aware,
// as CPython's Tools/scripts/reindent.py does it (its algorithm, not its
// code): the tokenizer's INDENT and DEDENT give every statement its depth
// of open blocks, and the statement goes to depth × the unit, whatever
// column it had; so `else` after a nested `if` lands with its `if`
// however many levels it closes. The other lines keep their layout
// relative to what they hang on:
//
//   - a continuation line inside brackets moves with the line of its
//     bracket: aligned with the token after the bracket (a visual indent)
//     it stays aligned; a hanging indent counts in units, re-scaled from
//     the file's old unit to the new one; after a backslash it moves
//     with its statement;
//   - a line that starts inside a string keeps its bytes (they are the
//     string's text), unless the statement is nothing but strings (a
//     docstring, or a bare string the compiler drops), whose lines move
//     with it so the text keeps its shape (inspect.cleandoc, and the
//     compiler since 3.13, strip the common margin);
//   - a comment on its own line goes with the statement it stands at: the
//     next one, else the one before, else where its column was mapped
//     before (reindent.py's have2want), else the nearer of the two;
//   - blank lines are left alone.
//
// The plan is computed for the whole file once; each finding's fix sets
// its line and the rest of its top-level statement to the plan's columns (absolute
// columns, so any subset of findings composes into the same text, and a
// top-level statement stands at column 0 before and after, so it can be
// re-indented alone).
package pyreindent

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/check"

	"github.com/iflint/iflint/internal/pycodestyle"
	"github.com/iflint/iflint/internal/work"
)

// Plan is the re-indentation of a whole Python file.
type Plan struct {
	cols    []int  // each row's new column (-1: left alone)
	changed []bool // the row's leading blanks change
	top     []int  // first row of the top-level statement holding each row
	starts  []int  // each row's start offset
	leads   []int  // offset of each row's first non-blank byte
	// left is, by row, what pycodestyle still reports on the row once
	// the whole plan is applied (an "if (" line's visual continuation
	// lands at the column of its block, E129, which no column cures):
	// the fixes that move the row leave that finding, and say so.
	left map[int]string
}

// pyCol is the column of src[start:off] as Python counts it (a tab to
// the next multiple of 8, one column per character).
func pyCol(src []byte, start, off int) int {
	c := 0
	for i := start; i < off; {
		r, n := utf8.DecodeRune(src[i:])
		if r == '\t' {
			c = c/8*8 + 8
		} else {
			c++
		}
		i += n
	}
	return c
}

// New plans the re-indentation of the checked file to unit
// columns per level; tw and tabs say how columns render, checkSize is
// pycodestyle's indent size for the re-check of the result. nil: no
// statement changes column (the block structure already uses the unit).
func New(src []byte, pc *pycodestyle.Checker, checkSize, unit, tw int, tabs bool, meter *work.Meter) *Plan {
	infos := pc.Structure()
	n := len(infos)
	p := &Plan{cols: make([]int, n), changed: make([]bool, n), top: make([]int, n), starts: make([]int, n), leads: make([]int, n)}
	have := make([]int, n)
	for r := 0; r < n; r++ {
		meter.Add(1)
		p.starts[r] = pc.RowStart(r)
		end := pc.RowStart(r + 1)
		l := p.starts[r]
		for l < end && (src[l] == ' ' || src[l] == '\t' || src[l] == '\f') {
			l++
		}
		p.leads[r] = l
		have[r] = pyCol(src, p.starts[r], l)
		p.cols[r] = -1
	}
	// The file's old unit, which hanging indents count in: the column of
	// its shallowest block (2 for a two-space file, 8 for tabs).
	old := 0
	for r, in := range infos {
		if in.Role == pycodestyle.RoleStatement && in.Level == 1 && have[r] > 0 && (old == 0 || have[r] < old) {
			old = have[r]
		}
	}
	if old == 0 {
		old = unit
	}
	rowOf := func(off int) int {
		lo, hi := 0, n-1
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if p.starts[mid] <= off {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		return lo
	}
	// Statements first: their columns are what everything else follows.
	moved := false
	top := 0
	var stmts []int
	for r, in := range infos {
		if in.Role == pycodestyle.RoleStatement {
			p.cols[r] = in.Level * unit
			moved = moved || p.cols[r] != have[r]
			stmts = append(stmts, r)
			if in.Level == 0 {
				top = r
			}
		}
		p.top[r] = top
	}
	if !moved {
		return nil
	}
	// Comments, in order (have2want remembers where each column went).
	have2want := map[int]int{}
	next := 0 // index in stmts of the first statement after r
	for r, in := range infos {
		for next < len(stmts) && stmts[next] <= r {
			if s := stmts[next]; s == r {
				have2want[have[s]] = p.cols[s]
			}
			next++
		}
		if in.Role != pycodestyle.RoleComment {
			continue
		}
		prev := next - 1
		if prev >= 0 && stmts[prev] == r {
			prev--
		}
		want := -1
		switch {
		case have[r] == 0:
			want = 0
		case next < len(stmts) && have[stmts[next]] == have[r]:
			want = p.cols[stmts[next]]
		case prev >= 0 && have[stmts[prev]] == have[r]:
			want = p.cols[stmts[prev]]
		default:
			if w, ok := have2want[have[r]]; ok {
				want = w
				break
			}
			switch {
			case prev >= 0 && (next >= len(stmts) || abs(have[stmts[prev]]-have[r]) <= abs(have[stmts[next]]-have[r])):
				want = p.cols[stmts[prev]]
			case next < len(stmts):
				want = p.cols[stmts[next]]
			default:
				want = have[r]
			}
		}
		// pycodestyle's E11x for comments: after a block's header one unit
		// in, else at most the statement before's column, in units.
		switch {
		case prev < 0:
			want = 0
		case infos[stmts[prev]].Opens:
			want = p.cols[stmts[prev]] + unit
		default:
			want = min(want, p.cols[stmts[prev]]) / unit * unit
		}
		p.cols[r] = want
		have2want[have[r]] = want
	}
	// Continuation and string lines, in order: each follows a line above.
	diff := func(r int) int {
		if p.cols[r] < 0 {
			return 0
		}
		return p.cols[r] - have[r]
	}
	// statement -> its docstring lines may move: not when one would go
	// left of column 0, nor when one stands left of the opening line,
	// which was then pushed deeper alone and the rest stands where it
	// belongs.
	docOK := map[int]bool{}
	for r, in := range infos {
		if in.Role == pycodestyle.RoleString && in.Doc && p.starts[r] != p.leads[r] && !isEOL(src[p.leads[r]]) &&
			(have[r]+diff(in.Stmt) < 0 || have[r] < have[in.Stmt]) {
			docOK[in.Stmt] = false
		}
	}
	for r, in := range infos {
		meter.Add(1)
		switch in.Role {
		case pycodestyle.RoleString:
			if in.Doc && in.Stmt >= 0 && p.leads[r] < pc.RowStart(r+1) && !isEOL(src[p.leads[r]]) {
				if ok, set := docOK[in.Stmt]; ok || !set {
					p.cols[r] = have[r] + diff(in.Stmt)
				}
			}
		case pycodestyle.RoleContinuation:
			if in.Bracket < 0 {
				if in.Stmt >= 0 {
					p.cols[r] = max(0, have[r]+diff(in.Stmt))
				}
				continue
			}
			a := rowOf(in.Bracket)
			na := have[a] + diff(a)
			rel := have[r] - have[a]
			switch {
			case in.Closer && rel == 0:
				p.cols[r] = na
			case in.Hanging && rel > 0 && rel%old == 0:
				p.cols[r] = na + rel/old*unit
			case in.Hanging:
				p.cols[r] = na + unit
			default:
				vis := pyCol(src, p.starts[a], in.Visual) - have[a]
				if in.Closer || have[r] < have[a]+vis {
					p.cols[r] = na + vis
				} else {
					p.cols[r] = max(0, have[r]+diff(a))
				}
			}
		}
	}
	var out []byte
	for r := range p.cols {
		lead := src[p.starts[r]:p.leads[r]]
		if p.cols[r] >= 0 && renderLead(p.cols[r], tw, tabs) != string(lead) {
			p.changed[r] = true
			lead = []byte(renderLead(p.cols[r], tw, tabs))
		}
		out = append(append(out, lead...), src[p.leads[r]:pc.RowStart(r+1)]...)
	}
	p.left = map[int]string{}
	if after, err := pycodestyle.Check(out, checkSize, meter); err == nil {
		for _, e := range after.Errors {
			// Only a continuation line's codes (E12x, E131): a statement or
			// comment the plan leaves reported is the plan's error, and
			// verification must see it.
			if r := e.Pos.Row - 1; r < n && p.changed[r] && continuationCodes[e.Code] {
				if _, seen := p.left[r]; !seen {
					p.left[r] = fmt.Sprintf("%s (pycodestyle %s)", e.Text, e.Code)
				}
			}
		}
	}
	return p
}

// Leaves is what the fix of row leaves: the rows it moves that
// pycodestyle still reports once moved, each with why.
func (p *Plan) Leaves(row int, moves []Move) []check.Skipped {
	var out []check.Skipped
	add := func(r int) {
		if why, ok := p.left[r]; ok {
			out = append(out, check.Skipped{Start: p.starts[r], End: max(p.leads[r], p.starts[r]+1),
				Reason: "re-indented by the depth of its blocks, the line is still reported: " + why + "; no column of its own cures it (PEP 8 leaves the remedy to you: a comment, or an extra level that gives up the alignment)"})
		}
	}
	add(row)
	for _, mv := range moves {
		add(mv.Line)
	}
	return out
}

func isEOL(b byte) bool { return b == '\n' || b == '\r' }

// Moves is the fix of row: every changed line after it in its top-level
// statement, at its planned column (the lines before it are their own
// findings' fixes, or stay).
func (p *Plan) Moves(row int) []Move {
	var out []Move
	t := p.top[row]
	for r := row + 1; r < len(p.top) && p.top[r] == t; r++ {
		if p.changed[r] {
			out = append(out, Move{Line: r, Start: p.starts[r], End: p.leads[r], Want: p.cols[r]})
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Move sets line Line's leading blanks, src[Start:End], to column Want.
type Move struct{ Line, Start, End, Want int }

// Changed reports whether row's leading blanks change.
func (p *Plan) Changed(row int) bool { return p.changed[row] }

// Col is row's new column (-1: left alone).
func (p *Plan) Col(row int) int { return p.cols[row] }

// renderLead is the leading whitespace of col columns: spaces, or tabs
// and fewer than a tab's width of spaces.
func renderLead(col, tw int, tabs bool) string {
	if col <= 0 {
		return ""
	}
	if !tabs {
		return strings.Repeat(" ", col)
	}
	return strings.Repeat("\t", col/tw) + strings.Repeat(" ", col%tw)
}

// continuationCodes are the continuation-line codes the layout rule
// reports (its pycodestyleIndentCodes: E123 and E126 are left out, as
// pycodestyle's default leaves them out).
var continuationCodes = map[string]bool{"E121": true, "E122": true, "E124": true, "E125": true, "E127": true,
	"E128": true, "E129": true, "E131": true}
