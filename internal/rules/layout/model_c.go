package layout

import (
	"bytes"
	"strings"

	"github.com/iflint/iflint/internal/cpreproc"
	"github.com/iflint/iflint/internal/syntax"

	"github.com/iflint/iflint/internal/clangformat"
)

// C and C++ as clang-format lays them out, when the constraint carries
// the style the files are formatted with (a repository's .clang-format,
// attached by the configuration). Without one, cIndent's looser reading
// of C's common conventions applies. With one, what clang-format decides
// from the style alone is held exactly:
//
//   - preprocessor lines at column 0 (IndentPPDirectives None and
//     AfterHash) or one IndentWidth per enclosing #if, an include guard
//     not counting (BeforeHash);
//   - the lines of a multi-line #define, which clang-format formats as
//     code: one IndentWidth past the directive's column per open brace;
//   - a comment line at the column of the code line after it, as
//     clang-format's own unwrapped line at that level; before a closing
//     brace or an access specifier at the block's level, before a
//     case label or a directive at the block's level or the next
//     line's;
//   - the ` * ` lines of a block comment one column past its `/*`;
//   - a bracket's content aligned after the opening bracket when code
//     follows it on its line (AlignAfterOpenBracket Align), else one
//     ContinuationIndentWidth past the bracket's line; a braced list
//     too (Cpp11BracedListStyle);
//   - case labels at the switch's level or one IndentWidth in
//     (IndentCaseLabels), access specifiers at AccessModifierOffset from
//     the members, namespace content as NamespaceIndentation says, goto
//     labels at the block's level or column 0 (IndentGotoLabels).
//
// Statement continuations (`a +` / `b`) keep cIndent's reading: where
// clang-format puts them depends on its line-breaking penalties.

// clangReading is what the tree model reads of a clang-format style.
type clangReading struct {
	style clangformat.Style
	// contCols is ContinuationIndentWidth, in columns.
	contCols int
	align    bool // AlignAfterOpenBracket Align
	// parse reads a macro body as code (clangMacroCode); nil: not read.
	parse func(src []byte) *syntax.FlatTree
}

// clangIndentFor is cIndent under the style s.
func clangIndentFor(s *clangformat.Style) *indentLang {
	l := *cIndent
	r := &clangReading{style: *s, contCols: s.ContinuationIndentWidth, align: s.AlignAfterOpenBracket == "Align"}
	l.clang = r
	// A case's statements exactly one level past its label, as
	// clang-format puts them, not at cIndent's looser continuation
	// levels (which a label fixed one level out would leave them at).
	l.caseBody = newSet("case_statement")
	// Template argument and parameter lists are brackets too: their
	// wrapped lines align after the `<`.
	l.pairs = map[string]string{"template_argument_list": "<", "template_parameter_list": "<"}
	// A braced list is laid out as a call's arguments are
	// (Cpp11BracedListStyle, true in every predefined style but
	// Mozilla's, GNU's and WebKit's), not as a block.
	l.body = set{}
	for k := range cIndent.body {
		if k != "initializer_list" {
			l.body[k] = true
		}
	}
	return &l
}

