package check

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// The lint profile's reading of brace_block_formatting, on the syntax
// tree. A brace style governs the braces of blocks that follow a header
// (a declaration, a control statement, a function or lambda, a class, a
// case label, else/catch/finally):
//
//   - K&R and 1TBS: the opening brace ends the header's line (the token
//     before it is on its line). Rust accepts rustfmt's form of a header
//     that spans lines (a `where` clause, a broken `if` condition): the
//     brace on a line of its own at the header's indentation. C and C++
//     accept K&R's own layout of a function definition, its brace on the
//     next line at the definition's indentation.
//   - Allman: the opening brace starts a line of its own. An empty `{}`
//     on the header's line is accepted (checkstyle's `nl` reading), as is
//     a C# auto-property's accessor list (`{ get; set; }`).
//   - Every style: a block that spans lines starts its body on the line
//     after "{" and ends it on the line before "}"; a block written on one
//     line is fine (`if (x) { return; }`, as gofmt and rustfmt keep it).
//     Enum bodies are value lists and exempt.
//   - 1TBS: else/catch/finally stand on the closing brace's line;
//     Allman: on a line of their own. K&R says nothing about them.
//
// Blocks without a header (a bare `{ }` block, a Java instance
// initializer, Rust's `#[cfg(x)] { }`) are statements of their own: no
// style says where they start, so they are never reported. Literals
// (arrays, objects, initializer lists, struct literals, Kotlin lambdas,
// Rust macro token trees) are values, not blocks, and never hide the
// block brace after them on the same line.

// BraceKind says which placement a BraceProblem breaks; the brace fixer
// chooses its edit by it.
type BraceKind int

const (
	// BraceOpenOwnLine: K&R/1TBS, an opening brace is not on its
	// header's line.
	BraceOpenOwnLine BraceKind = iota + 1
	// BraceOpenOnHeader: Allman, an opening brace shares the header's
	// line.
	BraceOpenOnHeader
	// BraceCodeAfterOpen: the body of a multi-line block starts on the
	// opening brace's line.
	BraceCodeAfterOpen
	// BraceCodeBeforeClose: the body of a multi-line block ends on the
	// closing brace's line.
	BraceCodeBeforeClose
	// BraceKeywordApart: 1TBS, else/catch/finally is not on the closing
	// brace's line.
	BraceKeywordApart
	// BraceKeywordCuddled: Allman, else/catch/finally follows the closing
	// brace on its line.
	BraceKeywordCuddled
)

// BraceProblem is one brace placement the lint profile reports. At/End is
// the misplaced token ("{", "}" or the keyword); Gap is the end of the
// code token before it (comments skipped) and Next the start of the code
// token after it: a fix edits only the blanks in Gap..At or End..Next.
type BraceProblem struct {
	Kind      BraceKind
	At, End   int
	Gap, Next int
	// Indent is the indentation of the line the header starts on (for a
	// keyword: of the closing brace's line), which a brace or keyword
	// moved onto a line of its own takes.
	Indent  string
	Message string
}

// ErrNoBraceTree reports a language the tree reading does not cover.
var ErrNoBraceTree = errors.New("no syntax-tree reading of braces")

// BraceProblems lists every brace placement in u that breaks c's style,
// in source order, with no cap. It is the lint profile's rule and the
// brace fixer's source of truth.
func BraceProblems(u *Unit, c constraint.Constraint) ([]BraceProblem, error) {
	probs, _, err := braceReading(u, c)
	return probs, err
}

// braceReading is BraceProblems and the number of braces it could not
// judge because the tree around them is broken.
func braceReading(u *Unit, c constraint.Constraint) ([]BraceProblem, int, error) {
	bl := braceLanguages[c.Lang]
	if bl == nil {
		return nil, 0, fmt.Errorf("%s: %w", c.Lang, ErrNoBraceTree)
	}
	t, err := u.Tree(c.Lang)
	if err != nil {
		return nil, 0, fmt.Errorf("cannot parse as %s: %w", c.Lang, err)
	}
	toks := u.Memo("braces.tokens."+string(c.Lang), func() any { return braceTokensOf(t.Root(), c.Lang, bl) }).(*braceTokens)
	a := braceAnalysis{src: u.Src, id: c.Lang, bl: bl, style: c.Name, toks: toks, lines: u.lineStarts()}
	probs := a.problems()
	return probs, a.unjudged, nil
}

