package prettierindent

import (
	"strings"

	"github.com/iflint/iflint/internal/syntax"
)

// ternary prints a conditional expression or type (printTernary, as
// prettier 3 prints it): `?` and `:` one indent in from where the
// ternary is printed, each branch aligned two columns past them (one
// indent under useTabs). A ternary that is a branch of another is
// printed at that branch's indentation, its `?` and `:` not indented
// again, and as an alternate its test aligned two columns further. With
// JSX among the branches (JSX mode), `?` and `:` stay on the test's
// line and the branches are wrapped in parentheses at the ternary's own
// indentation.
func (w *walker) ternary(n syntax.FlatRef, at ind) {
	p := parentOf(n)
	nested := p.Type() == n.Type() && w.field(outermost(n)) != "condition" && w.field(outermost(n)) != "left"
	parts := at.in()
	if nested {
		parts = at
	}
	branch := parts.align(2)
	if w.o.UseTabs {
		branch = parts.in()
	}
	if w.jsxMode(n) {
		parts, branch = at, at
	}
	test := at
	if nested && w.field(outermost(n)) == "alternative" {
		test = at.align(2)
	}
	seen := false // past the test
	w.kids(n, func(c syntax.FlatRef) ind {
		switch {
		case !c.IsNamed() && (c.Type() == "?" || c.Type() == ":"):
			seen = true
			return parts
		case !seen && w.field(c) == "right" && w.brokenBefore(c):
			// T extends\n  | A\n  | B: the extends type broken onto
			// its own lines.
			return test.in()
		case !seen:
			return test
		}
		return branch
	})
	if w.startsLine(n.Start()) {
		// A ternary that starts its line (after the comments that lead
		// it) starts at its own indentation; the test's align covers
		// the test's later lines only.
		w.assign(n.Start(), at)
	}
}

// jsxMode: prettier prints a ternary chain with JSX in it with its
// branches in parentheses.
func (w *walker) jsxMode(n syntax.FlatRef) bool {
	if n.Type() != "ternary_expression" {
		return false
	}
	for top := n; ; {
		p := parentOf(top)
		if p.Type() != "ternary_expression" {
			n = top
			break
		}
		top = p
	}
	var has func(t syntax.FlatRef) bool
	has = func(t syntax.FlatRef) bool {
		for _, f := range []string{"condition", "consequence", "alternative"} {
			c := unparen(t.Field(f))
			switch c.Type() {
			case "jsx_element", "jsx_self_closing_element", "jsx_fragment":
				return true
			case "ternary_expression":
				if f != "condition" && has(c) {
					return true
				}
			}
		}
		return false
	}
	return has(n)
}

// assignValue reports whether n is the right-hand side of an assignment
// or declaration.
func (w *walker) assignValue(n syntax.FlatRef) bool {
	o := outermost(n)
	v, ok := assignLike[o.Parent().Type()]
	return ok && w.field(o) == v
}

// arrow prints an arrow function. A chain of arrows returning arrows
// (printArrowChain) puts each head after the first on its own line when
// it breaks: at the first's indentation on an assignment's right-hand
// side, one indent in elsewhere; the last body goes with the heads. A
// body that is not a block, broken onto its own line, is one indent in.
func (w *walker) arrow(n syntax.FlatRef, at ind) {
	heads := []syntax.FlatRef{n}
	for {
		b := heads[len(heads)-1].Field("body")
		if b.Type() != "arrow_function" {
			break
		}
		heads = append(heads, b)
	}
	headAt := at
	if len(heads) > 1 {
		broken := false
		for _, h := range heads[1:] {
			broken = broken || w.startsLine(h.Start())
		}
		if broken && !w.assignValue(n) {
			headAt = at.in()
		}
	}
	for i, h := range heads {
		lvl := at
		if i > 0 {
			lvl = headAt
			w.assign(h.Start(), lvl)
		}
		last := i == len(heads)-1
		for k := 0; k < h.ChildCount(); k++ {
			c := h.Child(k)
			if w.field(c) != "body" {
				w.place(c, lvl)
				continue
			}
			if !last {
				continue
			}
			switch {
			case c.Type() == "statement_block":
				w.place(c, headAt)
			case w.startsLine(c.Start()):
				w.place(c, headAt.in())
			default:
				w.place(c, headAt)
			}
		}
	}
}

// jsxElement prints an element: its children one indent in, the tags at
// its own indentation; text lines are filled at the children's.
func (w *walker) jsxElement(n syntax.FlatRef, at ind) {
	w.kids(n, func(c syntax.FlatRef) ind {
		switch w.field(c) {
		case "open_tag", "close_tag":
			return at
		}
		if c.Type() == "jsx_text" {
			for l := w.lineOf(c.Start()); l < len(w.lines) && w.lines[l].Start < c.End(); l++ {
				if w.lines[l].Lead < c.End() && w.lines[l].Lead >= c.Start() && w.lines[l].Lead < w.lines[l].End {
					w.want[l] = lineWant{set: true, at: at.in()}
				}
			}
		}
		return at.in()
	})
}