// clangBracket sets the columns accepted for line l, whose first token
// t (of the ancestor child) is inside the bracket node at of type at
// opened by o on a line of column bc, under the style.
func (b *treeIndent) clangBracket(l *indentLine, at string, o, child, t fn, bc int) {
	r, u := b.spec.clang, b.m.unitCols
	starts := b.start(child) == b.start(t)
	ct := b.typ(child)
	if !b.spec.body[at] {
		v, ok := b.visualCol(o)
		if !ok && cpreproc.CommentThenCode(b.m.src[b.end(o):]) {
			// `{/* trace */ LOG_DEBUG,`: clang-format aligns with the comment.
			v, ok = b.m.colAt(b.end(o)), true
		}
		if ok && r.align {
			l.want, l.visual = []int{v}, true
			return
		}
		l.want = []int{bc + r.contCols}
		if v, ok := b.levelIndent(o); ok {
			// Inside an aligned bracket, from that bracket's column
			// (`EXPECT_EQ(fmt::format(` / `"{}", x)`).
			l.want = []int{v + r.contCols, bc + r.contCols}
		}
		if ow := b.owner(b.f[o].Parent); ow >= 0 && b.m.lineOf(b.start(ow)) == b.m.lineOf(b.start(o)) {
			// Or from the start of what the bracket belongs to
			// (`std::expected<T>{` / `x}`, a template's `fmt::is_x<` /
			// `T>`): which of these clang-format takes depends on its
			// line-breaking penalties.
			v := b.m.colAt(b.start(ow))
			l.want = append(l.want, v+r.contCols)
			if b.typ(b.f[o].Parent) == "template_argument_list" {
				l.want = append(l.want, v)
			}
		}
		ol := b.m.lines[b.m.lineOf(b.start(o))]
		if t := b.m.src[ol.lead:ol.end]; bytes.HasPrefix(t, []byte(": ")) || bytes.HasPrefix(t, []byte(", ")) {
			// A constructor's initializer (`: member_(` / `x)`, `:
			// base(f<T>(` / `x)`): from the initializer's own column,
			// not the line's.
			for k, w := range l.want {
				if w == bc+r.contCols {
					l.want[k] = bc + 2 + r.contCols
				}
			}
			return
		}
		if len(l.want) > 1 {
			return
		}
		if bytes.HasPrefix(b.m.src[ol.lead:ol.end], []byte("return ")) {
			// A return's expression is continued from its own start.
			l.want = append(l.want, bc+len("return ")+r.contCols)
		}
		return
	}
	l.want = []int{bc + u}
	if b.clangLambdaBody(l, b.f[o].Parent, bc, u) {
		return
	}
	switch {
	case at == "declaration_list":
		p := b.f[b.f[o].Parent].Parent
		if p >= 0 && b.typ(p) == "linkage_specification" {
			// extern "C" { ... }: IndentExternBlock's default,
			// AfterExternBlock, indents it when the brace breaks.
			l.want = []int{bc}
			if r.style.AfterExternBlock() {
				l.want = []int{bc + u}
			}
			return
		}
		switch r.style.NamespaceIndentation {
		case "None":
			l.want = []int{bc}
		case "Inner":
			l.want = []int{bc, bc + u}
		}
	case starts && ct == "access_specifier":
		l.want = []int{max(bc, bc+u+r.style.AccessModifierOffset)}
	case starts && ct == "case_statement":
		if !r.style.IndentCaseLabels {
			l.want = []int{bc}
		}
	case starts && ct == "labeled_statement":
		l.want = []int{0}
		if r.style.IndentGotoLabels {
			l.want = []int{bc}
		}
	}
}

// clangRefine judges, after the tree walk, the lines clang-format lays
// out by the preprocessor's structure rather than the tree's: directive
// lines, macro bodies, and block comments' inner lines.
func (b *treeIndent) clangRefine() {
	pp := b.clangDirectives()
	var lines []cpreproc.Line
	for n := range b.f {
		switch t := b.typ(n); {
		case t == "preproc_def" || t == "preproc_function_def":
			if lines == nil {
				lines = b.cLines()
			}
			b.clangMacroBody(n, pp[b.m.lineOf(b.start(n))], lines)
		case isCommentType(t):
			b.clangStarLines(n)
		case t == "labeled_statement":
			b.clangLabelled(n)
		case t == "concatenated_string":
			b.clangStrings(n)
		case t == "base_class_clause":
			b.clangBases(n)
		case t == "access_specifier":
			b.clangAccessMacro(n)
		}
	}
}

// clangDirectives judges each line a directive starts: column 0, or
// under BeforeHash one IndentWidth per enclosing conditional. The
// directives are read from the text (directiveLines), not the tree, so
// that a condition the grammar cannot read (`#if __has_include(<x>)`)
// does not change the count.
func (b *treeIndent) clangDirectives() map[int]int {
	m, s := b.m, b.spec.clang.style
	lines := b.cLines()
	dirs := cpreproc.Directives(m.src, lines)
	guard := cpreproc.IncludeGuard(m.src, lines, dirs)
	pp := map[int]int{} // a directive's line: its level's indentation
	level := 0
	for k, d := range dirs {
		opens := d.Kw == "if" || d.Kw == "ifdef" || d.Kw == "ifndef"
		inner := d.Kw == "else" || d.Kw == "elif" || d.Kw == "elifdef" || d.Kw == "elifndef"
		if d.Kw == "endif" || inner {
			level = max(0, level-1)
		}
		col := 0
		if s.IndentPPDirectives == "BeforeHash" {
			col = level * m.unitCols
		}
		if s.IndentPPDirectives != "None" {
			pp[d.Line] = level * m.unitCols
		}
		if opens || inner {
			level++
		}
		if guard && k == 0 {
			level = 0 // no level for the guard's body
		}
		l := &m.lines[d.Line]
		if l.kind == lineUnit {
			continue
		}
		l.kind, l.anchor, l.want, l.free, l.cont, l.visual, l.atLeast = lineCode, -1, []int{col}, false, false, false, 0
	}
	return pp
}

