package layout

import (
	"strings"

	"github.com/iflint/iflint/internal/rules/layout/rustchain"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
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
	// marked are the ancestors on the walk's stack, outermost first,
	// that decide a line below them by themselves (spec.ignore, or
	// spec.freeWithComments with a comment inside): judge needs only the
	// first, where scanning the whole stack per line was quadratic in
	// nesting that spans many lines.
	marked []fn
	// comments memoizes hasCommentChild: 0 unknown, 1 no, 2 yes.
	comments []int8
	// caseLevels memoizes caseLevel per switch body.
	caseLevels map[fn]int
	// opened are the ERROR nodes whose children are judged as items
	// (openedError).
	opened map[fn]bool
}

// fn is a node of the flat tree: its index.
type fn = int

func (b *treeIndent) typ(n fn) string { return b.f[n].Type }
func (b *treeIndent) start(n fn) int  { return b.f[n].Start }
func (b *treeIndent) end(n fn) int    { return b.f[n].End }

func (b *treeIndent) children(n fn) []fn { return b.ft.Children(n) }

// buildIndentModel judges every line of src by the tree rooted at root.
func buildIndentModel(src []byte, ft *syntax.FlatTree, spec *indentLang, tabWidth, unitCols int, meter *work.Meter) *indentModel {
	m := newIndentModel(src, tabWidth, unitCols)
	m.spec, m.meter = spec, meter
	meter.Add(len(src) + len(ft.Nodes))
	b := &treeIndent{m: m, spec: spec, done: make([]bool, len(m.lines)), ft: ft, f: ft.Nodes}
	b.hasErr = make([]bool, len(b.f))
	b.comments = make([]int8, len(b.f))
	for i := len(b.f) - 1; i >= 0; i-- {
		if b.f[i].Error && !b.benignError(i) || b.f[i].Missing && !(b.f[i].Parent >= 0 && b.macroHeader(b.f[i].Parent)) && b.f[i].Type != "#endif" && !b.benignMissing(i) {
			// A MISSING `#endif` is the grammar closing a conditional
			// that the braces cross (`#ifdef __cplusplus` / `extern "C"
			// {` / `#endif` ... `#ifdef __cplusplus` / `}` / `#endif`):
			// directive lines are not judged, and the code between them
			// parsed whole.
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
	// An error that leaves a block open (`class A` after a macro line
	// the grammar cannot end, as nlohmann/json's
	// NLOHMANN_JSON_NAMESPACE_BEGIN) makes the parser read the block's
	// members as top-level declarations: until the braces balance again,
	// they belong to the open block, and their depth cannot be judged.
	afterError := false
	open := 0
	b.opened = map[fn]bool{}
	for _, c := range b.topItems() {
		if open == 0 && b.macroHeader(c) {
			// `TEST_CASE("x")` / `{`: a test framework's macro heads
			// the block that follows, which is code like any other.
			afterError = false
			continue
		}
		bad := b.hasErr[c] || b.strayItem(c)
		if bad || afterError && b.bracketIndex(c) == 0 || open > 0 {
			if bad || open > 0 {
				open = max(0, open+b.braceBalance(c))
			}
			b.unitLines(c)
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
		meter.Add(1)
		top := &work[len(work)-1]
		n := top.n
		if top.next == -2 {
			x := b.f[n]
			t := x.Type
			switch {
			case x.Error && !b.benignError(n) && !b.opened[n] || x.Missing && x.End == x.Start:
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
			if spec.ignore[t] || spec.freeWithComments[t] && b.hasCommentChildMemo(n) {
				b.marked = append(b.marked, n)
			}
			top.next = x.First
		}
		if top.next < 0 {
			if k := len(b.marked); k > 0 && b.marked[k-1] == n {
				b.marked = b.marked[:k-1]
			}
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
	// strings (an ERROR node's too) are text, not indentation. A block
	// comment that starts its line hosts its inner lines (hostLines).
	for _, x := range b.f {
		if isCommentType(x.Type) {
			b.hostLines(x.Start, x.End)
		}
		if isCommentType(x.Type) || spec.opaque[x.Type] {
			for j := m.lineOf(x.Start) + 1; j < len(m.lines) && m.lines[j].lead < x.End; j++ {
				meter.Add(1)
				if m.lines[j].kind == lineUnit && m.lines[j].lead > x.Start {
					m.lines[j].kind = lineSkip
				}
			}
		}
	}
	if spec.clang != nil {
		b.clangRefine()
	}
	m.finish()
	return m
}

// unitLines leaves the lines n spans, not yet judged, to the unit alone.
func (b *treeIndent) unitLines(n fn) {
	m := b.m
	for j := m.lineOf(b.start(n)); j < len(m.lines) && m.lines[j].start < b.end(n); j++ {
		m.meter.Add(1)
		if !b.done[j] {
			m.lines[j].kind = lineUnit
		}
		b.done[j] = true
	}
}

func isCommentType(t string) bool { return strings.Contains(t, "comment") }

// macroHeader reports a top-level call on one line whose only parse
// error is the `;` the parser supplied after it, followed by a block:
// doctest's and Catch's `TEST_CASE("name")`, GoogleTest's `TEST(A, B)`,
// which expand to a function's head. clang-format lays the block out as
// a function body, and so does the model.
func (b *treeIndent) macroHeader(c fn) bool {
	ks := b.children(c)
	if b.typ(c) != "expression_statement" || len(ks) != 2 || b.typ(ks[0]) != "call_expression" || b.hasErr[ks[0]] {
		return false
	}
	semi := b.f[ks[1]]
	if !semi.Missing || semi.Type != ";" || b.m.lineOf(b.start(c)) != b.m.lineOf(b.end(ks[0])) {
		return false
	}
	next := b.f[c].Next
	return next >= 0 && b.typ(next) == "compound_statement"
}

// stmtStart is where statement n starts as a formatter counts its
// level: a C++ function-try-block (`f(...) try` / `: x(y) {` / `} catch
// (...) {`) from its function's first line, where clang-format puts the
// `} catch` and counts the handlers' bodies from, not from the `try` at
// the end of the declarator's last line.
func (b *treeIndent) stmtStart(n fn) int {
	if p := b.f[n].Parent; p >= 0 && b.f[n].Type == "try_statement" && b.f[p].Type == "function_definition" {
		return b.f[p].Start
	}
	return b.f[n].Start
}

// braceBalance is the number of "{" tokens in n's subtree less the
// number of "}" tokens.
func (b *treeIndent) braceBalance(n fn) int {
	d := 0
	work := []fn{n}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		switch {
		case b.f[x].Missing:
			// A `}` the parser supplied to close what it read as an
			// initializer (`struct S : Base\n{` after a macro line) is
			// not in the source: the block it stands for is still open.
		case b.f[x].Type == "{":
			d++
		case b.f[x].Type == "}":
			d--
		}
		for c := b.f[x].First; c >= 0; c = b.f[c].Next {
			work = append(work, c)
		}
	}
	return d
}

// hostLines makes the comment [s, e) the host of its inner lines when
// it starts a judged line: they are its text, so they keep their place
// relative to it when it moves. A string's lines are never hosted,
// since moving them would change the string.
func (b *treeIndent) hostLines(s, e int) {
	h := b.m.lineOf(s)
	if b.m.lines[h].lead != s || b.m.lines[h].kind != lineComment {
		return
	}
	for j := h + 1; j < len(b.m.lines) && b.m.lines[j].lead < e; j++ {
		if l := &b.m.lines[j]; l.kind == lineSkip && l.lead > s && l.lead < l.end {
			l.host = h
		}
	}
}

// skipInside marks the lines whose first non-blank lies inside (s, e) as
// not judged: their blanks are a string's or comment's text.
func (b *treeIndent) skipInside(s, e int) {
	if e-s < 2 {
		return
	}
	for i := b.m.lineOf(s) + 1; i < len(b.m.lines) && b.m.lines[i].lead < e; i++ {
		b.m.meter.Add(1)
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
	// The first ancestor (outermost) that is ignored or free with
	// comments decides, if it starts before t; a deeper one starts no
	// earlier than it, so none does if it does not.
	if len(b.marked) > 0 {
		if a := b.marked[0]; b.start(a) < b.start(t) {
			if spec.ignore[b.typ(a)] {
				l.kind = lineSkip
				l.tabsOnly = spec.tabsInIgnored
				return
			}
			// rustfmt leaves an expression with comments inside as written.
			l.free, l.want = true, []int{l.col}
			return
		}
	}
	child := t
	for k := len(stack) - 1; k >= 0; k-- {
		m.meter.Add(1)
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
					if p := stack[k-1]; b.bracketIndex(p) < 0 && m.lineOf(b.stmtStart(p)) < ol {
						base = m.lineOf(b.stmtStart(p))
					}
				}
				bc := m.lines[base].col
				l.anchor = base
				l.cont = !spec.body[at]
				isClose := closer >= 0 && b.start(child) == b.start(t) && child == closer
				switch {
				case isClose:
					l.want = []int{bc}
					if spec.clang != nil {
						b.clangLambdaBody(l, a, bc, 0)
					}
					switch {
					case spec.strictWrap[at]:
						// checkstyle's array initialization rcurly: at its
						// line's level or lineWrappingIndentation past it.
						l.want = append(l.want, bc+checkstyleWrapCols)
					case spec.wrapAtLeast && l.cont && bc > 0:
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
				case spec.clang != nil:
					b.clangBracket(l, at, o, child, t, bc)
				default:
					l.want = []int{bc + u}
					if spec.zero[at] || b.start(child) == b.start(t) && spec.caseLabel[b.typ(child)] {
						switch lv := b.caseLevel(a, bc, u); {
						case !spec.caseOneLevel || spec.zero[at] || lv < 0:
							l.want = append(l.want, bc)
						case lv == 0:
							l.want = []int{bc}
						}
					}
					if b.start(child) == b.start(t) && b.typ(child) == "access_specifier" {
						for _, off := range spec.accessOffsets {
							if bc+u+off > bc {
								l.want = append(l.want, bc+u+off)
							}
						}
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
					// A block's statements are one unit in; only the
					// content of other brackets (arguments, initializers)
					// may take the wider continuation indent.
					strict := spec.strictWrap[at] && !(b.start(child) == b.start(t) && spec.ownHandler[b.typ(child)])
					for x := 1; x <= spec.bracketExtra && !spec.body[at] && !strict; x++ {
						l.want = append(l.want, bc+u*(1+x))
					}
					if spec.wrapAtLeast && l.cont && !strict {
						l.atLeast = bc + u
					}
				}
				return
			}
		} else if spec.cont[at] && m.lineOf(b.stmtStart(a)) < i {
			base := m.lineOf(b.stmtStart(a))
			bc := m.lines[base].col
			l.anchor = base
			l.cont = !spec.stmt[at]
			startsChild := b.start(child) == b.start(t)
			switch {
			case spec.clang != nil && startsChild && b.clangBody(l, a, at, child, bc):
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
			case b.declBodyOpen(t, stack):
				// A declaration's body on a line of its own, below a
				// wrapped head (`typedef struct` / `{`).
				l.want = []int{bc}
			case startsChild && at == "declaration" && (b.typ(child) == "function_declarator" || b.typ(child) == "pointer_declarator"):
				// A prototype's name under its return type
				// (`CJSON_PUBLIC(cJSON *)` / `cJSONUtils_GetPointer(...)`,
				// GNU's `static int` / `f (void);`), as clang-format
				// breaks after a return type: at the declaration's level
				// (under a clang-format style, there only:
				// IndentWrappedFunctionNames is false in every predefined
				// style).
				l.want = []int{bc, bc + u}
				if spec.clang != nil {
					l.want = []int{bc}
				}
			case startsChild && spec.caseBody[at] && b.typ(child) != "switch_label":
				// A case's statement under its label.
				l.want = []int{bc + u}
				l.cont = false
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
					if bl := m.lines[base]; bl.cont && bl.atLeast > 0 && bl.atLeast < l.atLeast {
						// A continuation of a continuation (`"b" +` under
						// `"a" +`, a nested ternary's `? x`) wraps the same
						// statement: checkstyle's lineWrappingIndentation
						// and clang-format's ContinuationIndentWidth count
						// from the statement's first line, not the
						// previous wrapped one.
						// The fix puts it at the first wrapped line's
						// column, the least that both accept.
						l.atLeast = bl.atLeast
						l.want = append([]int{bl.atLeast}, l.want...)
					}
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
				if !spec.chainAfterClose || b.m.src[b.start(t)] != '.' {
					return
				}
				// Where rustfmt's chain puts the line when the tree says.
				switch rustchain.ChildIndent(b.ft, m.src, stack[len(stack)-1], b.start(t), u) {
				case rustchain.AtRoot:
					l.want = []int{bc}
				case rustchain.Deeper:
					l.want = []int{bc + u}
				default:
					// The chain's column comes first: it is where
					// rustfmt puts a chain line, so where a fix does.
					// Judged against that line, so that it may stand
					// where the line should (`]` one level too deep).
					if p, ok := b.closerLineBefore(i); ok {
						l.anchor, l.want = p, append([]int{m.lines[p].col}, l.want...)
					} else if b.stringEndsBefore(i) {
						// A chain on a multi-line string (`r#"` ... `"#`
						// / `.trim()`): the string's last line is text,
						// at column 0 as often as not, and rustfmt
						// continues the chain at the statement's level
						// (there only when it is the chain's first line;
						// a later one at the chain's indent, the fix's).
						l.want = append(l.want, bc)
						if b.m.firstChainLine(base, i) {
							l.want = []int{bc}
						}
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