func braceTreeLanguage(id lang.ID) bool { return braceLanguages[id] != nil }

// braceTok is a token the reading looks at: a brace, a continuation
// keyword or a ":" (which ends a case label).
type braceTok struct {
	node       syntax.Node
	typ        string
	start, end int
	anc        []syntax.Node // nearest first, as many as the reading needs
}

// up is the token's i-th ancestor (0: its parent), or the zero Node.
func (t braceTok) up(i int) syntax.Node {
	if i < len(t.anc) {
		return t.anc[i]
	}
	return syntax.Node{}
}

// braceAncestors is how far up the reading looks from each kind of
// token: a brace's block, wrappers, the block's construct and its parent;
// a "}"'s block, clause and statement; a keyword's clause and statement;
// a ":"'s label.
var braceAncestors = map[string]int{"open": 6, "close": 3, "keyword": 2, "colon": 1}

// braceCaptureType is the token type each capture of the token query
// holds; keywords are told apart by their type.
var braceCaptureType = map[string]string{"open": "{", "close": "}", "colon": ":"}

// braceTokens are the tokens of one tree, in source order, and its
// comments; the code between them is found by reading the text, where
// only blanks and comments separate one token from the next.
type braceTokens struct {
	list     []braceTok
	at       map[int]int // token start → index in list
	comments [][2]int    // sorted, disjoint
	// firstOpen maps a node to its own first "{" (the node key of the
	// brace's parent): a block nested in such a node is one of its
	// statements or members, not its body.
	firstOpen map[syntax.Key]int
	// lastClose maps a node to its own last "}" (index in list).
	lastClose map[syntax.Key]int
}

func braceTokensOf(root syntax.Node, id lang.ID, bl *braceLanguage) *braceTokens {
	caps, ancs := bl.query(id).CapturesWithAncestors(root, braceAncestors)
	out := &braceTokens{at: make(map[int]int, len(caps)), firstOpen: make(map[syntax.Key]int, len(caps)/3), lastClose: make(map[syntax.Key]int, len(caps)/3)}
	for ci, c := range caps {
		n := c.Node
		start, end := n.Start(), n.End()
		if end == start {
			continue // MISSING
		}
		if c.Name == "comment" {
			if k := len(out.comments); k > 0 && out.comments[k-1][1] > start {
				continue // a comment inside a comment (a doc comment's parts)
			}
			out.comments = append(out.comments, [2]int{start, end})
			continue
		}
		t := braceTok{node: n, typ: braceCaptureType[c.Name], start: start, end: end, anc: ancs[ci]}
		if t.typ == "" {
			t.typ = n.Type() // a keyword
		}
		switch t.typ {
		case "{":
			k := t.up(0).Key()
			if _, ok := out.firstOpen[k]; !ok {
				out.firstOpen[k] = t.start
			}
		case "}":
			out.lastClose[t.up(0).Key()] = len(out.list)
		}
		out.at[t.start] = len(out.list)
		out.list = append(out.list, t)
	}
	return out
}

type braceAnalysis struct {
	src   []byte
	id    lang.ID
	bl    *braceLanguage
	style string
	toks  *braceTokens
	lines []int
	out   []BraceProblem
	// unjudged counts the block braces inside unparsable code.
	unjudged int
}

// row is the 0-based line of off.
func (a *braceAnalysis) row(off int) int {
	return sort.SearchInts(a.lines, off+1) - 1
}

// comment returns the comment holding off, if any.
func (a *braceAnalysis) comment(off int) ([2]int, bool) {
	cs := a.toks.comments
	i := sort.Search(len(cs), func(i int) bool { return cs[i][1] > off })
	if i < len(cs) && cs[i][0] <= off {
		return cs[i], true
	}
	return [2]int{}, false
}