// cLines are the model's lines as cpreproc reads them.
func (b *treeIndent) cLines() []cpreproc.Line {
	out := make([]cpreproc.Line, len(b.m.lines))
	for i, l := range b.m.lines {
		out[i] = cpreproc.Line{Lead: l.lead, End: l.end}
	}
	b.m.meter.Add(len(b.m.src))
	return out
}

// clangMacroBody judges the lines a backslash continues in the #define
// n as cpreproc.MacroBody reads them: one IndentWidth per level past the
// directive's level (ppCol: the enclosing conditionals' indentation,
// before or after the `#`), a string piece under the one before it.
func (b *treeIndent) clangMacroBody(n fn, ppCol int, lines []cpreproc.Line) {
	m := b.m
	first := m.lineOf(b.start(n))
	if m.lines[first].lead != b.start(n) || m.lines[first].kind == lineUnit {
		return
	}
	last := m.lineOf(max(b.start(n), b.end(n)-1))
	body, _ := cpreproc.MacroBody(m.src, lines, first, last)
	code := b.clangMacroCode(body, lines, first, last, ppCol)
	for k, bl := range body {
		i := first + 1 + k
		l := &m.lines[i]
		if l.lead == l.end || l.kind == lineUnit {
			continue
		}
		switch {
		case bl.Skip && code != nil && code.lines[k+1].kind == lineCode && code.lines[k+1].anchor >= 0 && m.src[l.lead] != '"':
			// A continuation the text alone cannot place, as the body
			// read as code places it (line 0 of code is the head's). Not
			// a string: after `#x`, which clang-format does not join to
			// it, it is a continuation, not a piece under `#x`.
			c := code.lines[k+1]
			l.kind, l.anchor, l.want, l.free, l.cont, l.visual, l.atLeast = lineCode, first+c.anchor, c.want, c.free, c.cont, c.visual, c.atLeast
		case bl.Skip:
			l.kind = lineSkip
		case bl.Piece && m.lines[i-1].kind == lineCode:
			l.kind, l.anchor, l.want, l.free, l.cont = lineCode, i-1, []int{m.lines[i-1].col}, false, true
		case bl.Piece:
			l.kind = lineSkip
		default:
			w := ppCol + m.unitCols*(1+bl.Depth)
			if cpreproc.AccessLabel(m.src[l.lead:l.end]) {
				// A class's `public:` in the body, at AccessModifierOffset
				// from its members, as outside macros (clangBracket).
				w = max(w-m.unitCols, w+b.spec.clang.style.AccessModifierOffset)
			}
			l.kind, l.anchor, l.want, l.free, l.cont = lineCode, first, []int{w}, false, false
		}
	}
}

// clangMacroCode is the model of the #define body on lines first..last
// read as code (cpreproc.MacroSource), when body leaves a line of it to
// be skipped and the grammar reads it; nil otherwise.
func (b *treeIndent) clangMacroCode(body []cpreproc.BodyLine, lines []cpreproc.Line, first, last, ppCol int) *indentModel {
	parse := b.spec.clang.parse
	skips := false
	for k, bl := range body {
		l := b.m.lines[first+1+k]
		skips = skips || bl.Skip && l.lead < l.end && l.kind != lineUnit
	}
	if !skips || parse == nil || len(body) != last-first {
		return nil
	}
	src := cpreproc.MacroSource(b.m.src, lines, first, last, ppCol)
	if src == nil {
		return nil
	}
	b.m.meter.Add(len(src))
	ft := parse(src)
	if ft == nil {
		return nil
	}
	return buildIndentModel(src, ft, b.spec, b.m.tabWidth, b.m.unitCols, b.m.meter)
}

