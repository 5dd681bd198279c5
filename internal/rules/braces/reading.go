package braces

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// The lint profile's reading of brace_block_formatting, on the syntax
// tree. A brace style governs the braces of blocks that follow a header
// (a declaration, a control statement, a function or lambda, a class, a
// Java or C# case label, else/catch/finally):
//
//   - K&R and 1TBS: the opening brace ends the header's line (the code
//     before it is on its line), with the layouts formatters and K&R
//     itself give some headers (headers.go): C's own-line function
//     brace; after a header that spans lines, in C, C++ and Rust (and a
//     JavaScript class whose `extends` breaks), a brace on a line of its
//     own at the header's indentation; in Rust also after a control line
//     too long for " {".
//   - Allman: the opening brace starts a line of its own. "{}" on the
//     header's line is accepted (checkstyle's `nl` reading), as are C#'s
//     one-line accessor lists and bodies.
//   - Every style: a block that spans lines starts its body on the line
//     after "{" and ends it on the line before "}"; a block written on one
//     line is fine (`if (x) { return; }`, as gofmt and rustfmt keep it).
//     Enum bodies are value lists and exempt.
//   - 1TBS: else/catch/finally stand on the closing brace's line;
//     Allman: on a line of their own. K&R says nothing about them.
//
// Blocks without a header (a bare `{ }` block, a Java instance
// initializer, Rust's `#[cfg(x)] { }`, a block after a label or a
// Go/C/JavaScript case label, a block passed as an argument) are
// statements or values of their own: no style says where they start, so
// they are never reported. Literals (literals.go) are values, not
// blocks, and never hide the block brace after them on the same line.
// Braces inside code that does not parse are not judged; the verdict
// counts them.

// Kind says which placement a Problem breaks; the fix chooses its edit
// by it (fix_edits.go).
type Kind int

const (
	// BraceOpenOwnLine: K&R/1TBS, an opening brace is not on its
	// header's line.
	OpenOwnLine Kind = iota + 1
	// BraceOpenOnHeader: Allman, an opening brace shares the header's
	// line.
	OpenOnHeader
	// BraceCodeAfterOpen: the body of a multi-line block starts on the
	// opening brace's line.
	CodeAfterOpen
	// BraceCodeBeforeClose: the body of a multi-line block ends on the
	// closing brace's line.
	CodeBeforeClose
	// BraceKeywordApart: 1TBS, else/catch/finally is not on the closing
	// brace's line.
	KeywordApart
	// BraceKeywordCuddled: Allman, else/catch/finally follows the closing
	// brace on its line.
	KeywordCuddled
)

// Problem is one brace placement the lint profile reports. At/End is
// the misplaced token ("{", "}" or the keyword); Gap is the end of the
// code token before it (comments skipped) and Next the start of the code
// token after it: a fix edits only the blanks in Gap..At or End..Next.
type Problem struct {
	Kind      Kind
	At, End   int
	Gap, Next int
	// Indent is the indentation of the line the header starts on (for a
	// keyword: of the closing brace's line), which a brace or keyword
	// moved onto a line of its own takes.
	Indent  string
	Message string
}

// errNoTree reports a language the tree reading does not cover.
var errNoTree = errors.New("no syntax-tree reading of braces")

// Problems lists every brace placement in u that breaks c's style, in
// source order, with no cap: the lint profile's reading, exported for
// benchmark/peers/braces (the rule and its fix use read directly).
func Problems(u *check.Unit, c constraint.Constraint) ([]Problem, error) {
	a, err := read(u, c)
	if err != nil {
		return nil, err
	}
	return a.out, nil
}

// read reads u's braces: its out are the Problems, and it
// counts the braces it judged and those it could not judge because the
// tree around them is broken.
func read(u *check.Unit, c constraint.Constraint) (*reading, error) {
	bl := languages[c.Lang]
	if bl == nil {
		return nil, fmt.Errorf("%s: %w", c.Lang, errNoTree)
	}
	t, err := treeOf(u, c.Lang)
	if err != nil {
		return nil, fmt.Errorf("cannot parse as %s: %w", c.Lang, err)
	}
	m := work.Of(u)
	toks := u.Memo("braces.tokens."+string(c.Lang), func() any {
		m.Add(len(u.Src)) // the token query's pass over the tree
		return tokensOf(t.Root(), c.Lang, bl, m)
	}).(*tokens)
	a := &reading{src: u.Src, id: c.Lang, bl: bl, style: c.Name, toks: toks, lines: u.LineStarts(), m: m}
	a.problems()
	return a, nil
}

// treeOf is the tree the braces are read from: a .tsx file's from the
// TSX grammar (the TypeScript grammar reads its JSX as errors and its
// `{expr}` as blocks: zustand's `return <div>{map.get('foo')}</div>` was
// "code precedes the closing brace"), else the language's.
func treeOf(u *check.Unit, id lang.ID) (*syntax.Tree, error) {
	if id == lang.TypeScript && strings.HasSuffix(strings.ToLower(u.Path), ".tsx") {
		return u.Tree(syntax.TSX)
	}
	return u.Tree(id)
}

