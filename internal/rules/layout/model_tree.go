package layout

import (
	"strings"

	"github.com/iflint/iflint/internal/syntax"
)

// treeIndent builds an indentModel from a syntax tree (copied into Go
// memory once, so that walking it costs no cgo call) and a language's
// indentLang table.
type treeIndent struct {
	m      *indentModel
	spec   *indentLang
	done   []bool // line already judged (its first token was seen)
	ft     *syntax.FlatTree
	f      []syntax.FlatNode // ft.Nodes
	hasErr []bool            // the node's subtree holds an error or missing node
}

// fn is a node of the flat tree: its index.
type fn = int

func (b *treeIndent) typ(n fn) string { return b.f[n].Type }
func (b *treeIndent) start(n fn) int  { return b.f[n].Start }
func (b *treeIndent) end(n fn) int    { return b.f[n].End }

func (b *treeIndent) children(n fn) []fn { return b.ft.Children(n) }

// buildIndentModel judges every line of src by the tree rooted at root.
func buildIndentModel(src []byte, ft *syntax.FlatTree, spec *indentLang, tabWidth, unitCols int) *indentModel {
	m := newIndentModel(src, tabWidth, unitCols)
	m.spec = spec
	b := &treeIndent{m: m, spec: spec, done: make([]bool, len(m.lines)), ft: ft, f: ft.Nodes}
	b.hasErr = make([]bool, len(b.f))
	for i := len(b.f) - 1; i >= 0; i-- {
		if b.f[i].Error || b.f[i].Missing {
			b.hasErr[i] = true
		}
		if p := b.f[i].Parent; p >= 0 && b.hasErr[i] {
			b.hasErr[p] = true
		}
	}
	for i, l := range m.lines {
		if l.lead == l.end {
			b.done[i] = true // blank
		}
	}
	// A top-level declaration that does not parse cleanly (a macro the
	// grammar cannot read, say) has no structure to judge by, and
	// neither has the stray block a parser error leaves behind it.
	afterError := false
	for _, c := range b.children(0) {
		if b.hasErr[c] || afterError && b.bracketIndex(c) == 0 {
			for j := m.lineOf(b.start(c)); j < len(m.lines) && m.lines[j].start < b.end(c); j++ {
				if !b.done[j] {
					m.lines[j].kind = lineUnit
				}
				b.done[j] = true
			}
			afterError = true
			continue
		}
		if !isCommentType(b.typ(c)) {
			afterError = false
		}
	}
	// Pre-order over the flat tree with an explicit stack of ancestors
	// (trees 10,000 deep are fine).
	var stack []fn
	type frame struct {
		n    fn
		next fn // the next child to visit
	}
	work := []frame{{0, -2}}
	for len(work) > 0 {
		top := &work[len(work)-1]
		n := top.n
		if top.next == -2 {
			x := b.f[n]
			t := x.Type
			switch {
			case x.Error || x.Missing && x.End == x.Start:
				if x.Error {
					b.skipInside(x.Start-1, x.End)
				}
				work = work[:len(work)-1]
				continue
			case x.First < 0 || spec.opaque[t] || isCommentType(t):
				b.token(n, stack)
				b.skipInside(x.Start, x.End)
				work = work[:len(work)-1]
				continue
			}
			stack = append(stack, n)
			top.next = x.First
		}
		if top.next < 0 {
			stack = stack[:len(stack)-1]
			work = work[:len(work)-1]
			continue
		}
		c := top.next
		top.next = b.f[c].Next
		if top.next < 0 {
			top.next = -1
		}
		work = append(work, frame{c, -2})
	}
	// In regions judged by the unit alone, the lines inside comments and
	// strings (an ERROR node's too) are text, not indentation.
	for _, x := range b.f {
		if isCommentType(x.Type) || spec.opaque[x.Type] {
			for j := m.lineOf(x.Start) + 1; j < len(m.lines) && m.lines[j].lead < x.End; j++ {
				if m.lines[j].kind == lineUnit && m.lines[j].lead > x.Start {
					m.lines[j].kind = lineSkip
				}
			}
		}
	}
	m.finish()
	return m
}

func isCommentType(t string) bool { return strings.Contains(t, "comment") }

// skipInside marks the lines whose first non-blank lies inside (s, e) as
// not judged: their blanks are a string's or comment's text.
func (b *treeIndent) skipInside(s, e int) {
	if e-s < 2 {
		return
	}
	for i := b.m.lineOf(s) + 1; i < len(b.m.lines) && b.m.lines[i].lead < e; i++ {
		if b.m.lines[i].lead > s {
			b.done[i] = true
		}
	}
}

