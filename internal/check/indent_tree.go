package check

import (
	"strings"

	"github.com/iflint/iflint/internal/syntax"
)

// treeIndent builds an indentModel from a syntax tree and a language's
// indentLang table.
type treeIndent struct {
	m    *indentModel
	spec *indentLang
	done []bool // line already judged (its first token was seen)
}

// buildIndentModel judges every line of src by the tree rooted at root.
func buildIndentModel(src []byte, root syntax.Node, spec *indentLang, tabWidth, unitCols int) *indentModel {
	m := newIndentModel(src, tabWidth, unitCols)
	b := &treeIndent{m: m, spec: spec, done: make([]bool, len(m.lines))}
	for i, l := range m.lines {
		if l.lead == l.end {
			b.done[i] = true // blank
		}
	}
	// A top-level declaration that does not parse cleanly (a macro the
	// grammar cannot read, say) has no structure to judge by, and
	// neither has the stray block a parser error leaves behind it.
	afterError := false
	for i := 0; i < root.ChildCount(); i++ {
		c := root.Child(i)
		if c.HasError() || c.IsError() || afterError && bracketIndex(c, spec) == 0 {
			for j := m.lineOf(c.Start()); j < len(m.lines) && m.lines[j].start < c.End(); j++ {
				b.done[j] = true
			}
			afterError = true
			continue
		}
		if !isCommentType(c.Type()) {
			afterError = false
		}
	}
	var stack []syntax.Node
	var visit func(n syntax.Node)
	visit = func(n syntax.Node) {
		t := n.Type()
		switch {
		case n.IsError() || n.IsMissing() && n.End() == n.Start():
			if n.IsError() {
				b.skipInside(n.Start()-1, n.End())
			}
			return
		case n.ChildCount() == 0 || spec.opaque[t] || isCommentType(t):
			b.token(n, stack)
			b.skipInside(n.Start(), n.End())
			return
		}
		stack = append(stack, n)
		for i := 0; i < n.ChildCount(); i++ {
			visit(n.Child(i))
		}
		stack = stack[:len(stack)-1]
	}
	visit(root)
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
func (b *treeIndent) token(n syntax.Node, stack []syntax.Node) {
	if n.End() == n.Start() {
		return // zero-width tokens (Python's newlines, missing nodes)
	}
	i := b.m.lineOf(n.Start())
	l := &b.m.lines[i]
	if b.done[i] || l.lead != n.Start() {
		return
	}
	b.done[i] = true
	l.node = n
	if isCommentType(n.Type()) {
		l.kind = lineComment
	} else {
		l.kind = lineCode
	}
	if b.spec.skipLine != nil && b.spec.skipLine(b.m.src, n, stack) {
		l.kind = lineSkip
		return
	}
	b.judge(i, n, stack)
}

// judge sets line i's anchor and accepted columns from the ancestors of
// its first token t.
func (b *treeIndent) judge(i int, t syntax.Node, stack []syntax.Node) {
	m, spec := b.m, b.spec
	l := &m.lines[i]
	u := m.unitCols
	for _, a := range stack {
		if spec.ignore[a.Type()] && a.Start() < t.Start() {
			l.kind = lineSkip
			return
		}
		if spec.freeWithComments[a.Type()] && a.Start() < t.Start() && hasCommentChild(a) {
			// rustfmt leaves an expression with comments inside as written.
			l.free, l.want = true, []int{l.col}
			return
		}
	}
	child := t
	for k := len(stack) - 1; k >= 0; k-- {
		a := stack[k]
		at := a.Type()
		if spec.transparent[at] {
			continue // conditional compilation does not nest code
		}
		if open, closeIdx := bracketOf(a, spec); open >= 0 {
			o := a.Child(open)
			ol := m.lineOf(o.Start())
			if o.Start() < t.Start() && ol < i {
				base := ol
				if spec.body[at] && k > 0 && m.lines[ol].lead != o.Start() {
					if p := stack[k-1]; bracketIndex(p, spec) < 0 && m.lineOf(p.Start()) < ol {
						base = m.lineOf(p.Start())
					}
				}
				bc := m.lines[base].col
				l.anchor = base
				l.cont = !spec.body[at]
				isClose := closeIdx >= 0 && child.Start() == t.Start() && sameNode(child, a.Child(closeIdx))
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
				case child.Start() == t.Start() && spec.branch[child.Type()]:
					l.want = []int{bc}
				default:
					l.want = []int{bc + u}
					if spec.zero[at] || child.Start() == t.Start() && spec.caseLabel[child.Type()] {
						l.want = append(l.want, bc)
					}
					if child.Start() == t.Start() && spec.label[child.Type()] {
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
		} else if spec.cont[at] && m.lineOf(a.Start()) < i {
			base := m.lineOf(a.Start())
			bc := m.lines[base].col
			l.anchor = base
			l.cont = !spec.stmt[at]
			startsChild := child.Start() == t.Start()
			switch {
			case spec.preamble[child.Type()] || startsChild && afterPreamble(a, child, spec):
				// Annotations on their own lines, and the declaration
				// they annotate, sit at the declaration's level.
				l.want = []int{bc}
			case startsChild && spec.branch[child.Type()]:
				l.want = []int{bc}
			case startsChild && child.Type() == at && prevSiblingType(a, child) == "else":
				// `else` and its `if` split over two lines: the if sits
				// with its else, or one level deeper.
				l.want = []int{bc, bc + u}
			case startsChild && spec.body[child.Type()] && bracketIndex(child, spec) == 0:
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
				if spec.chainAfterClose && b.m.src[t.Start()] == '.' {
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
func hasCommentChild(n syntax.Node) bool {
	for i := 0; i < n.ChildCount(); i++ {
		c := n.Child(i)
		if isCommentType(c.Type()) || c.Type() == n.Type() && hasCommentChild(c) {
			return true
		}
	}
	return false
}

// prevSiblingType is the type of the child of a just before child.
func prevSiblingType(a, child syntax.Node) string {
	prev := ""
	for i := 0; i < a.ChildCount(); i++ {
		c := a.Child(i)
		if c.Start() >= child.Start() {
			return prev
		}
		if !isCommentType(c.Type()) {
			prev = c.Type()
		}
	}
	return prev
}

// afterPreamble reports whether every child of a before child is an
// annotation-like preamble (and there is at least one).
func afterPreamble(a, child syntax.Node, spec *indentLang) bool {
	if len(spec.preamble) == 0 {
		return false
	}
	seen := false
	for i := 0; i < a.ChildCount(); i++ {
		c := a.Child(i)
		if c.Start() >= child.Start() {
			return seen
		}
		if isCommentType(c.Type()) {
			continue
		}
		if !spec.preamble[c.Type()] {
			return false
		}
		seen = true
	}
	return false
}

func sameNode(a, b syntax.Node) bool {
	return a.Start() == b.Start() && a.End() == b.End() && a.Type() == b.Type()
}

// bracketOf returns the child indexes of n's opening and closing bracket
// when n is delimited by a matching pair (its last child closes a bracket
// one of its children opens); open is -1 otherwise.
func bracketOf(n syntax.Node, spec *indentLang) (open, close int) {
	k := n.ChildCount()
	if k < 2 {
		return -1, -1
	}
	last := n.Child(k - 1).Type()
	want := ""
	switch last {
	case ")":
		want = "("
	case "]":
		want = "["
	case "}":
		want = "{"
	default:
		if o, ok := spec.pairs[n.Type()]; ok {
			for i := 0; i < k; i++ {
				if n.Child(i).Type() == o {
					return i, -1
				}
			}
		}
		return -1, -1
	}
	for i := 0; i < k-1; i++ {
		if n.Child(i).Type() == want {
			return i, k - 1
		}
	}
	return -1, -1
}

func bracketIndex(n syntax.Node, spec *indentLang) int {
	o, _ := bracketOf(n, spec)
	return o
}

// visualCol is the column of the first token after the opening bracket o
// on o's line, if there is one (a visual indent's column).
func (b *treeIndent) visualCol(o syntax.Node) (int, bool) {
	src := b.m.src
	j := o.End()
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