func treeLanguage(id lang.ID) bool { return languages[id] != nil }

type reading struct {
	src   []byte
	id    lang.ID
	bl    *language
	style string
	toks  *tokens
	lines []int
	m     *work.Meter // charged per token read and byte scanned
	out   []Problem
	// unjudged counts the block braces inside unparsable code; judged
	// the block braces and continuation keywords the style governs.
	unjudged, judged int
}

func (a *reading) problems() []Problem {
	for _, t := range a.toks.list {
		a.m.Add(1)
		switch t.typ {
		case "{":
			a.block(t)
		case "else", "catch", "finally":
			a.keyword(t)
		}
	}
	// Problems are found per opening brace, so a closing brace's or a
	// keyword's can come out of order.
	a.m.Add(len(a.out) * (1 + work.Log(len(a.out))))
	slices.SortStableFunc(a.out, func(x, y Problem) int { return cmp.Compare(x.At, y.At) })
	return a.out
}

func (a *reading) add(kind Kind, t token, indent, msg string) {
	gap := max(a.prevCode(t.start), 0)
	a.out = append(a.out, Problem{Kind: kind, At: t.start, End: t.end, Gap: gap, Next: a.nextCode(t.end), Indent: indent, Message: msg})
}

// block checks the block whose opening brace is open.
func (a *reading) block(open token) {
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
	a.judged++
	var closeTok token
	ci, hasClose := a.toks.lastClose[b.Key()]
	if hasClose {
		closeTok = a.toks.list[ci]
		hasClose = closeTok.start > open.start
	}
	indent := a.lineIndent(h.start)
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
			a.add(OpenOnHeader, open, indent, msg)
			reported = true
		}
	default:
		if prevRow >= 0 && prevRow < openRow && !a.brokenHeader(h, prevRow, open) && !a.ownLineFunction(h, open) && !a.commentKeepsApart(prev, open.start) {
			a.add(OpenOwnLine, open, indent, fmt.Sprintf("opening brace on its own line; %s puts it at the end of the block header", a.style))
			reported = true
		}
	}
	if !multi || a.bl.valueList[bt] {
		return
	}
	if n := a.nextCode(open.end); !reported && n < closeTok.start && a.row(n) == openRow {
		a.add(CodeAfterOpen, open, indent, "code follows the opening brace of a multi-line block; the block's body starts on the next line")
	}
	if q := a.prevCode(closeTok.start); q > open.end && a.row(q-1) == a.row(closeTok.start) {
		a.add(CodeBeforeClose, closeTok, indent, "code precedes the closing brace of a multi-line block; the closing brace starts its own line")
	}
}

// keyword checks an else/catch/finally keyword against the closing brace
// of the block before it.
func (a *reading) keyword(kw token) {
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
	if a.bl.literal[closeTok.up(0).Type()] || !blockBefore(closeTok, kw) {
		return
	}
	a.judged++
	indent := a.lineIndent(closeTok.start)
	same := a.row(closeTok.start) == a.row(kw.start)
	switch {
	case a.style == "1TBS" && !same && !a.commentKeepsApart(p, kw.start):
		a.add(KeywordApart, kw, indent, fmt.Sprintf("%q should follow the closing brace on the same line (1TBS)", kw.typ))
	case a.style == "Allman" && same:
		a.add(KeywordCuddled, kw, indent, fmt.Sprintf("%q should start its own line, not follow the closing brace (Allman)", kw.typ))
	}
}

// braceBlockBefore reports whether the block closed by closeTok, right
// before the continuation keyword kw, is the body the keyword continues:
// the if's consequence, the try's or a catch's block.
func blockBefore(closeTok, kw token) bool {
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

// lineIndent is the indentation of off's line, found from the line
// starts: scanning back to the line's start for every brace was
// quadratic in a long line's braces.
func (a *reading) lineIndent(off int) string {
	s := a.lines[a.row(off)]
	e := s
	for e < len(a.src) && (a.src[e] == ' ' || a.src[e] == '\t') {
		e++
	}
	a.m.Add(1 + e - s)
	return string(a.src[s:e])
}

// commentKeepsApart reports, in C, C++ and Rust, a comment between the
// end of the code before a brace or keyword (from) and the brace or
// keyword (to) that ends a line: clang-format, whatever its style, does
// not join a line to a `// comment` (`if (full)  // overrun\n{`, `}\n//
// else branch\nelse {`), so it keeps the brace or keyword where it is
// (on spdlog, BasedOnStyle Google, 16 of 56 findings were such lines);
// rustfmt leaves such an if-else as written (cargo's `}` / `// ...` /
// `else {`); prettier keeps `}` / `// inject` / `else if` as written (7
// of vuejs/core's 11 init findings), and eslint's brace-style, which
// reports it, has no fix for it.
func (a *reading) commentKeepsApart(from, to int) bool {
	if (a.id != lang.C && a.id != lang.CPP && a.id != lang.Rust && a.id != lang.JavaScript && a.id != lang.TypeScript) || from < 0 || to <= from {
		return false
	}
	gap := a.src[from:to]
	return bytes.Contains(gap, []byte("//")) || bytes.Contains(gap, []byte("*/\n"))
}