// clangStarLines judges the inner lines of a block comment that starts
// its line and whose every inner line starts with `*`: clang-format puts
// them one column past the `/*`.
func (b *treeIndent) clangStarLines(n fn) {
	m := b.m
	s, e := b.start(n), b.end(n)
	h := m.lineOf(s)
	if m.lines[h].lead != s || m.lines[h].kind != lineComment || !bytes.HasPrefix(m.src[s:], []byte("/*")) {
		return
	}
	last := m.lineOf(max(s, e-1))
	if last == h {
		return
	}
	for j := h + 1; j <= last; j++ {
		l := m.lines[j]
		if l.lead < l.end && m.src[l.lead] != '*' {
			return // text of its own: clang-format keeps it where it is
		}
	}
	for j := h + 1; j <= last; j++ {
		l := &m.lines[j]
		if l.lead == l.end {
			continue
		}
		l.kind, l.host, l.anchor, l.want = lineCode, -1, h, []int{m.lines[h].col + 1}
	}
}

// clangComment decides comment line i under the style: at the column of
// the next code line (resolved), or at its own level before a closing
// brace, a directive, an access specifier or the end, and before a case
// label at the label's column or its statements'. A comment continuing
// the trailing comment above it stays aligned with it.
func (m *indentModel) clangComment(i int) {
	l := &m.lines[i]
	if cpreproc.CommentThenCode(m.src[l.lead:l.end]) {
		return // laid out as its code (a braced list's element), as the tree judged it
	}
	if i > 0 && l.col == m.trailingCommentCol(i-1) {
		l.ecol = l.col
		if l.mode == flagged {
			l.mode = detached
		}
		return
	}
	j := i + 1
	for j < len(m.lines) && (m.lines[j].kind == lineComment || m.lines[j].lead == m.lines[j].end || m.lines[j].kind == lineSkip && m.lines[j].host >= 0 ||
		m.starLine(j)) {
		m.meter.Add(1)
		j++
	}
	if j >= len(m.lines) || m.lines[j].kind != lineCode {
		return // as the tree judged it
	}
	next := m.src[m.lines[j].lead:m.lines[j].end]
	switch {
	case bytes.HasPrefix(next, []byte("#")):
		// Before a directive: at the block's level, or with the
		// directive when written in its column (clang-format keeps a
		// comment that was aligned with the next line aligned with it).
		if l.col == m.lines[j].col {
			m.clangFollow(l, m.lines[j].ecol)
		}
		return
	case bytes.HasPrefix(next, []byte("}")) || cpreproc.AccessLabel(next):
		return
	case m.opensCaseBody(j) || bytes.HasPrefix(next, []byte("case ")) || bytes.HasPrefix(next, []byte("default:")):
		// Before a case label: with the label when written in its
		// column, else at the level of the statements.
		if l.col == m.lines[j].col {
			m.clangFollow(l, m.lines[j].ecol)
		} else {
			m.clangFollow(l, m.lines[j].ecol+m.unitCols)
		}
		return
	}
	if e := m.lines[j].ecol; l.col == e {
		l.ecol = l.col
		if l.mode == flagged {
			l.mode = detached
		}
	} else {
		l.mode, l.ecol = flagged, e
	}
}

// starLine reports a block comment's inner line judged by clangStarLines
// (anchored to the comment's first line).
func (m *indentModel) starLine(j int) bool {
	a := m.lines[j].anchor
	// Inside the comment, not code whose anchor is the line a comment
	// starts (a test case's body after a file's opening license block:
	// the body's anchor is the translation unit's first line).
	return a >= 0 && a < j && m.lines[a].kind == lineComment && cpreproc.BlockCommentHolds(m.src, m.lines[a].lead, m.lines[j].lead)
}

// clangLabelled judges the statement after a goto label on a line of
// its own by the block, not the label: clang-format moves the label
// alone (to column 0 without IndentGotoLabels).
func (b *treeIndent) clangLabelled(n fn) {
	m := b.m
	ks := b.children(n)
	if len(ks) == 0 {
		return
	}
	label := m.lineOf(b.start(n))
	st := ks[len(ks)-1]
	i := m.lineOf(b.start(st))
	if i == label || m.lines[i].lead != b.start(st) || m.lines[i].kind != lineCode {
		return
	}
	a := m.lines[label].anchor
	if a < 0 {
		return
	}
	l := &m.lines[i]
	l.anchor, l.want, l.cont, l.free, l.atLeast = a, []int{m.lines[a].col + m.unitCols}, false, false, 0
}

