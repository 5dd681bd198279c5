package eslintindent

import (
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/syntax"
)

// The rule's OffsetStorage and TokenInfo: tokens, their desired offsets
// and the indentation those resolve to.

// token is a token or comment.
type token struct {
	start, end int
	line       int // line of start (0-based)
	endLine    int
	col        int // byte column of start
	text       string
	comment    bool
}

type desiredOffset struct {
	from   int // token index, -1: column 0
	offset int
	force  bool
	// orZero: offset 1 may be 0 instead, as a member chain's lines
	// stand (MemberExpression 0 or 1): see chainOffset.
	orZero bool
}

// offsetStorage is eslint's OffsetStorage and TokenInfo for one file.
type offsetStorage struct {
	src       []byte
	lines     []srclines.Line
	toks      []token     // tokens and comments, in order
	code      []int       // indexes of the non-comment tokens
	codePos   []int       // position of token i in code, -1 for comments
	firstOf   map[int]int // line -> first token (or comment) index on it
	desc      []desiredOffset
	ignored   []bool
	locked    map[int]int
	cache     map[int]string
	unit      string // one level: "\t" or n spaces
	paramPar  map[int]bool
	ignoredFT map[int]bool // first tokens of ignored nodes
	// chainDots are, per member chain's first token, the "." tokens of
	// the chain that start a line; chainOff caches each chain's offset.
	chainDots map[int][]int
	chainOff  map[int]int
}

// tokenize lists the tokens of a tree-sitter-javascript tree as espree
// would: strings, regexes and template chunks whole, comments included.
func tokenize(src []byte, root syntax.FlatRef) []token {
	var out []token
	add := func(s, e int, comment bool) {
		// tree-sitter's JSX tokens take the blanks before them along.
		for s < e && (src[s] == ' ' || src[s] == '\t' || src[s] == '\n' || src[s] == '\r') {
			s++
		}
		if e > s {
			out = append(out, token{start: s, end: e, text: string(src[s:e]), comment: comment})
		}
	}
	var walk func(n syntax.FlatRef)
	walk = func(n syntax.FlatRef) {
		t := n.Type()
		switch {
		case isCommentType(t) || t == "hash_bang_line":
			add(n.Start(), n.End(), true)
			return
		case t == "string" || t == "regex":
			add(n.Start(), n.End(), false)
			return
		case t == "jsx_text":
			// espree's JSX text starts with the blanks before it.
			out = append(out, token{start: n.Start(), end: n.End(), text: string(src[n.Start():n.End()])})
			return
		case t == "template_string":
			qs := n.Start()
			for i := 0; i < n.ChildCount(); i++ {
				c := n.Child(i)
				if c.Type() != "template_substitution" {
					continue
				}
				add(qs, c.Child(0).End(), false)
				for j := 1; j < c.ChildCount()-1; j++ {
					walk(c.Child(j))
				}
				qs = c.Child(c.ChildCount() - 1).Start()
			}
			add(qs, n.End(), false)
			return
		case n.ChildCount() == 0:
			add(n.Start(), n.End(), false)
			return
		}
		for i := 0; i < n.ChildCount(); i++ {
			walk(n.Child(i))
		}
	}
	walk(root)
	return out
}

func newOffsetStorage(src []byte, root syntax.FlatRef, unit string) *offsetStorage {
	lines := srclines.Split(src, 4)
	x := &offsetStorage{src: src, lines: lines, toks: tokenize(src, root), firstOf: map[int]int{}, locked: map[int]int{},
		cache: map[int]string{}, unit: unit, paramPar: map[int]bool{}, ignoredFT: map[int]bool{},
		chainDots: map[int][]int{}, chainOff: map[int]int{}}
	x.codePos = make([]int, len(x.toks))
	for i := range x.toks {
		t := &x.toks[i]
		x.codePos[i] = -1
		if !t.comment {
			x.codePos[i] = len(x.code)
		}
		t.line = x.lineOf(t.start)
		t.endLine = x.lineOf(max(t.start, t.end-1))
		if t.end > t.start && (src[t.end-1] == '\n') {
			t.endLine = x.lineOf(t.end)
		}
		t.col = t.start - x.lines[t.line].Start
		if !t.comment {
			x.code = append(x.code, i)
		}
		if _, ok := x.firstOf[t.line]; !ok {
			x.firstOf[t.line] = i
		}
		if _, ok := x.firstOf[t.endLine]; !ok && strings.TrimSpace(string(src[x.lines[t.endLine].Start:t.end])) != "" {
			x.firstOf[t.endLine] = i
		}
	}
	x.desc = make([]desiredOffset, len(x.toks))
	for i := range x.desc {
		x.desc[i].from = -1
	}
	x.ignored = make([]bool, len(x.toks))
	return x
}

// lineOf is the index of the line holding offset off.
func (x *offsetStorage) lineOf(off int) int { return srclines.Of(x.lines, off) }

