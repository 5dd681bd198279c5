package pycodestyle

// The block structure of a file as the tokenizer sees it, for the
// re-indentation fix (internal/rules/layout, fix_reindent.go): which
// physical lines start a statement and at which depth of open blocks
// (INDENT/DEDENT, as CPython's Tools/scripts/reindent.py reads them),
// which are comments on their own, which continue a statement (inside
// brackets or after a backslash) and from which bracket, and which start
// inside a string, whose blanks are the string's text.

import (
	"errors"
	"strings"
)

// Role is what a physical line is to the re-indentation.
type Role uint8

const (
	RoleBlank        Role = iota // only blanks (or nothing the tokenizer reads)
	RoleStatement                // the first line of a logical line
	RoleComment                  // a comment alone on its line, outside brackets
	RoleContinuation             // a later line of a logical line, starting with a token
	RoleString                   // starts inside a multi-line string
)

// LineInfo is one physical line's place in the structure.
type LineInfo struct {
	Role Role
	// Level is a statement's depth of open blocks (0: module level).
	Level int
	// Stmt is the 0-based row of the statement a continuation or
	// string line belongs to.
	Stmt int
	// Bracket, for a continuation line, is the byte offset of the
	// innermost bracket open at its start (-1: continued by a
	// backslash); Hanging says nothing follows that bracket on its line
	// (a hanging indent, else a visual one aligned with Visual, the
	// offset of the token after the bracket). Closer: the line starts
	// with a closing bracket.
	Bracket, Visual int
	Hanging, Closer bool
	// Opens marks a statement whose logical line ends with ":" (a block
	// follows).
	Opens bool
	// Doc marks a string line of a statement that is nothing but
	// strings (a docstring, or a bare string the compiler drops): its
	// text is documentation, not data the program reads.
	Doc bool
}

// Structure returns the role of every physical line of the checked
// file. It needs a file that tokenized (Check returned no error).
func (c *Checker) Structure() []LineInfo {
	out := make([]LineInfo, len(c.lines))
	seen := make([]bool, len(c.lines))
	level, stmt := 0, -1
	atStart := true
	type open struct {
		off, visual int
		hanging     bool
	}
	var brackets []open
	var logical []int // rows of the current logical line's string lines
	onlyStrings := true
	last := ""
	for i, t := range c.toks {
		c.meter.Add(1)
		switch t.typ {
		case tokIndent:
			level++
			continue
		case tokDedent:
			level--
			continue
		case tokEndmarker:
			continue
		}
		row := t.start.Row - 1
		if row >= len(out) {
			continue
		}
		if !seen[row] {
			seen[row] = true
			switch {
			case t.typ == tokNL || t.typ == tokNewline:
				// a blank line, or one the tokenizer reads nothing on
			case atStart && len(brackets) == 0 && t.typ == tokComment:
				out[row] = LineInfo{Role: RoleComment, Level: -1}
			case atStart && len(brackets) == 0:
				out[row] = LineInfo{Role: RoleStatement, Level: level}
				stmt, atStart, onlyStrings, logical = row, false, true, logical[:0]
			default:
				li := LineInfo{Role: RoleContinuation, Stmt: stmt, Bracket: -1, Visual: -1}
				if n := len(brackets); n > 0 {
					b := brackets[n-1]
					li.Bracket, li.Visual, li.Hanging = b.off, b.visual, b.hanging
				}
				li.Closer = t.typ == tokOp && strings.Contains(")]}", t.text)
				out[row] = li
			}
		}
		switch t.typ {
		case tokString:
			for r := row + 1; r <= t.end.Row-1 && r < len(out); r++ {
				seen[r] = true
				out[r] = LineInfo{Role: RoleString, Stmt: stmt}
				logical = append(logical, r)
			}
		case tokComment, tokNL:
		case tokNewline:
			if last == ":" && stmt >= 0 {
				out[stmt].Opens = true
			}
			if onlyStrings {
				for _, r := range logical {
					out[r].Doc = true
				}
			}
			atStart, logical = true, logical[:0]
		default:
			onlyStrings = false
		}
		if t.typ != tokComment && t.typ != tokNL && t.typ != tokNewline {
			last = t.text
		}
		if t.typ == tokOp {
			switch {
			case strings.Contains("([{", t.text):
				b := open{off: t.off, visual: -1, hanging: true}
				if n := i + 1; n < len(c.toks) {
					nx := c.toks[n]
					if nx.start.Row == t.start.Row && nx.typ != tokNL && nx.typ != tokComment && nx.typ != tokNewline {
						b.visual, b.hanging = nx.off, false
					}
				}
				brackets = append(brackets, b)
			case strings.Contains(")]}", t.text) && len(brackets) > 0:
				brackets = brackets[:len(brackets)-1]
			}
		}
	}
	return out
}

// RowStart is the byte offset where row (0-based) starts.
func (c *Checker) RowStart(row int) int { return c.rowStart[row] }

// IndentationError is the first row (1-based) where Python would raise
// an IndentationError, and its message; 0 when there is none or the
// file does not tokenize for another reason (the parser's business). The
// tokenizer's dedent to no outer level, an indented statement after a
// line that opens no block ("unexpected indent") and a block opener
// followed by no indented statement ("expected an indented block"):
// what a whitespace change can break, and tree-sitter, recovering,
// often does not show.
func IndentationError(src []byte) (int, string) {
	c, err := Check(src, 4, nil)
	var de *DedentError
	if errors.As(err, &de) {
		return de.Row, de.Error()
	}
	if err != nil {
		return 0, ""
	}
	infos := c.Structure()
	prev := -1
	for r, in := range infos {
		if in.Role != RoleStatement {
			continue
		}
		if prev >= 0 {
			p := infos[prev]
			switch {
			case p.Opens && in.Level != p.Level+1:
				return r + 1, "expected an indented block"
			case !p.Opens && in.Level > p.Level:
				return r + 1, "unexpected indent"
			}
		} else if in.Level > 0 {
			return r + 1, "unexpected indent"
		}
		prev = r
	}
	return 0, ""
}