// union prints a union type (printUnionType): each member after its
// `|`, aligned two columns past it.
func (w *walker) union(n syntax.FlatRef, at ind) {
	for k := 0; k < n.ChildCount(); k++ {
		c := n.Child(k)
		switch {
		case c.Type() == "union_type" && k == 0:
			w.assign(c.Start(), at)
			w.union(c, at)
		case !c.IsNamed() || isComment(c.Type()) || k == 0:
			w.place(c, at)
		default:
			w.place(c, at.align(2))
		}
	}
}

// intersection prints an intersection type (printIntersectionType):
// between two members that are not object types, a break and an indent;
// between two object types, none (but an indent once an earlier member
// was indented); from one kind to the other, the member inline, indented
// from the third member on.
func (w *walker) intersection(n syntax.FlatRef, at ind) {
	var members []syntax.FlatRef
	var walk func(m syntax.FlatRef)
	walk = func(m syntax.FlatRef) {
		for k := 0; k < m.ChildCount(); k++ {
			c := m.Child(k)
			if c.Type() == "intersection_type" && k == 0 {
				walk(c)
				continue
			}
			members = append(members, c)
		}
	}
	walk(n)
	isObject := func(c syntax.FlatRef) bool { return c.Type() == "object_type" || c.Type() == "mapped_type_clause" }
	var types []syntax.FlatRef
	for _, c := range members {
		if c.IsNamed() && !isComment(c.Type()) {
			types = append(types, c)
		}
	}
	level := map[int]ind{}
	indented := false
	for i, c := range types {
		switch {
		case i == 0:
			level[c.Index()] = at
		case !isObject(types[i-1]) && !isObject(c):
			level[c.Index()] = at.in()
		case isObject(types[i-1]) && isObject(c):
			level[c.Index()] = at
			if indented {
				level[c.Index()] = at.in()
			}
		default:
			level[c.Index()] = at
			if i > 1 {
				indented = true
				level[c.Index()] = at.in()
			}
		}
	}
	for _, c := range members {
		if l, ok := level[c.Index()]; ok {
			w.place(c, l)
		} else {
			w.place(c, at)
		}
	}
}

// template prints a template literal (printTemplateLiteral): its text
// as written (lines starting in it are left alone), and each
// substitution's expression aligned (prettier's addAlignmentToDoc,
// counted from column 0) to the indentation of the template line the
// `${` stands on; at column 0 the expression starts from column 0 when
// `${` opens the line, and stays where the literal is printed when text
// precedes it on its line or no line break precedes it in the literal.
// A substitution broken after `${` has its expression one indent in.
func (w *walker) template(n syntax.FlatRef, at ind) {
	quasi := n.Start() + 1
	broken, cols := false, 0 // a line break seen in the text; its last line's indentation
	for k := 0; k < n.ChildCount(); k++ {
		c := n.Child(k)
		if c.Type() != "template_substitution" {
			continue
		}
		w.leaveAlone(quasi-1, c.Start()+1)
		text := string(w.src[quasi:c.Start()])
		if i := strings.LastIndexByte(text, '\n'); i >= 0 {
			broken, cols = true, 0
			for _, b := range text[i+1:] {
				if b == '\t' {
					cols += w.o.TabWidth
				} else if b == ' ' {
					cols++
				} else {
					break
				}
			}
		}
		lvl := at
		switch {
		case broken && cols > 0:
			lvl = ""
			for i := 0; i < cols/w.o.TabWidth; i++ {
				lvl = lvl.in()
			}
			if r := cols % w.o.TabWidth; r > 0 {
				lvl = lvl.align(r)
			}
		case broken && strings.HasSuffix(text, "\n"):
			lvl = ""
		}
		w.substitution(c, lvl)
		quasi = c.End()
	}
	w.leaveAlone(quasi-1, n.End())
}

// substitution places `${`, the expression and `}`.
func (w *walker) substitution(c syntax.FlatRef, at ind) {
	inner := at
	for k := 1; k < c.ChildCount()-1; k++ {
		if e := c.Child(k); !isComment(e.Type()) {
			if w.startsLine(e.Start()) {
				inner = at.in()
			}
			break
		}
	}
	for k := 0; k < c.ChildCount(); k++ {
		e := c.Child(k)
		if k == 0 || k == c.ChildCount()-1 {
			w.place(e, at)
		} else {
			w.place(e, inner)
		}
	}
}