// tokAt returns the index of the first token (or comment) starting at or
// after off.
func (x *offsetStorage) tokAt(off int) int {
	return sort.Search(len(x.toks), func(i int) bool { return x.toks[i].start >= off })
}

func (x *offsetStorage) isFirstOfLine(i int) bool {
	f, ok := x.firstOf[x.toks[i].line]
	return ok && f == i
}

// setOffsets gives every token starting in [s, e) the offset from tok
// from, except from itself (which keeps its own).
func (x *offsetStorage) setOffsets(s, e, from, offset int, force bool) {
	if from >= len(x.toks) {
		from = -1
	}
	for i := x.tokAt(s); i < len(x.toks) && x.toks[i].start < e; i++ {
		if i != from {
			x.desc[i] = desiredOffset{from: from, offset: offset, force: force}
		}
	}
}

func (x *offsetStorage) setOffset(tok, from, offset int) {
	if tok < 0 || tok >= len(x.toks) {
		return
	}
	if tok != from {
		x.desc[tok] = desiredOffset{from: from, offset: offset}
	}
}

func (x *offsetStorage) ignoreToken(i int) {
	if i >= 0 && i < len(x.toks) && x.isFirstOfLine(i) {
		x.ignored[i] = true
	}
}

// tokenIndent is the text before token i on its line.
func (x *offsetStorage) tokenIndent(i int) string {
	t := x.toks[i]
	return string(x.src[x.lines[t.line].Start:t.start])
}

// desired is getDesiredIndent.
func (x *offsetStorage) desired(i int) string {
	return x.desiredDepth(i, 0)
}

func (x *offsetStorage) desiredDepth(i, depth int) string {
	if i < 0 {
		return ""
	}
	if d, ok := x.cache[i]; ok {
		return d
	}
	if depth > 10000 {
		return "" // a cycle would be a bug in a listener; never loop
	}
	var d string
	switch {
	case x.ignored[i]:
		d = x.tokenIndent(i)
	default:
		if f, ok := x.locked[i]; ok {
			first := x.firstOf[x.toks[f].line]
			d = x.desiredDepth(first, depth+1) + strings.Repeat(x.unit[:1], x.toks[f].col-x.toks[first].col)
			break
		}
		ds := x.desc[i]
		off := ds.offset
		if ds.from >= 0 && x.toks[ds.from].line == x.toks[i].line && !ds.force && !strings.HasPrefix(strings.TrimLeft(x.toks[i].text, " \t"), "\n") {
			off = 0
		}
		base := x.desiredDepth(ds.from, depth+1)
		d = base + strings.Repeat(x.unit, max(off, 0))
		if ds.orZero && off == 1 {
			switch x.chainOffset(ds.from, base) {
			case 0:
				d = base
			case -1:
				if x.tokenIndent(x.firstOf[x.toks[i].line]) == base {
					d = base
				}
			}
		}
	}
	x.cache[i] = d
	return d
}

// firstDependency is the token i is offset from.
func (x *offsetStorage) firstDependency(i int) int { return x.desc[i].from }

// --- sourceCode helpers, on node ranges ---

// firstTok is the first code token of n (skip code tokens skipped).
func (x *offsetStorage) firstTok(n *estreeNode, skip int) int {
	k := sort.Search(len(x.code), func(j int) bool { return x.toks[x.code[j]].start >= n.start }) + skip
	if k < len(x.code) && x.toks[x.code[k]].start < n.end {
		return x.code[k]
	}
	return -1
}

// lastTok is the last code token of n, skipping skip of them.
func (x *offsetStorage) lastTok(n *estreeNode, skip int) int {
	k := sort.Search(len(x.code), func(j int) bool { return x.toks[x.code[j]].end > n.end }) - 1 - skip
	if k >= 0 && x.toks[x.code[k]].start >= n.start {
		return x.code[k]
	}
	return -1
}

// tokBefore is the last code token ending at or before off.
func (x *offsetStorage) tokBefore(off int) int {
	k := sort.Search(len(x.code), func(j int) bool { return x.toks[x.code[j]].end > off }) - 1
	if k >= 0 {
		return x.code[k]
	}
	return -1
}

// tokAfter is the first code token starting at or after off.
func (x *offsetStorage) tokAfter(off int) int {
	k := sort.Search(len(x.code), func(j int) bool { return x.toks[x.code[j]].start >= off })
	if k < len(x.code) {
		return x.code[k]
	}
	return -1
}

// prevCode and nextCode step over code tokens from token index i.
func (x *offsetStorage) prevCode(i int) int {
	if i < 0 {
		return -1
	}
	if p := x.codePos[i]; p >= 0 {
		if p == 0 {
			return -1
		}
		return x.code[p-1]
	}
	return x.tokBefore(x.toks[i].start)
}

