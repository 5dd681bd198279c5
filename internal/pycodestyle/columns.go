package pycodestyle

import (
	"unicode/utf8"

	"github.com/iflint/iflint/internal/work"
)

// columns converts between byte offsets and code-point columns on the
// physical lines, as tokenize's positions need, in constant time per
// conversion: an ASCII line's columns are its bytes, and a line with
// other bytes gets its two tables once, on first use. Counting from the
// line's start for every token instead made a long line quadratic.
//
// Columns count what utf8.RuneCountInString counts: a valid rune is one
// column, and so is each byte of an invalid or cut sequence.
type columns struct {
	lines []string
	ascii []bool
	byCol map[int][]int32 // row -> byte offset of each column, and len(line)
	byOff map[int][]int32 // row -> column of each byte offset 0..len(line)
	meter *work.Meter
}

func newColumns(lines []string, m *work.Meter) *columns {
	c := &columns{lines: lines, ascii: make([]bool, len(lines)), meter: m}
	for i, l := range lines {
		m.Add(len(l) + 1)
		c.ascii[i] = isASCII(l)
	}
	return c
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// tables builds row's tables (1-based row of a non-ASCII line).
func (c *columns) tables(row int) ([]int32, []int32) {
	if t, ok := c.byOff[row]; ok {
		return c.byCol[row], t
	}
	line := c.lines[row-1]
	c.meter.Add(2 * (len(line) + 1))
	byOff := make([]int32, len(line)+1)
	byCol := make([]int32, 0, len(line)+1)
	col := 0
	for b := 0; b < len(line); {
		_, n := utf8.DecodeRuneInString(line[b:])
		byCol = append(byCol, int32(b))
		for k := 0; k < n; k++ {
			// A cut rune's bytes count one each (see columns).
			byOff[b+k] = int32(col + k)
		}
		b += n
		col++
	}
	byOff[len(line)] = int32(col)
	byCol = append(byCol, int32(len(line)))
	if c.byOff == nil {
		c.byOff, c.byCol = map[int][]int32{}, map[int][]int32{}
	}
	c.byOff[row], c.byCol[row] = byOff, byCol
	return byCol, byOff
}

// col is the column of byte offset b of row (1-based): the code points
// in the line before b.
func (c *columns) col(row, b int) int {
	c.meter.Add(1)
	if row < 1 || row > len(c.lines) || c.ascii[row-1] {
		return b
	}
	_, byOff := c.tables(row)
	return int(byOff[min(b, len(byOff)-1)])
}

// offset is the byte offset in row (1-based) of column col, the line's
// length past its end.
func (c *columns) offset(row, col int) int {
	c.meter.Add(1)
	if row < 1 || row > len(c.lines) {
		return 0
	}
	if c.ascii[row-1] {
		return min(max(col, 0), len(c.lines[row-1]))
	}
	byCol, _ := c.tables(row)
	return int(byCol[min(max(col, 0), len(byCol)-1)])
}
