package check

import (
	"bytes"

	"github.com/iflint/iflint/internal/syntax"
)

// The lint profile's indentation model. Every line that starts with code
// is judged relative to one earlier line, its anchor, as the established
// formatters and linters (eslint's indent, google-java-format, rustfmt,
// PEP 8's hanging indents) do:
//
//   - inside brackets opened on an earlier line, one unit deeper than the
//     line of the opening bracket (a block's "{" that ends a multi-line
//     header counts from the header's first line), and a line that starts
//     with the closing bracket at the anchor's level;
//   - inside a statement or expression continued from an earlier line
//     (a braceless if body, `a +` / `b`, a method chain), one unit deeper
//     than the line it starts on; `else`, `catch`, `elif` and a
//     statement's own `{` at the statement's level;
//   - where the language's convention allows it, aligned with the first
//     token after the opening bracket (visual indent), or two units deep
//     for continuations (Java's and C's 8-space convention).
//
// Judging relative to the anchor's actual indentation reports the line
// where a mistake starts, not every line of the block that follows it:
// the block is that finding's extent, and its fix moves the block along.

// lineKind says how a line is judged.
type lineKind uint8

const (
	lineSkip    lineKind = iota // blank, or inside a string, comment or ignored region
	lineCode                    // starts with a code token
	lineComment                 // starts with a comment
)

// indentLine is one source line under the model.
type indentLine struct {
	start, lead, end int // offsets: line start, first non-blank, end (before "\r\n")
	col              int // width of the leading blanks, tabs counting tabWidth
	kind             lineKind
	anchor           int   // index of the line it is judged against; -1: column 0
	want             []int // accepted columns, the preferred (the fix's) first
	free             bool  // any indentation is accepted (eslint: binary operands)
	visual           bool  // want[0] is a visual alignment, not a level
	cont             bool  // continues a statement begun on an earlier line
	node             syntax.Node
}

// indentModel is the judgement of every line of one unit.
type indentModel struct {
	src      []byte
	lines    []indentLine
	tabWidth int
	unitCols int // columns of one indentation unit
}

// lineOf returns the index of the line holding offset off.
func (m *indentModel) lineOf(off int) int {
	lo, hi := 0, len(m.lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if m.lines[mid].start <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// colAt is the column of offset off on its line.
func (m *indentModel) colAt(off int) int {
	l := m.lines[m.lineOf(off)]
	return expandCols(m.src[l.start:off], m.tabWidth)
}

// expandCols is the width of b, a tab advancing to the next multiple of tw.
func expandCols(b []byte, tw int) int {
	c := 0
	for _, x := range b {
		if x == '\t' {
			c = c/tw*tw + tw
		} else {
			c++
		}
	}
	return c
}

// newIndentModel splits src into lines and measures their indentation.
func newIndentModel(src []byte, tabWidth, unitCols int) *indentModel {
	m := &indentModel{src: src, tabWidth: tabWidth, unitCols: unitCols}
	for s := 0; s <= len(src); {
		e := bytes.IndexByte(src[s:], '\n')
		next := 0
		if e < 0 {
			e = len(src)
			next = len(src) + 1
		} else {
			e += s
			next = e + 1
		}
		end := e
		if end > s && src[end-1] == '\r' {
			end--
		}
		lead := s
		for lead < end && (src[lead] == ' ' || src[lead] == '\t') {
			lead++
		}
		l := indentLine{start: s, lead: lead, end: end, anchor: -1}
		l.col = expandCols(src[s:lead], tabWidth)
		m.lines = append(m.lines, l)
		s = next
	}
	return m
}

// dependents returns, for each line, the lines whose judgement rests on
// it (directly or through other lines): the block that moves with it.
func (m *indentModel) dependents() [][]int {
	out := make([][]int, len(m.lines))
	for i := len(m.lines) - 1; i >= 0; i-- {
		if a := m.lines[i].anchor; a >= 0 && m.lines[i].kind != lineSkip {
			out[a] = append(out[a], i)
			out[a] = append(out[a], out[i]...)
		}
	}
	return out
}

// accepts reports whether line i's indentation is one the model accepts.
func (m *indentModel) accepts(i int) bool {
	l := m.lines[i]
	if l.kind == lineSkip || l.free {
		return true
	}
	for _, w := range l.want {
		if l.col == w {
			return true
		}
	}
	return false
}