func (x *offsetStorage) nextCode(i int) int {
	if i < 0 {
		return -1
	}
	if p := x.codePos[i]; p >= 0 {
		if p+1 >= len(x.code) {
			return -1
		}
		return x.code[p+1]
	}
	return x.tokAfter(x.toks[i].end)
}

// firstBetween is the first code token in [s, e) satisfying ok.
func (x *offsetStorage) firstBetween(s, e int, ok func(string) bool) int {
	for i := x.tokAfter(s); i >= 0 && x.toks[i].start < e; i = x.nextCode(i) {
		if ok(x.toks[i].text) {
			return i
		}
	}
	return -1
}

// lastBetween is the last code token in [s, e) satisfying ok.
func (x *offsetStorage) lastBetween(s, e int, ok func(string) bool) int {
	for i := x.tokBefore(e); i >= 0 && x.toks[i].start >= s; i = x.prevCode(i) {
		if ok(x.toks[i].text) {
			return i
		}
	}
	return -1
}

func isText(s string) func(string) bool { return func(t string) bool { return t == s } }

func (x *offsetStorage) is(i int, s string) bool { return i >= 0 && x.toks[i].text == s }

// Report is a line whose indentation eslint's indent rule reports.
type Report struct {
	// Line is the line's index among srclines.Split(src, ...)'s lines.
	Line int
	// Want is the indentation the rule wants for it.
	Want string
	// Comment: the line starts with a comment.
	Comment bool
}

// Judge runs the rule on src, whose tree-sitter-javascript (or
// -typescript) tree is ft, one indentation level being unit ("\t" or n
// spaces), and returns the lines whose first token is wrongly indented,
// in order, each with the indentation the rule wants.
func Judge(src []byte, ft *syntax.FlatTree, unit string) []Report {
	root := ft.Root()
	x := newOffsetStorage(src, root, unit)
	b := &estreeBuilder{src: src}
	prog := b.conv(root)
	if prog == nil {
		return nil
	}
	x.run(prog)
	var out []Report
	for line := range x.lines {
		first, ok := x.firstOf[line]
		if !ok || x.toks[first].line != line {
			continue
		}
		if x.toks[first].comment {
			before := x.commentBefore(first)
			after := x.tokAfter(x.toks[first].end)
			if before < 0 {
				after = x.firstCode()
			}
			alignBefore := before >= 0 && !x.blankBetween(before, first)
			alignAfter := after >= 0 && !x.blankBetween(first, after)
			if after >= 0 && x.toks[after].text == ";" && x.toks[after].line != x.toks[first].line {
				x.setOffset(first, after, 0)
				delete(x.cache, first)
			}
			if alignBefore && x.valid(first, x.desired(before)) || alignAfter && x.valid(first, x.desired(after)) {
				continue
			}
		}
		if d := x.desired(first); !x.valid(first, d) {
			out = append(out, Report{Line: line, Want: d, Comment: x.toks[first].comment})
		}
	}
	return out
}

func (x *offsetStorage) firstCode() int {
	if len(x.code) == 0 {
		return -1
	}
	return x.code[0]
}

// commentBefore is the code token before comment i, looking through
// earlier comments (eslint's precedingTokens map).
func (x *offsetStorage) commentBefore(i int) int {
	return x.tokBefore(x.toks[i].start)
}

func (x *offsetStorage) valid(i int, want string) bool {
	got := x.tokenIndent(i)
	return got == want || strings.Contains(got, " ") && strings.Contains(got, "\t")
}

// blankBetween: eslint's hasBlankLinesBetween(a, b).
func (x *offsetStorage) blankBetween(a, b int) bool {
	l1, l2 := x.toks[a].endLine, x.toks[b].line
	if a > b {
		l1, l2 = x.toks[b].endLine, x.toks[a].line
	}
	if l1 >= l2-1 {
		return false
	}
	for l := l1 + 1; l < l2; l++ {
		if _, ok := x.firstOf[l]; !ok {
			return true
		}
	}
	return false
}

// chainOffset is eslint's MemberExpression option for the member chain
// whose first token is from, whose line should stand at base: 0 when
// most of the chain's lines that start with "." stand at base (the
// `request(app)` / `.get('/')` style that projects enable with
// MemberExpression 0 or "off"), 1 (the default) when most stand a unit
// in, and -1 on a tie, where each line may stand at either. Counted
// against where the chain's first line should stand, so that a chain
// stays put when only that line is misplaced, and per chain, so that one
// line that left its chain's level is reported.
func (x *offsetStorage) chainOffset(from int, base string) int {
	if off, ok := x.chainOff[from]; ok {
		return off
	}
	n0, n1 := 0, 0
	for _, dot := range x.chainDots[from] {
		switch x.tokenIndent(dot) {
		case base:
			n0++
		case base + x.unit:
			n1++
		}
	}
	off := 1
	switch {
	case n0 > n1:
		off = 0
	case n0 == n1:
		off = -1
	}
	x.chainOff[from] = off
	return off
}
