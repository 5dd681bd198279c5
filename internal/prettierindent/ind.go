package prettierindent

import "strings"

// ind is an indentation as prettier's printer queues it: one byte per
// part, 0 for an indent (a tab, or tabWidth spaces) and n > 0 for an
// align of n columns.
type ind string

func (i ind) in() ind         { return i + "\x00" }
func (i ind) align(n int) ind { return i + ind(rune(n)) }

// Options are the prettier options indentation depends on.
type Options struct {
	UseTabs  bool
	TabWidth int
}

// render is prettier's generateInd: indents flush the aligns queued
// before them (as one tab each under useTabs, as their columns
// otherwise); trailing aligns are spaces.
func (i ind) render(o Options) string {
	var b strings.Builder
	tabs, spaces := 0, 0
	flushSpaces := func() {
		b.WriteString(strings.Repeat(" ", spaces))
		tabs, spaces = 0, 0
	}
	for k := 0; k < len(i); k++ {
		if n := int(i[k]); n > 0 {
			tabs++
			spaces += n
			continue
		}
		if o.UseTabs {
			b.WriteString(strings.Repeat("\t", tabs))
			tabs, spaces = 0, 0
			b.WriteByte('\t')
		} else {
			flushSpaces()
			b.WriteString(strings.Repeat(" ", o.TabWidth))
		}
	}
	flushSpaces()
	return b.String()
}