// prevCode is the end of the code before off (blanks and comments
// skipped), or -1 at the start of the file.
func (a *braceAnalysis) prevCode(off int) int {
	for off > 0 {
		b := a.src[off-1]
		if isBlank(b) {
			off--
			continue
		}
		if c, ok := a.comment(off - 1); ok {
			off = c[0]
			continue
		}
		return off
	}
	return -1
}

// nextCode is the start of the code after off (blanks and comments
// skipped), or len(src).
func (a *braceAnalysis) nextCode(off int) int {
	for off < len(a.src) {
		if isBlank(a.src[off]) {
			off++
			continue
		}
		if c, ok := a.comment(off); ok {
			off = c[1]
			continue
		}
		return off
	}
	return len(a.src)
}

func isBlank(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}

// tokAt returns the token starting at off, if the reading keeps one.
func (a *braceAnalysis) tokAt(off int) (braceTok, bool) {
	i, ok := a.toks.at[off]
	if !ok {
		return braceTok{}, false
	}
	return a.toks.list[i], true
}

func (a *braceAnalysis) problems() []BraceProblem {
	for _, t := range a.toks.list {
		switch t.typ {
		case "{":
			a.block(t)
		case "else", "catch", "finally":
			a.keyword(t)
		}
	}
	// Problems are found per opening brace, so a closing brace's or a
	// keyword's can come out of order.
	slices.SortStableFunc(a.out, func(x, y BraceProblem) int { return cmp.Compare(x.At, y.At) })
	return a.out
}

func (a *braceAnalysis) add(kind BraceKind, t braceTok, indent, msg string) {
	gap := max(a.prevCode(t.start), 0)
	a.out = append(a.out, BraceProblem{Kind: kind, At: t.start, End: t.end, Gap: gap, Next: a.nextCode(t.end), Indent: indent, Message: msg})
}

// block checks the block whose opening brace is open.
func (a *braceAnalysis) block(open braceTok) {
	b := open.up(0)
	bt := b.Type()
	if !b.Valid() || a.bl.literal[bt] || strings.HasPrefix(bt, "token_") {
		// token_*: a Rust macro's token trees and patterns are text the
		// macro reads, not blocks.
		return
	}
	h, ok := a.header(open)
	if !ok {
		return // a block of its own: no style governs where it starts
	}
	var closeTok braceTok
	ci, hasClose := a.toks.lastClose[b.Key()]
	if hasClose {
		closeTok = a.toks.list[ci]
		hasClose = closeTok.start > open.start
	}
	indent := lineIndent(a.src, h.start)
	openRow := a.row(open.start)
	prev := a.prevCode(open.start)
	prevRow := -1
	if prev >= 0 {
		prevRow = a.row(prev - 1)
	}
	// Only "{}" itself is the empty block Allman lets stay on its header's
	// line (checkstyle's reading); "{ }" and "{/* c */}" are not.
	empty := hasClose && closeTok.start == open.end
	multi := hasClose && a.row(closeTok.start) > openRow
	reported := false
	switch a.style {
	case "Allman":
		oneLine := !multi && (a.bl.oneLineAllman[bt] || a.bl.oneLineAllman[open.up(1).Type()])
		if prevRow == openRow && !empty && !oneLine {
			msg := "opening brace should be on its own line (Allman)"
			if a.id == lang.Go {
				msg = "opening brace should be on its own line (Allman, which Go's syntax does not allow)"
			}
			a.add(BraceOpenOnHeader, open, indent, msg)
			reported = true
		}
	default:
		if prevRow >= 0 && prevRow < openRow && !a.brokenHeader(h, prevRow, open) && !a.ownLineFunction(h, open) {
			a.add(BraceOpenOwnLine, open, indent, fmt.Sprintf("opening brace on its own line; %s puts it at the end of the block header", a.style))
			reported = true
		}
	}
	if !multi || a.bl.valueList[bt] {
		return
	}
	if n := a.nextCode(open.end); !reported && n < closeTok.start && a.row(n) == openRow {
		a.add(BraceCodeAfterOpen, open, indent, "code follows the opening brace of a multi-line block; the block's body starts on the next line")
	}
	if q := a.prevCode(closeTok.start); q > open.end && a.row(q-1) == a.row(closeTok.start) {
		a.add(BraceCodeBeforeClose, closeTok, indent, "code precedes the closing brace of a multi-line block; the closing brace starts its own line")
	}
}

