package layout

import (
	"sort"
	"strings"
)

// JavaScript and TypeScript indentation as eslint's `indent` rule decides
// it (default options; the unit from the constraint). This is a port of
// the rule's algorithm (eslint/lib/rules/indent.js, MIT licence): every
// token gets a desired offset, in levels, from another token; a token on
// the same line as the token it is offset from inherits that token's
// indentation; after all node listeners have run, the first token of each
// line must have exactly its desired indentation. Lines inside nodes the
// rule does not know (TypeScript's types, for instance) keep whatever
// indentation they have, as eslint does.

// esTok is a token or comment.
type esTok struct {
	start, end int
	line       int // line of start (0-based)
	endLine    int
	col        int // byte column of start
	text       string
	comment    bool
}

type esDesc struct {
	from   int // token index, -1: column 0
	offset int
	force  bool
}

// esIndent is eslint's OffsetStorage and TokenInfo for one file.
type esIndent struct {
	src       []byte
	m         *indentModel // lines
	toks      []esTok      // tokens and comments, in order
	code      []int        // indexes of the non-comment tokens
	codePos   []int        // position of token i in code, -1 for comments
	firstOf   map[int]int  // line -> first token (or comment) index on it
	desc      []esDesc
	ignored   []bool
	locked    map[int]int
	cache     map[int]string
	unit      string // one level: "\t" or n spaces
	paramPar  map[int]bool
	ignoredFT map[int]bool // first tokens of ignored nodes
}