// benignError reports an ERROR node that leaves the structure lines are
// judged by whole: tokens inside a node that spans one line (a type as
// a macro's argument), or one line of bare words between a
// declaration's type and its declarator, as a macro standing for a
// storage class or an export attribute leaves it (`JSMN_API int
// f(...)`, where the grammar reads JSMN_API as the type and `int` as an
// error). clang-format lays
// such a declaration out as any other; so does the model, for C and
// C++ only.
func (b *treeIndent) benignError(n fn) bool {
	if b.spec != cIndent && b.spec.clang == nil {
		return false
	}
	x := b.f[n]
	if !x.Error || x.Parent < 0 || x.First < 0 {
		return false
	}
	p := b.f[x.Parent]
	oneLine := b.m.lineOf(p.Start) == b.m.lineOf(max(p.Start, p.End-1))
	switch {
	case oneLine:
		// Inside a node on one line (`va_arg(ap, char *)`, a type as a
		// macro's argument, `{STR(X) "a"}`): no line starts within it.
		return true
	case p.Type != "declaration" && p.Type != "function_definition" && p.Type != "field_declaration":
		return false
	}
	// One line with the declaration's start, after its (macro) type and
	// before its declarator.
	line := b.m.lineOf(x.Start)
	if line != b.m.lineOf(max(x.Start, x.End-1)) || line != b.m.lineOf(p.Start) || x.Next < 0 || b.m.lineOf(b.start(x.Next)) != line {
		return false
	}
	if k := b.f[p.First]; k.Type != "type_identifier" || k.Next != n {
		return false
	}
	switch b.typ(x.Next) {
	case "function_declarator", "pointer_declarator", "init_declarator", "identifier", "field_identifier":
	default:
		return false
	}
	for c := x.First; c >= 0; c = b.f[c].Next {
		k := b.f[c]
		if k.First >= 0 || k.Error || k.Missing || (k.Type != "identifier" && k.Type != "type_identifier" && k.Type != "primitive_type") {
			return false
		}
	}
	return true
}

// benignMissing reports a name the parser supplied inside a node on one
// line, which leaves the structure whole: tree-sitter-cpp reads an
// unnamed parameter's default `const T& = {}` as a compound literal
// whose type is missing. Under a clang-format style only.
func (b *treeIndent) benignMissing(n fn) bool {
	if b.spec.clang == nil {
		return false
	}
	x := b.f[n]
	if !x.Missing || x.Parent < 0 || x.Type != "identifier" && x.Type != "type_identifier" {
		return false
	}
	p := b.f[x.Parent]
	return b.m.lineOf(p.Start) == b.m.lineOf(max(p.Start, p.End-1))
}

