package layout

import (
	"bytes"

	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/work"
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
	lineUnit                    // in a region the grammar cannot parse: judged by the unit alone
)

// indentLine is one source line under the model.
type indentLine struct {
	start, lead, end int // offsets: line start, first non-blank, end (before "\r\n")
	col              int // width of the leading blanks, tabs counting tabWidth
	kind             lineKind
	anchor           int   // index of the line it is judged against; -1: column 0
	want             []int // accepted columns, the preferred first (while building)
	rel              []int // the same, relative to the anchor's column
	atLeastRel       int   // when >= 0, any offset from here on is accepted too
	mode             lineMode
	ecol             int  // the column the line should have
	free             bool // any indentation is accepted (eslint: binary operands)
	atLeast          int  // when > 0, any column from here on is accepted too
	visual           bool // want[0] is a visual alignment, not a level
	cont             bool // continues a statement begun on an earlier line
	// host is, for a line inside a block comment that starts a line of
	// its own (a Javadoc's ` * ` lines), that comment's first line; -1
	// otherwise. The line is text, not judged, but it moves with its
	// host: a re-indented `/**` takes its ` * ` lines along.
	host int
	// tabsOnly: a line of a region the formatter leaves as written but
	// whose leading tabs it turns into spaces (rustfmt in a macro's
	// tokens): only a tab is a finding.
	tabsOnly bool
}

// lineMode is how a line stands to its anchor.
type lineMode uint8

const (
	attached lineMode = iota // right where the anchor stands: moves with it
	detached                 // right where the anchor should stand: stays
	flagged                  // wrong either way
)

// indentModel is the judgement of every line of one unit.
type indentModel struct {
	spec     *indentLang // the tree's language table, nil without one
	src      []byte
	lines    []indentLine
	tabWidth int
	unitCols int // columns of one indentation unit
	// meter is charged per line and node the model visits (nil: none).
	meter *work.Meter
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
	return srclines.Cols(m.src[l.start:off], m.tabWidth)
}

// newIndentModel splits src into lines and measures their indentation.
func newIndentModel(src []byte, tabWidth, unitCols int) *indentModel {
	m := &indentModel{src: src, tabWidth: tabWidth, unitCols: unitCols}
	split := srclines.Split(src, tabWidth)
	m.lines = make([]indentLine, len(split))
	for i, l := range split {
		m.lines[i] = indentLine{start: l.Start, lead: l.Lead, end: l.End, col: l.Col, anchor: -1, host: -1}
	}
	return m
}

// finish turns the absolute columns judge computed into offsets from
// the anchor, then resolves every line (see resolve).
func (m *indentModel) finish() {
	m.meter.Add(len(m.lines))
	for i := range m.lines {
		l := &m.lines[i]
		base := 0
		if l.anchor >= 0 {
			base = m.lines[l.anchor].col
		}
		l.rel = make([]int, len(l.want))
		for k, w := range l.want {
			l.rel[k] = w - base
		}
		l.atLeastRel = -1
		if l.atLeast > 0 {
			l.atLeastRel = l.atLeast - base
		}
	}
	m.resolve()
}

func (m *indentModel) fits(l *indentLine, d int) bool {
	for _, r := range l.rel {
		if d == r {
			return true
		}
	}
	return l.atLeastRel >= 0 && d >= l.atLeastRel
}

// resolve decides every line: right relative to its anchor as the
// anchor stands (attached: a fix of the anchor moves it along), right
// relative to where the anchor should stand (detached: it stays when the
// anchor is fixed), or wrong either way (flagged), with the column it
// should have. A comment line may also sit where the code line before
// or after it should sit (eslint's rule, and how people annotate `case`
// labels and closing braces) when no blank line separates them.
func (m *indentModel) resolve() {
	m.meter.Add(len(m.lines))
	for i := range m.lines {
		l := &m.lines[i]
		if l.kind == lineSkip || l.kind == lineUnit {
			continue
		}
		ac, ae := 0, 0
		if l.anchor >= 0 {
			ac, ae = m.lines[l.anchor].col, m.lines[l.anchor].ecol
		}
		switch {
		case l.free:
			l.mode, l.ecol = attached, l.col
		case l.anchor >= 0 && ae != ac && m.fits(l, l.col-ae):
			// Right both where the anchor stands and where it should
			// (a continuation's minimum indent, a label's two levels):
			// fixing the anchor leaves the line where it is, the smaller
			// edit, and where a formatter that moved the anchor back
			// would have it.
			l.mode, l.ecol = detached, l.col
		case m.fits(l, l.col-ac):
			l.mode, l.ecol = attached, l.col
		case l.anchor >= 0 && m.fits(l, l.col-ae):
			l.mode, l.ecol = detached, l.col
		default:
			l.mode, l.ecol = flagged, ae
			if len(l.rel) > 0 {
				l.ecol = max(0, ae+l.rel[0])
			}
		}
	}
	for i := range m.lines {
		l := &m.lines[i]
		if l.kind == lineComment && m.spec != nil && m.spec.clang != nil {
			m.clangComment(i)
			continue
		}
		if l.kind != lineComment || l.mode != flagged {
			continue
		}
		if m.spec != nil && m.spec.commentsAtLevel {
			m.commentAtLevel(i)
			continue
		}
		if l.col == 0 && (bytes.HasPrefix(m.src[l.lead:], []byte("//")) || bytes.HasPrefix(m.src[l.lead:], []byte("#"))) {
			// Commented-out code at column 0, as IDEs comment lines out.
			l.mode, l.ecol = attached, 0
			continue
		}
		if i > 0 && l.col == m.trailingCommentCol(i-1) {
			// A comment continuing the trailing comment above it.
			l.mode, l.ecol = attached, l.col
			continue
		}
		for _, d := range []int{-1, 1} {
			j := i + d
			for j >= 0 && j < len(m.lines) && m.lines[j].kind == lineComment {
				m.meter.Add(1)
				j += d
			}
			if j < 0 || j >= len(m.lines) || m.lines[j].kind != lineCode || m.blankBetween(min(i, j), max(i, j)) {
				continue
			}
			if l.col == m.lines[j].ecol {
				l.mode, l.ecol = attached, l.col
				break
			}
			if m.opensCaseBody(j) && l.col == m.lines[j].ecol+m.unitCols {
				// A comment for a case's statements: standing for them
				// after its label (`default:` / `// nothing to do`), or
				// ending them before the next (`// fall through`), as
				// checkstyle's CommentsIndentation allows.
				l.mode, l.ecol = attached, l.col
				break
			}
		}
	}
}