// token judges the line that n starts, if n is its first token.
func (b *treeIndent) token(n fn, stack []fn) {
	s := b.start(n)
	if b.end(n) == s {
		return // zero-width tokens (Python's newlines, missing nodes)
	}
	i := b.m.lineOf(s)
	l := &b.m.lines[i]
	if b.done[i] || l.lead != s {
		return
	}
	b.done[i] = true
	if isCommentType(b.typ(n)) {
		l.kind = lineComment
	} else {
		l.kind = lineCode
	}
	if b.spec.skipLine != nil && b.spec.skipLine(b.m.src, s) {
		l.kind = lineSkip
		return
	}
	b.judge(i, n, stack)
}

// judge sets line i's anchor and accepted columns from the ancestors of
// its first token t.
func (b *treeIndent) judge(i int, t fn, stack []fn) {
	m, spec := b.m, b.spec
	l := &m.lines[i]
	u := m.unitCols
	for _, a := range stack {
		if spec.ignore[b.typ(a)] && b.start(a) < b.start(t) {
			l.kind = lineSkip
			return
		}
		if spec.freeWithComments[b.typ(a)] && b.start(a) < b.start(t) && b.hasCommentChild(a) {
			// rustfmt leaves an expression with comments inside as written.
			l.free, l.want = true, []int{l.col}
			return
		}
	}
	child := t
	for k := len(stack) - 1; k >= 0; k-- {
		a := stack[k]
		at := b.typ(a)
		if spec.transparent[at] {
			continue // conditional compilation does not nest code
		}
		if o, closer := b.bracketOf(a); o >= 0 {
			ol := m.lineOf(b.start(o))
			if b.start(o) < b.start(t) && ol < i {
				base := ol
				if spec.body[at] && k > 0 && m.lines[ol].lead != b.start(o) {
					if p := stack[k-1]; b.bracketIndex(p) < 0 && m.lineOf(b.start(p)) < ol {
						base = m.lineOf(b.start(p))
					}
				}
				bc := m.lines[base].col
				l.anchor = base
				l.cont = !spec.body[at]
				isClose := closer >= 0 && b.start(child) == b.start(t) && child == closer
				switch {
				case isClose:
					l.want = []int{bc}
					if spec.wrapAtLeast && l.cont && bc > 0 {
						// An expression's closing bracket may also stand at
						// its content's continuation indent (google-java-format).
						l.atLeast = bc
					}
					if spec.visual != visualNone {
						if v, ok := b.visualCol(o); ok && spec.visual == visualPEP8 {
							l.want = []int{v}
							l.visual = true
						}
					}
				case b.start(child) == b.start(t) && spec.branch[b.typ(child)]:
					l.want = []int{bc}
				default:
					l.want = []int{bc + u}
					if spec.zero[at] || b.start(child) == b.start(t) && spec.caseLabel[b.typ(child)] {
						l.want = append(l.want, bc)
					}
					if b.start(child) == b.start(t) && spec.label[b.typ(child)] {
						l.want = append(l.want, 0, bc)
					}
					if v, ok := b.visualCol(o); ok && spec.visual != visualNone {
						if spec.visual == visualPEP8 {
							l.want = []int{v}
							l.visual = true
						} else {
							l.want = append(l.want, v)
						}
					}
					for x := 1; x <= spec.bracketExtra; x++ {
						l.want = append(l.want, bc+u*(1+x))
					}
					if spec.wrapAtLeast && l.cont {
						l.atLeast = bc + u
					}
				}
				return
			}
		} else if spec.cont[at] && m.lineOf(b.start(a)) < i {
			base := m.lineOf(b.start(a))
			bc := m.lines[base].col
			l.anchor = base
			l.cont = !spec.stmt[at]
			startsChild := b.start(child) == b.start(t)
			switch {
			case spec.preamble[b.typ(child)] || startsChild && b.afterPreamble(a, child):
				// Annotations on their own lines, and the declaration
				// they annotate, sit at the declaration's level.
				l.want = []int{bc}
			case startsChild && spec.branch[b.typ(child)]:
				l.want = []int{bc}
			case startsChild && b.typ(child) == at && b.prevSiblingType(a, child) == "else":
				// `else` and its `if` split over two lines: the if sits
				// with its else, or one level deeper.
				l.want = []int{bc, bc + u}
			case startsChild && spec.body[b.typ(child)] && b.bracketIndex(child) == 0:
				// A statement's own block on the next line (Allman).
				l.want = []int{bc}
			case spec.free[at]:
				l.free = true
				l.want = []int{l.col}
			case spec.flat[at]:
				l.want = []int{bc}
			default:
				l.want = []int{bc + u}
				for x := 1; x <= spec.contExtra; x++ {
					l.want = append(l.want, bc+u*(1+x))
				}
				if spec.wrapAtLeast && l.cont {
					l.atLeast = bc + u
				}
				if spec.contZero[at] {
					l.want = append(l.want, bc)
				}
				if startsChild && spec.label[b.typ(child)] {
					l.want = append(l.want, 0, bc)
				}
				if spec.visual == visualAllowed {
					// A continuation inside brackets may align with the
					// first token after the innermost opening bracket.
					if v, ok := b.enclosingVisual(stack[:k], t); ok {
						l.want = append(l.want, v)
					}
				}
				if spec.chainAfterClose && b.m.src[b.start(t)] == '.' {
					if p, ok := b.closerLineBefore(i); ok {
						l.want = append(l.want, p)
					}
				}
			}
			return
		}
		child = a
	}
	l.want = []int{0}
	if spec.topAny {
		l.free = true
	}
}