// braceHeader is where the header of a block starts, and the node type
// of the construct ("" where the tree is broken).
type braceHeader struct {
	start, row int
	typ        string
}

func (a *braceAnalysis) headerAt(n syntax.Node) braceHeader {
	return braceHeader{n.Start(), a.row(n.Start()), n.Type()}
}

// header finds the header of the block open opens, or reports that the
// block has none.
func (a *braceAnalysis) header(open braceTok) (braceHeader, bool) {
	b := open.up(0)
	if b.IsError() {
		a.unjudged++ // see the broken parse case below
		return braceHeader{}, false
	}
	if b.Start() < open.start {
		// The block's own node starts before its brace: a label, `switch
		// x`, `interface`, `init`, `try`.
		return a.headerAt(b), true
	}
	i := 0 // open.up(i) is w, the block or the wrapper standing for it
	for {
		p := open.up(i + 1)
		w := open.up(i)
		if !p.Valid() || !a.bl.wrapper[p.Type()] || p.Start() != w.Start() || p.NamedChildCount() != 1 {
			break
		}
		i++
	}
	w, p := open.up(i), open.up(i+1)
	prev := a.prevCode(open.start)
	prevChar := byte(0)
	if prev > 0 {
		prevChar = a.src[prev-1]
	}
	statementEnd := prev < 0 || prevChar == ';' || prevChar == '{' || prevChar == '}'
	switch {
	case !p.Valid():
		return braceHeader{}, false
	case p.IsError():
		// A broken parse (C++ read as C, a macro the grammar cannot
		// follow): which construct the brace belongs to is unknown, so it
		// is not judged, and the verdict says how many were not.
		a.unjudged++
		return braceHeader{}, false
	case a.container(p, w, open.up(i+2)):
		if prevChar == ':' {
			if colon, ok := a.tokAt(prev - 1); ok && a.bl.caseLabel[colon.up(0).Type()] {
				// The first statement of a case: the label is its header.
				return a.headerAt(colon.up(0)), true
			}
		}
		if a.id == lang.Go && p.Type() == "source_file" && !statementEnd {
			// `func f()` + newline + "{": semicolon insertion ended the
			// declaration; the block is its body, torn off.
			return a.statementHeader(prev), true
		}
		return braceHeader{}, false
	}
	if prev >= 4 && string(a.src[prev-4:prev]) == "else" {
		if kw, ok := a.tokAt(prev - 4); ok && kw.typ == "else" && p.Start() < kw.start {
			// `} else {` in a grammar whose if statement holds its else
			// branch: the header is the keyword, not the whole if.
			return braceHeader{kw.start, a.row(kw.start), p.Type()}, true
		}
	}
	return a.headerAt(p), true
}

// statementHeader is the header of a block whose tree is broken (or, in
// Go, torn by semicolon insertion): the line the code before the brace
// ends on.
func (a *braceAnalysis) statementHeader(prev int) braceHeader {
	r := a.row(prev - 1)
	return braceHeader{a.lines[r], r, ""}
}

// container reports whether p holds w as one statement or member among
// others (a block, a class body, a file, a case's statements), rather
// than as the body of a construct that heads it.
func (a *braceAnalysis) container(p, w, pp syntax.Node) bool {
	if !pp.Valid() || a.bl.container[p.Type()] {
		return true
	}
	first, ok := a.toks.firstOpen[p.Key()]
	return ok && first < w.Start()
}

// ownLineFunction reports K&R's own layout of a C function definition:
// its brace on a line of its own (as in the book and the Linux kernel),
// which K&R code keeps beside the attached form.
func (a *braceAnalysis) ownLineFunction(h braceHeader, open braceTok) bool {
	return a.bl.ownLineFunction[h.typ] && layStartsLine(a.src, open.start)
}