// trailingCommentCol is the column of a comment that ends line i after
// code, or -1.
func (m *indentModel) trailingCommentCol(i int) int {
	l := m.lines[i]
	if l.kind != lineCode {
		return -1
	}
	line := m.src[l.lead:l.end]
	m.meter.Add(1 + len(line))
	for _, mark := range [][]byte{[]byte("//"), []byte("#")} {
		if k := bytes.LastIndex(line, mark); k > 0 {
			return srclines.Cols(m.src[l.start:l.lead+k], m.tabWidth)
		}
	}
	return -1
}

// opensCaseBody reports whether line i is a case label alone
// (`case X:`, `default:`), whose statements follow on the next lines.
func (m *indentModel) opensCaseBody(i int) bool {
	l := m.lines[i]
	t := m.src[l.lead:l.end]
	if k := bytes.Index(t, []byte("//")); k >= 0 {
		t = t[:k] // `default: // A-Z, anything else`
	}
	t = bytes.TrimRight(t, " \t")
	return bytes.HasSuffix(t, []byte(":")) && (bytes.HasPrefix(t, []byte("case ")) || bytes.HasPrefix(t, []byte("default")))
}

// blankBetween reports a blank line strictly between lines i < j.
func (m *indentModel) blankBetween(i, j int) bool {
	for k := i + 1; k < j; k++ {
		m.meter.Add(1)
		if m.lines[k].lead == m.lines[k].end {
			return true
		}
	}
	return false
}

// dependents returns, for each line, the lines that stand where they do
// because it stands where it does (attached to it, directly or through
// other attached lines): the block that moves with it. With flaggedToo
// (Python, where a block's lines must stay inside their header's block),
// lines judged wrong either way move along too.
//
// Each line's list is made when asked for (lineDeps.of): made for every
// line up front, the lists of a chain of nested lines, each anchored to
// the one before, summed to the square of its length.
func (m *indentModel) dependents(flaggedToo bool) lineDeps {
	d := lineDeps{m: m, first: make([]int, len(m.lines))}
	for i := range d.first {
		d.first[i] = -1
	}
	m.meter.Add(len(m.lines))
	add := func(x, i int, sub bool) {
		d.line, d.sub, d.next = append(d.line, i), append(d.sub, sub), append(d.next, d.first[x])
		d.first[x] = len(d.line) - 1
	}
	// Entries are linked in descending line order, the order the lists
	// were built in: a line's list is, last line first, each line
	// anchored to it followed by that line's own list, and each line of
	// a block comment it hosts.
	for i := 0; i < len(m.lines); i++ {
		l := m.lines[i]
		if l.host >= 0 {
			add(l.host, i, false)
		}
		if a := l.anchor; a >= 0 && l.kind != lineSkip && (l.mode == attached || flaggedToo && l.mode == flagged) {
			add(a, i, true)
		}
	}
	return d
}

// lineDeps are the dependents of every line (see dependents), as
// linked lists of entries: first[x] is line x's first entry, and entry
// e names line[e], brings that line's own dependents along when sub[e],
// and is followed by next[e].
type lineDeps struct {
	m          *indentModel
	first      []int
	line, next []int
	sub        []bool
}

// of is line i's dependents in the order dependents defines, a new slice
// each time, charged per line listed.
func (d lineDeps) of(i int) []int {
	var out []int
	var stack []int // entries whose lists are being listed
	for e := d.first[i]; ; {
		for e >= 0 {
			out = append(out, d.line[e])
			if d.sub[e] {
				stack = append(stack, e)
				e = d.first[d.line[e]]
			} else {
				e = d.next[e]
			}
		}
		if len(stack) == 0 {
			break
		}
		e = d.next[stack[len(stack)-1]]
		stack = stack[:len(stack)-1]
	}
	d.m.meter.Add(1 + len(out))
	return out
}

// accepts reports whether line i's indentation is one the model accepts.
func (m *indentModel) accepts(i int) bool {
	k := m.lines[i].kind
	return k == lineSkip || k == lineUnit || m.lines[i].mode != flagged
}
