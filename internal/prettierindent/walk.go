package prettierindent

import (
	"strings"

	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/syntax"
)

// Report is a line whose indentation is not prettier's.
type Report struct {
	// Line is the line's index among srclines.Split(src, ...)'s lines.
	Line int
	// Want is the indentation prettier gives it.
	Want string
	// Comment: the line starts with a comment.
	Comment bool
}

// lineWant is what the walk decided for one line.
type lineWant struct {
	set     bool
	at      ind
	comment bool
	// alt is a second indentation a comment line may take: that of the
	// code line after it (prettier attaches an own-line comment to the
	// node that follows it, or leaves it where the enclosing list's
	// items are).
	alt    ind
	hasAlt bool
	// star: a block comment's inner line, which prettier prints one
	// blank past the comment's indentation.
	star bool
}

// walker hands every node the indentation prettier prints it at.
type walker struct {
	src   []byte
	lines []srclines.Line
	want  []lineWant
	skip  []bool // lines prettier leaves alone
	o     Options
	ft    *syntax.FlatTree
	// full turns decidesNothing off, for the test that holds the two
	// walks to the same reports.
	full bool
	hint int // the line lineOf answered last
}

// field is the field name n's parent holds it under.
func (w *walker) field(n syntax.FlatRef) string { return w.ft.Nodes[n.Index()].Field }

// Judge returns the lines of src (whose tree-sitter-javascript or
// -typescript tree is ft) whose leading blanks are not those prettier
// prints under o, in order, each with the indentation prettier gives
// it. A file whose tree has errors is judged outside the erroneous
// nodes only: their lines are left alone.
func Judge(src []byte, ft *syntax.FlatTree, o Options) []Report {
	return judge(src, ft, o, false)
}

func judge(src []byte, ft *syntax.FlatTree, o Options, full bool) []Report {
	if o.TabWidth <= 0 {
		o.TabWidth = 2
	}
	w := &walker{src: src, lines: srclines.Split(src, o.TabWidth), o: o, ft: ft, full: full}
	w.want = make([]lineWant, len(w.lines))
	w.skip = make([]bool, len(w.lines))
	root := ft.Root()
	if !root.Valid() {
		return nil
	}
	w.visit(root, "")
	w.commentAlternatives()
	var out []Report
	for i, l := range w.lines {
		lw := w.want[i]
		if w.skip[i] || !lw.set || l.Lead == l.End {
			continue
		}
		got := string(src[l.Start:l.Lead])
		want := lw.at.render(o)
		if lw.star {
			want += " "
		}
		if got == want || lw.hasAlt && got == lw.alt.render(o) {
			continue
		}
		out = append(out, Report{Line: i, Want: want, Comment: lw.comment})
	}
	return out
}

// lineOf is the index of the line holding offset off. The walk asks
// in nearly source order, so the line of the last answer, or the next,
// is tried before the binary search (which was a third of the walk).
func (w *walker) lineOf(off int) int {
	if h := w.hint; h < len(w.lines) && w.lines[h].Start <= off {
		if h+1 == len(w.lines) || off < w.lines[h+1].Start {
			return h
		}
		if h+2 == len(w.lines) || off < w.lines[h+2].Start {
			w.hint = h + 1
			return h + 1
		}
	}
	w.hint = srclines.Of(w.lines, off)
	return w.hint
}

// startsLine reports whether off is the first non-blank of its line.
func (w *walker) startsLine(off int) bool {
	off = w.skipBlanks(off)
	return w.leads(w.lineOf(off), off)
}

// leads reports whether off is where line l's code starts: its first
// non-blank, or the first after block comments that open the line
// (prettier prints `/** @type {T} */ (x)` and `/*#__PURE__*/ f()` with
// the comment glued to the code, so the line is the code's).
func (w *walker) leads(l, off int) bool {
	p := w.lines[l].Lead
	for p < off {
		if !strings.HasPrefix(string(w.src[p:min(p+2, len(w.src))]), "/*") {
			return false
		}
		e := strings.Index(string(w.src[p:off]), "*/")
		if e < 0 {
			return false
		}
		p += e + 2
		for p < off && (w.src[p] == ' ' || w.src[p] == '\t') {
			p++
		}
	}
	return p == off
}

// skipBlanks steps over the blanks and line breaks at off:
// tree-sitter's JSX tokens start with the blanks before them.
func (w *walker) skipBlanks(off int) int {
	for off < len(w.src) && isBlank(w.src[off]) {
		off++
	}
	return off
}

// assign gives the line that off starts (if it starts one) the
// indentation at. Inner nodes are visited after outer ones, so the
// innermost node starting a line decides it.
func (w *walker) assign(off int, at ind) {
	off = w.skipBlanks(off)
	l := w.lineOf(off)
	if !w.leads(l, off) {
		return
	}
	w.want[l] = lineWant{set: true, at: at}
}

// leaveAlone marks the lines that start inside [s, e), after its first
// line, as not judged.
func (w *walker) leaveAlone(s, e int) {
	for l := w.lineOf(s) + 1; l < len(w.lines) && w.lines[l].Start < e; l++ {
		if w.lines[l].Lead < e {
			w.skip[l] = true
		}
	}
}

// comment places a comment node at the indentation of the list it sits
// in. A block comment whose inner lines all start with `*` is re-indented
// by prettier (its inner lines one blank past it); any other multi-line
// comment is printed as written.
func (w *walker) comment(n syntax.FlatRef, at ind) {
	s, e := n.Start(), n.End()
	l := w.lineOf(s)
	if w.lines[l].Lead == s {
		w.want[l] = lineWant{set: true, at: at, comment: true}
	}
	last := w.lineOf(max(s, e-1))
	if last == l {
		return
	}
	stars := true
	for k := l + 1; k <= last; k++ {
		if w.src[w.lines[k].Lead] != '*' && w.lines[k].Lead != w.lines[k].End {
			stars = false
		}
	}
	for k := l + 1; k <= last; k++ {
		if stars && w.lines[l].Lead == s {
			w.want[k] = lineWant{set: true, at: at, star: true, comment: true}
		} else {
			w.skip[k] = true
		}
	}
}

// commentAlternatives lets an own-line comment also stand where the
// next line of code stands.
func (w *walker) commentAlternatives() {
	next := -1
	for i := len(w.want) - 1; i >= 0; i-- {
		lw := &w.want[i]
		if !lw.set {
			continue
		}
		if lw.comment && !lw.star && next >= 0 {
			lw.alt, lw.hasAlt = w.want[next].at, true
			if w.isCloser(w.lines[next].Lead) {
				// Before a closing bracket, the comment belongs to the
				// list the bracket closes.
				lw.alt = lw.alt.in()
			}
		}
		if !lw.comment && !w.skip[i] {
			next = i
		}
	}
}

func (w *walker) isCloser(off int) bool {
	return off < len(w.src) && strings.IndexByte("}])>", w.src[off]) >= 0
}