// brokenHeader reports a formatter's layout of a header that does not
// fit on one line with its brace: the brace on a line of its own at the
// header's indentation. rustfmt does it after a `where` clause, a broken
// condition or a control line too long for " {"; clang-format's
// AfterControlStatement: MultiLine and K&R C code such as redis's after a
// broken condition or signature; Prettier after a class header whose
// `extends` breaks. rustfmt's line width is the project's (max_width),
// unknown here; 79 columns, the narrowest in common use, is the reading:
// a shorter line with its brace below is not rustfmt's doing. Java and
// JavaScript blocks follow checkstyle's eol and eslint's 1tbs, which
// report such a brace.
func (a *braceAnalysis) brokenHeader(h braceHeader, prevRow int, open braceTok) bool {
	if prevRow < 0 || !layStartsLine(a.src, open.start) || lineIndent(a.src, open.start) != lineIndent(a.src, h.start) {
		return false
	}
	if (a.bl.brokenHeaders || a.bl.brokenHeader[h.typ]) && h.row < prevRow {
		return true
	}
	if a.id != lang.Rust {
		return false
	}
	if h.row < prevRow {
		return true
	}
	return rustfmtControl[h.typ] && columns(a.src[a.lines[prevRow]:a.prevCode(open.start)])+2 > 79
}

// rustfmtControl are the Rust headers rustfmt breaks before "{" when the
// line is too long.
var rustfmtControl = map[string]bool{"if_expression": true, "else_clause": true, "while_expression": true, "for_expression": true, "loop_expression": true, "match_expression": true}

// columns is the width of a line's text, a tab counting 4 (rustfmt's
// tab_spaces) and a multi-byte character 1.
func columns(b []byte) int {
	n := 0
	for _, r := range string(b) {
		if r == '\t' {
			n += 4
		} else {
			n++
		}
	}
	return n
}

// keyword checks an else/catch/finally keyword against the closing brace
// of the block before it.
func (a *braceAnalysis) keyword(kw braceTok) {
	if a.style == "K&R" {
		return
	}
	k := kw.up(0)
	if !a.bl.continuation[k.Type()] {
		return // `else ->` in a Kotlin when, a method named catch, ...
	}
	p := a.prevCode(kw.start)
	closeTok, ok := a.tokAt(p - 1)
	if p <= 0 || !ok || closeTok.typ != "}" {
		return // no block before it: `if (x) return {x: 1}` + else is a literal's brace
	}
	if a.bl.literal[closeTok.up(0).Type()] || !braceBlockBefore(closeTok, kw) {
		return
	}
	indent := lineIndent(a.src, closeTok.start)
	same := a.row(closeTok.start) == a.row(kw.start)
	switch {
	case a.style == "1TBS" && !same:
		a.add(BraceKeywordApart, kw, indent, fmt.Sprintf("%q should follow the closing brace on the same line (1TBS)", kw.typ))
	case a.style == "Allman" && same:
		a.add(BraceKeywordCuddled, kw, indent, fmt.Sprintf("%q should start its own line, not follow the closing brace (Allman)", kw.typ))
	}
}

// braceBlockBefore reports whether the block closed by closeTok, right
// before the continuation keyword kw, is the body the keyword continues:
// the if's consequence, the try's or a catch's block.
func braceBlockBefore(closeTok, kw braceTok) bool {
	blk, bp, bpp := closeTok.up(0), closeTok.up(1), closeTok.up(2)
	k, kp := kw.up(0), kw.up(1)
	switch {
	case sameNode(blk, kp), sameNode(bp, k), sameNode(bp, kp):
		return true
	case sameNode(bpp, kp):
		// A catch clause's body before the next catch or finally.
		t := bp.Type()
		return strings.Contains(t, "catch") || strings.Contains(t, "try")
	}
	return false
}

func sameNode(a, b syntax.Node) bool {
	return a.Valid() && b.Valid() && a.Key() == b.Key()
}

func lineIndent(src []byte, off int) string {
	s := off
	for s > 0 && src[s-1] != '\n' {
		s--
	}
	e := s
	for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
		e++
	}
	return string(src[s:e])
}