// esTokens lists the tokens of a tree-sitter-javascript tree as espree
// would: strings, regexes and template chunks whole, comments included.
func esTokens(src []byte, root fnode) []esTok {
	var out []esTok
	add := func(s, e int, comment bool) {
		// tree-sitter's JSX tokens take the blanks before them along.
		for s < e && (src[s] == ' ' || src[s] == '\t' || src[s] == '\n' || src[s] == '\r') {
			s++
		}
		if e > s {
			out = append(out, esTok{start: s, end: e, text: string(src[s:e]), comment: comment})
		}
	}
	var walk func(n fnode)
	walk = func(n fnode) {
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
			out = append(out, esTok{start: n.Start(), end: n.End(), text: string(src[n.Start():n.End()])})
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

func newESIndent(src []byte, root fnode, unit string) *esIndent {
	m := newIndentModel(src, 4, 4)
	x := &esIndent{src: src, m: m, toks: esTokens(src, root), firstOf: map[int]int{}, locked: map[int]int{},
		cache: map[int]string{}, unit: unit, paramPar: map[int]bool{}, ignoredFT: map[int]bool{}}
	x.codePos = make([]int, len(x.toks))
	for i := range x.toks {
		t := &x.toks[i]
		x.codePos[i] = -1
		if !t.comment {
			x.codePos[i] = len(x.code)
		}
		t.line = m.lineOf(t.start)
		t.endLine = m.lineOf(max(t.start, t.end-1))
		if t.end > t.start && (src[t.end-1] == '\n') {
			t.endLine = m.lineOf(t.end)
		}
		t.col = t.start - m.lines[t.line].start
		if !t.comment {
			x.code = append(x.code, i)
		}
		if _, ok := x.firstOf[t.line]; !ok {
			x.firstOf[t.line] = i
		}
		if _, ok := x.firstOf[t.endLine]; !ok && strings.TrimSpace(string(src[m.lines[t.endLine].start:t.end])) != "" {
			x.firstOf[t.endLine] = i
		}
	}
	x.desc = make([]esDesc, len(x.toks))
	for i := range x.desc {
		x.desc[i].from = -1
	}
	x.ignored = make([]bool, len(x.toks))
	return x
}

// tokAt returns the index of the first token (or comment) starting at or
// after off.
func (x *esIndent) tokAt(off int) int {
	return sort.Search(len(x.toks), func(i int) bool { return x.toks[i].start >= off })
}

func (x *esIndent) isFirstOfLine(i int) bool {
	f, ok := x.firstOf[x.toks[i].line]
	return ok && f == i
}

// setOffsets gives every token starting in [s, e) the offset from tok
// from, except from itself (which keeps its own).
func (x *esIndent) setOffsets(s, e, from, offset int, force bool) {
	if from >= len(x.toks) {
		from = -1
	}
	for i := x.tokAt(s); i < len(x.toks) && x.toks[i].start < e; i++ {
		if i != from {
			x.desc[i] = esDesc{from: from, offset: offset, force: force}
		}
	}
}

func (x *esIndent) setOffset(tok, from, offset int) {
	if tok < 0 || tok >= len(x.toks) {
		return
	}
	if tok != from {
		x.desc[tok] = esDesc{from: from, offset: offset}
	}
}

func (x *esIndent) ignoreToken(i int) {
	if i >= 0 && i < len(x.toks) && x.isFirstOfLine(i) {
		x.ignored[i] = true
	}
}

// tokenIndent is the text before token i on its line.
func (x *esIndent) tokenIndent(i int) string {
	t := x.toks[i]
	return string(x.src[x.m.lines[t.line].start:t.start])
}

// desired is getDesiredIndent.
func (x *esIndent) desired(i int) string {
	return x.desiredDepth(i, 0)
}

func (x *esIndent) desiredDepth(i, depth int) string {
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
		d = x.desiredDepth(ds.from, depth+1) + strings.Repeat(x.unit, max(off, 0))
	}
	x.cache[i] = d
	return d
}

// firstDependency is the token i is offset from.
func (x *esIndent) firstDependency(i int) int { return x.desc[i].from }

// --- sourceCode helpers, on node ranges ---

// firstTok is the first code token of n (skip code tokens skipped).
func (x *esIndent) firstTok(n *esNode, skip int) int {
	k := sort.Search(len(x.code), func(j int) bool { return x.toks[x.code[j]].start >= n.start }) + skip
	if k < len(x.code) && x.toks[x.code[k]].start < n.end {
		return x.code[k]
	}
	return -1
}

// lastTok is the last code token of n, skipping skip of them.
func (x *esIndent) lastTok(n *esNode, skip int) int {
	k := sort.Search(len(x.code), func(j int) bool { return x.toks[x.code[j]].end > n.end }) - 1 - skip
	if k >= 0 && x.toks[x.code[k]].start >= n.start {
		return x.code[k]
	}
	return -1
}

// tokBefore is the last code token ending at or before off.
func (x *esIndent) tokBefore(off int) int {
	k := sort.Search(len(x.code), func(j int) bool { return x.toks[x.code[j]].end > off }) - 1
	if k >= 0 {
		return x.code[k]
	}
	return -1
}

// tokAfter is the first code token starting at or after off.
func (x *esIndent) tokAfter(off int) int {
	k := sort.Search(len(x.code), func(j int) bool { return x.toks[x.code[j]].start >= off })
	if k < len(x.code) {
		return x.code[k]
	}
	return -1
}

// prevCode and nextCode step over code tokens from token index i.
func (x *esIndent) prevCode(i int) int {
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

func (x *esIndent) nextCode(i int) int {
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
func (x *esIndent) firstBetween(s, e int, ok func(string) bool) int {
	for i := x.tokAfter(s); i >= 0 && x.toks[i].start < e; i = x.nextCode(i) {
		if ok(x.toks[i].text) {
			return i
		}
	}
	return -1
}

// lastBetween is the last code token in [s, e) satisfying ok.
func (x *esIndent) lastBetween(s, e int, ok func(string) bool) int {
	for i := x.tokBefore(e); i >= 0 && x.toks[i].start >= s; i = x.prevCode(i) {
		if ok(x.toks[i].text) {
			return i
		}
	}
	return -1
}

func isText(s string) func(string) bool { return func(t string) bool { return t == s } }

func (x *esIndent) is(i int, s string) bool { return i >= 0 && x.toks[i].text == s }

// esJudge runs the rule and returns, for every line whose first token is
// wrongly indented, the indentation eslint wants.
func esJudge(src []byte, ft *ftree, unit string) (*esIndent, map[int]string) {
	root := ft.root()
	x := newESIndent(src, root, unit)
	b := &esBuild{src: src}
	prog := b.conv(root)
	if prog == nil {
		return x, nil
	}
	x.run(prog)
	bad := map[int]string{}
	for line := range x.m.lines {
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
			bad[line] = d
		}
	}
	return x, bad
}

func (x *esIndent) firstCode() int {
	if len(x.code) == 0 {
		return -1
	}
	return x.code[0]
}

// commentBefore is the code token before comment i, looking through
// earlier comments (eslint's precedingTokens map).
func (x *esIndent) commentBefore(i int) int {
	return x.tokBefore(x.toks[i].start)
}

func (x *esIndent) valid(i int, want string) bool {
	got := x.tokenIndent(i)
	return got == want || strings.Contains(got, " ") && strings.Contains(got, "\t")
}

// blankBetween: eslint's hasBlankLinesBetween(a, b).
func (x *esIndent) blankBetween(a, b int) bool {
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