// clangBody sets the columns clang-format gives some continued lines,
// and reports whether it did: a braceless body of an if, else, for or
// while on a line of its own, exactly one IndentWidth past its header's
// line; a for header's clauses, aligned after its `(`; an operand of a
// wrapped binary or comma expression, under the first (AlignOperands); a constructor's
// initializer list, ConstructorInitializerIndentWidth past the
// constructor, its later lines as BreakConstructorInitializers puts
// them.
func (b *treeIndent) clangBody(l *indentLine, a fn, at string, child fn, bc int) bool {
	r, u := b.spec.clang, b.m.unitCols
	ct := b.typ(child)
	switch at {
	case "for_statement", "for_range_loop":
		if lp, rp := b.parensOf(a); lp >= 0 && b.start(child) > b.start(lp) && (rp < 0 || b.start(child) < b.start(rp)) {
			if v, ok := b.visualCol(lp); ok && r.align {
				l.want, l.visual = []int{v}, true
			} else {
				l.want = []int{bc + r.contCols}
			}
			return true
		}
		fallthrough
	case "if_statement", "else_clause", "while_statement", "do_statement":
		if !strings.HasSuffix(ct, "_statement") || ct == "compound_statement" || ct == "if_statement" && at == "else_clause" {
			return false
		}
		l.want = []int{bc + u}
		return true
	case "init_declarator", "assignment_expression":
		// A value on the line after its `=`: one ContinuationIndentWidth
		// past the statement.
		if eq := b.childOfType(a, "="); eq >= 0 && b.start(child) > b.start(eq) {
			l.want = []int{bc + r.contCols}
			return true
		}
		return false
	case "binary_expression", "comma_expression":
		if r.style.AlignOperands == "DontAlign" {
			return false
		}
		if ct == "<<" {
			// A stream chain (`out << a` / `<< b`): each `<<` under the
			// first, when that one is on the chain's first line.
			h := a
			for k := b.f[h].First; k >= 0 && b.typ(k) == "binary_expression" && b.f[k].Next >= 0 && b.typ(b.f[k].Next) == "<<"; k = b.f[h].First {
				h = k
			}
			if op := b.f[h].First; op >= 0 && b.f[op].Next >= 0 && b.m.lineOf(b.start(b.f[op].Next)) == b.m.lineOf(b.start(h)) {
				l.want = []int{b.m.colAt(b.start(b.f[op].Next))}
				return true
			}
		}
		// AlignOperands: a wrapped operand under the first, unless the
		// line starts with an operator.
		if bytes.IndexByte([]byte("<>+-*/%&|^=!?:,."), b.m.src[b.start(child)]) >= 0 {
			return false
		}
		// Or one ContinuationIndentWidth deeper, where the break is in
		// a nested operand of higher precedence (`a * b /` / `c`).
		v := b.m.colAt(b.start(a))
		l.want = []int{v, v + r.contCols}
		return true
	case "conditional_expression":
		// BreakBeforeTernaryOperators: `: b` under its `?` when the `?`
		// does not start its line.
		if ct != ":" {
			return false
		}
		for _, c := range b.children(a) {
			if b.typ(c) == "?" {
				if q := b.start(c); b.m.lines[b.m.lineOf(q)].lead != q {
					l.want = []int{b.m.colAt(q)}
					return true
				}
			}
		}
		return false
	case "function_definition":
		if ct != "field_initializer_list" {
			return false
		}
		l.want = []int{bc + r.style.ConstructorInitializerIndentWidth}
		return true
	case "field_initializer_list":
		colon := b.m.lines[b.m.lineOf(b.start(a))]
		switch {
		case colon.lead != b.start(a):
			// `Ctor() :` / `a(x),`: the colon ends the header's line.
			l.want = []int{bc + r.style.ConstructorInitializerIndentWidth}
		case r.style.BreakConstructorInitializers == "BeforeComma":
			l.want = []int{bc} // `: a(x)` / `, b(y)`
		default:
			l.want = []int{bc + 2} // `: a(x),` / `  b(y)`
		}
		return true
	}
	return false
}

// parensOf returns the `(` and `)` children of n (-1 when absent).
func (b *treeIndent) parensOf(n fn) (lp, rp fn) {
	lp, rp = -1, -1
	for _, c := range b.children(n) {
		switch b.typ(c) {
		case "(":
			if lp < 0 {
				lp = c
			}
		case ")":
			if rp < 0 {
				rp = c
			}
		}
	}
	return lp, rp
}

// clangStrings judges the pieces of a string literal continued over
// lines ("a" / "b"): clang-format aligns each with the first.
func (b *treeIndent) clangStrings(n fn) {
	m := b.m
	ks := b.children(n)
	if len(ks) < 2 {
		return
	}
	a := m.lineOf(b.start(ks[0]))
	if m.lines[a].kind == lineUnit {
		return
	}
	v := m.colAt(b.start(ks[0]))
	for _, k := range ks[1:] {
		i := m.lineOf(b.start(k))
		l := &m.lines[i]
		if isCommentType(b.typ(k)) || i == a || l.lead != b.start(k) || l.kind == lineUnit {
			continue
		}
		// Against the first piece's line: a fix of one moves no other.
		l.kind, l.anchor, l.want, l.cont, l.free, l.atLeast, l.visual = lineCode, a, []int{v}, true, false, 0, false
	}
}

// clangOpened are the nodes whose children are judged apart when one
// holds an error, under a clang-format style: a function, a block and
// the statements holding blocks (a long test case with one unreadable
// line). Not a class: an error in a member (`FMT_CONSTEXPR T(...) : x(y)
// {}`) can leave the grammar reading the next members inside it.
var clangOpened = newSet("function_definition", "compound_statement", "if_statement",
	"else_clause", "for_statement", "for_range_loop", "while_statement", "do_statement", "switch_statement",
	"case_statement", "try_statement", "catch_clause")

