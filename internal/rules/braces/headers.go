package braces

import (
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/syntax"
)

// Which header, if any, a block's brace belongs to, and the layouts of
// a header that a language's formatter or K&R itself put differently.

// braceHeader is where the header of a block starts, and the node type
// of the construct ("" where the tree is broken).
type header struct {
	start, row int
	typ        string
}

func (a *reading) headerAt(n syntax.Node) header {
	return header{n.Start(), a.row(n.Start()), n.Type()}
}

// header finds the header of the block open opens, or reports that the
// block has none.
func (a *reading) header(open token) (header, bool) {
	b := open.up(0)
	if b.IsError() {
		a.unjudged++ // see the broken parse case below
		return header{}, false
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
		return header{}, false
	case p.IsError():
		// A broken parse (C++ read as C, a macro the grammar cannot
		// follow): which construct the brace belongs to is unknown, so it
		// is not judged, and the verdict says how many were not.
		a.unjudged++
		return header{}, false
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
		return header{}, false
	}
	if prev >= 4 && string(a.src[prev-4:prev]) == "else" {
		if kw, ok := a.tokAt(prev - 4); ok && kw.typ == "else" && p.Start() < kw.start {
			// `} else {` in a grammar whose if statement holds its else
			// branch: the header is the keyword, not the whole if.
			return header{kw.start, a.row(kw.start), p.Type()}, true
		}
	}
	return a.headerAt(p), true
}

// statementHeader is the header of a block whose tree is broken (or, in
// Go, torn by semicolon insertion): the line the code before the brace
// ends on.
func (a *reading) statementHeader(prev int) header {
	r := a.row(prev - 1)
	return header{a.lines[r], r, ""}
}

// container reports whether p holds w as one statement or member among
// others (a block, a class body, a file, a case's statements), rather
// than as the body of a construct that heads it.
func (a *reading) container(p, w, pp syntax.Node) bool {
	if !pp.Valid() || a.bl.container[p.Type()] {
		return true
	}
	first, ok := a.toks.firstOpen[p.Key()]
	return ok && first < w.Start()
}

// ownLineFunction reports K&R's own layout of a C function definition:
// its brace on a line of its own (as in the book and the Linux kernel),
// which K&R code keeps beside the attached form.
func (a *reading) ownLineFunction(h header, open token) bool {
	return a.bl.ownLineFunction[h.typ] && layoutview.StartsLine(a.src, open.start)
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
func (a *reading) brokenHeader(h header, prevRow int, open token) bool {
	if prevRow < 0 || !layoutview.StartsLine(a.src, open.start) || a.lineIndent(open.start) != a.lineIndent(h.start) {
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
	line := a.src[a.lines[prevRow]:a.prevCode(open.start)]
	a.m.Add(len(line))
	return rustfmtControl[h.typ] && columns(line)+2 > 79
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