// enclosingVisual is the visual column of the innermost bracket among
// ancestors that opens before t and has a token after it on its line.
func (b *treeIndent) enclosingVisual(ancestors []fn, t fn) (int, bool) {
	for k := len(ancestors) - 1; k >= 0; k-- {
		if o, _ := b.bracketOf(ancestors[k]); o >= 0 && b.start(o) < b.start(t) {
			return b.visualCol(o)
		}
	}
	return 0, false
}

// closerLineBefore returns the column of the code line before line i
// when that line starts with a closing bracket or continues a chain.
func (b *treeIndent) closerLineBefore(i int) (int, bool) {
	m := b.m
	for j := i - 1; j >= 0; j-- {
		l := m.lines[j]
		if l.lead == l.end || l.kind == lineComment {
			continue
		}
		c := m.src[l.lead]
		return l.col, c == ')' || c == ']' || c == '}' || c == '.' || c == '?'
	}
	return 0, false
}

// hasCommentChild reports a comment among n's children or those of its
// nested nodes of n's own type (a chain of `||`).
func (b *treeIndent) hasCommentChild(n fn) bool {
	for _, c := range b.children(n) {
		if isCommentType(b.typ(c)) || b.typ(c) == b.typ(n) && b.hasCommentChild(c) {
			return true
		}
	}
	return false
}

// prevSiblingType is the type of the child of a just before child.
func (b *treeIndent) prevSiblingType(a, child fn) string {
	prev := ""
	for _, c := range b.children(a) {
		if b.start(c) >= b.start(child) {
			return prev
		}
		if !isCommentType(b.typ(c)) {
			prev = b.typ(c)
		}
	}
	return prev
}

// afterPreamble reports whether every child of a before child is an
// annotation-like preamble (and there is at least one).
func (b *treeIndent) afterPreamble(a, child fn) bool {
	if len(b.spec.preamble) == 0 {
		return false
	}
	seen := false
	for _, c := range b.children(a) {
		if b.start(c) >= b.start(child) {
			return seen
		}
		if isCommentType(b.typ(c)) {
			continue
		}
		if !b.spec.preamble[b.typ(c)] {
			return false
		}
		seen = true
	}
	return false
}

// bracketOf returns n's opening and closing bracket children when n is
// delimited by a matching pair (its last child closes a bracket one of
// its children opens), or by a pair the language names (JSX); -1 when
// it is not.
func (b *treeIndent) bracketOf(n fn) (open, close fn) {
	ks := b.children(n)
	if len(ks) < 2 {
		return -1, -1
	}
	want := ""
	switch b.typ(ks[len(ks)-1]) {
	case ")":
		want = "("
	case "]":
		want = "["
	case "}":
		want = "{"
	default:
		if o, ok := b.spec.pairs[b.typ(n)]; ok {
			closer := fn(-1)
			if o == "<" && b.typ(ks[len(ks)-1]) == ">" {
				closer = ks[len(ks)-1]
			}
			for _, c := range ks {
				if b.typ(c) == o {
					return c, closer
				}
			}
		}
		return -1, -1
	}
	for _, c := range ks[:len(ks)-1] {
		if b.typ(c) == want {
			return c, ks[len(ks)-1]
		}
	}
	return -1, -1
}

// bracketIndex is the position of n's opening bracket among its
// children, -1 if n is not bracketed.
func (b *treeIndent) bracketIndex(n fn) int {
	o, _ := b.bracketOf(n)
	if o < 0 {
		return -1
	}
	for k, c := range b.children(n) {
		if c == o {
			return k
		}
	}
	return -1
}

// visualCol is the column of the first token after the opening bracket o
// on o's line, if there is one (a visual indent's column).
func (b *treeIndent) visualCol(o fn) (int, bool) {
	src := b.m.src
	j := b.end(o)
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j >= len(src) || src[j] == '\n' || src[j] == '\r' {
		return 0, false
	}
	// A comment after the bracket is not something to align with.
	if j+1 < len(src) && (src[j] == '/' && (src[j+1] == '/' || src[j+1] == '*') || src[j] == '#') {
		return 0, false
	}
	return b.m.colAt(j), true
}