// topItems are the root's children, with the conditional-compilation
// blocks (spec.transparent: C's #if, #ifdef, #else) that hold them
// opened up, and the namespaces and extern "C" blocks that hold an
// error: a header guard around a whole file holds every declaration,
// and an error in one of them leaves the others whole.
func (b *treeIndent) topItems() []fn {
	if len(b.spec.transparent) == 0 {
		return b.children(0)
	}
	var out []fn
	var add func(n fn)
	add = func(n fn) {
		for c := b.f[n].First; c >= 0; c = b.f[c].Next {
			t := b.typ(c)
			switch {
			case b.openedError(c):
				b.opened[c] = true
				add(c)
				continue
			case b.spec.transparent[t] && !b.f[c].Error,
				(t == "namespace_definition" || t == "linkage_specification" || t == "declaration_list") && b.hasErr[c] && !b.f[c].Error,
				b.spec.clang != nil && clangOpened[t] && b.hasErr[c] && !b.f[c].Error:
				add(c)
				continue
			}
			out = append(out, c)
		}
	}
	add(0)
	return out
}

// openedError reports an ERROR node that is a conditional the grammar
// could not close (`#ifndef GUARD_H_` ... `#endif` around a file with a
// stray brace in it), under a clang-format style: its children are the
// file's declarations, judged as the top level's are (topItems), where
// the error alone would leave every line of the file to the unit.
func (b *treeIndent) openedError(n fn) bool {
	x := b.f[n]
	if b.spec.clang == nil || !x.Error || x.First < 0 {
		return false
	}
	switch b.typ(x.First) {
	case "#if", "#ifdef", "#ifndef":
		return true
	}
	return false
}

// strayItem reports an item of an opened ERROR (openedError) that the
// parser could not place: a bare token (`class`, the `{` of a class
// whose body it lost), not the conditional's own line nor a `;`, or a
// namespace read as something else (`namespace detail {` as a
// function's head, in its recovery). It is judged as an error is, and
// a `{` keeps what follows unjudged until the braces balance.
func (b *treeIndent) strayItem(c fn) bool {
	x := b.f[c]
	switch {
	case x.Parent < 0 || !b.opened[x.Parent] || isCommentType(x.Type) || x.Type == ";":
		return false
	case x.First >= 0:
		return x.Type != "namespace_definition" && b.typ(x.First) != "namespace" && bytes.HasPrefix(b.m.src[x.Start:x.End], []byte("namespace "))
	}
	return b.m.lineOf(x.Start) != b.m.lineOf(b.start(x.Parent))
}

// childOfType is n's first child of type t, or -1.
func (b *treeIndent) childOfType(n fn, t string) fn {
	for c := b.f[n].First; c >= 0; c = b.f[c].Next {
		if b.typ(c) == t {
			return c
		}
	}
	return -1
}

// clangFollow decides comment line l, which clang-format puts at column
// e.
func (m *indentModel) clangFollow(l *indentLine, e int) {
	switch {
	case l.col != e:
		l.mode, l.ecol = flagged, e
	case l.mode == flagged:
		l.mode, l.ecol = detached, l.col
	default:
		l.ecol = l.col
	}
}

// levelIndent is the column clang-format counts a nested bracket's
// continuation, and a lambda's body, from: the aligned column of the
// innermost bracket around n, past the one n is itself the content of,
// in which what holds n is not the last argument (`EXPECT_EQ(fmt::
// format(` / `"{}", x),` / `"y")`; `j.erase(std::remove_if(a, b, [] {`
// ... `}),` / `j.end())`). When what holds n is the last argument all
// the way out, the line's own indentation counts (false).
func (b *treeIndent) levelIndent(n fn) (int, bool) {
	if !b.spec.clang.align {
		return 0, false
	}
	own := true
	from := n
	for p := b.f[n].Parent; p >= 0; from, p = p, b.f[p].Parent {
		b.m.meter.Add(1)
		t := b.typ(p)
		if b.spec.body[t] || t == "lambda_expression" || strings.HasSuffix(t, "_statement") || t == "declaration" {
			return 0, false // a block, a lambda's or a statement: its own level
		}
		o, _ := b.bracketOf(p)
		if o < 0 {
			continue
		}
		if own {
			own = false
			continue
		}
		if !b.lastArgument(p, from) {
			return b.visualCol(o)
		}
	}
	return 0, false
}

// lastArgument reports whether c is the last of bracket node p's
// children that is not punctuation or a comment.
func (b *treeIndent) lastArgument(p, c fn) bool {
	last := fn(-1)
	for k := b.f[p].First; k >= 0; k = b.f[k].Next {
		switch t := b.typ(k); {
		case t == "," || t == ")" || t == ">" || t == "]" || t == "}" || isCommentType(t):
		default:
			last = k
		}
	}
	return last == c
}

// clangLambdaBody sets, for a line in (off: unit) or closing (off: 0)
// the body whose block node is body, when that body is a lambda's
// passed in a call inside an aligned bracket, the column clang-format
// gives it: from that bracket's column (`j.erase(std::remove_if(...,
// [](int v) {` / `return v;` / `}),`).
func (b *treeIndent) clangLambdaBody(l *indentLine, body fn, bc, off int) bool {
	if b.typ(body) != "compound_statement" {
		return false
	}
	lam := b.f[body].Parent
	if lam < 0 || b.typ(lam) != "lambda_expression" {
		return false
	}
	v, ok := b.levelIndent(lam)
	if !ok {
		return false
	}
	l.want = []int{v + off}
	return true
}

// owner is what the bracket node n belongs to, as far out as it starts
// on n's line: `fmt::detail::is_x<` for a template's argument list,
// `std::expected<T>{` for a braced list, `f(` for a call's arguments.
func (b *treeIndent) owner(n fn) fn {
	line := b.m.lineOf(b.start(n))
	x := n
	for p := b.f[x].Parent; p >= 0 && b.m.lineOf(b.start(p)) == line; p = b.f[x].Parent {
		switch b.typ(p) {
		case "qualified_identifier", "template_function", "template_type", "template_method", "call_expression",
			"compound_literal_expression", "field_expression", "dependent_type", "dependent_name":
			x = p
			continue
		}
		break
	}
	if x == n {
		return b.f[n].Parent
	}
	return x
}

// clangBases judges a class's base list on a line of its own (`struct
// A` / `: B {`): one ContinuationIndentWidth past the class's line.
func (b *treeIndent) clangBases(n fn) {
	m := b.m
	i := m.lineOf(b.start(n))
	l := &m.lines[i]
	p := b.f[n].Parent
	if p < 0 || l.lead != b.start(n) || l.kind != lineCode {
		return
	}
	a := m.lineOf(b.start(p))
	if a == i || m.lines[a].kind == lineUnit {
		return
	}
	l.anchor, l.want, l.cont, l.free, l.atLeast, l.visual = a, []int{m.lines[a].col + b.spec.clang.contCols}, true, false, 0, false
}

// clangAccessMacro judges an access-specifier macro (`JSON_PRIVATE_
// UNLESS_TESTED:`, read as `public:`, see cpreproc.AccessMacro) as
// clang-format lays it out: at the members' level, and the declaration
// after it, up to its body or its `;`, ConstructorInitializerIndentWidth
// deeper (clang-format takes the colon for a constructor initializer's).
func (b *treeIndent) clangAccessMacro(n fn) {
	m := b.m
	i := m.lineOf(b.start(n))
	l := &m.lines[i]
	if l.lead != b.start(n) || l.kind != lineCode || l.anchor < 0 || !cpreproc.AccessMacro(m.src[l.lead:l.end]) {
		return
	}
	member := m.lines[l.anchor].col + m.unitCols
	l.want = []int{member}
	for j := i + 1; j < len(m.lines); j++ {
		d := &m.lines[j]
		t := m.src[d.lead:d.end]
		if d.lead == d.end || d.kind == lineSkip {
			continue
		}
		if d.kind == lineUnit || bytes.HasPrefix(t, []byte("}")) {
			return
		}
		if bytes.HasPrefix(t, []byte("{")) {
			d.anchor, d.want, d.free, d.atLeast, d.visual = i, []int{member}, false, 0, false // the body, at the members' level
			return
		}
		d.anchor, d.want, d.free, d.atLeast, d.visual = i, []int{member + b.spec.clang.style.ConstructorInitializerIndentWidth}, false, 0, false
		if bytes.HasSuffix(bytes.TrimRight(t, " \t"), []byte(";")) {
			return
		}
	}
}
