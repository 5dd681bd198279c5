package braces

// The edits that move one brace or keyword: each replaces only the
// blanks between the flagged token and its neighbour, so no code moves
// from one statement to another (a block without a header is never
// reported, so never joined to the statement before it).

import (
	"bytes"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/srclines"
)

// problemEdits returns the edits fixing one problem alone, or why it is
// refused; nl is the file's line break. Every edit replaces blanks next
// to the flagged token with blanks.
func problemEdits(src []byte, c constraint.Constraint, nl string, p Problem) (check.Edits, string) {
	switch p.Kind {
	case OpenOwnLine:
		if !blankSpan(src, p.Gap, p.At) {
			return nil, "a comment sits between the block header and the brace"
		}
		if p.Gap == 0 || bytes.IndexByte(src[p.Gap:p.At], '\n') < 0 {
			return nil, "no block header on an earlier line to move the brace to"
		}
		if preprocessorLine(src, p.Gap-1) {
			return nil, "a preprocessor line precedes the brace; joining them would put the brace into the directive"
		}
		es := check.Edits{{Start: p.Gap, End: p.At, New: " "}}
		if codeAfterOnLine(src, p.End, p.Next) && !oneLineBlockAt(src, p) {
			in, ok := bodyIndent(src, p.Next, p.Indent)
			if !ok {
				return nil, "code follows the brace on its line and the block's indentation cannot be told; splitting the block body is not done"
			}
			es = append(es, check.Edit{Start: p.End, End: p.Next, New: nl + in})
		}
		return es, ""
	case OpenOnHeader:
		if c.Lang == lang.Go {
			return nil, "Go's syntax forbids Allman: a \"{\" on its own line ends the statement before it"
		}
		if !blankSpan(src, p.Gap, p.At) {
			return nil, "a comment sits between the block header and the brace"
		}
		if p.Next < len(src) && src[p.Next] == '}' && blankSpan(src, p.End, p.Next) && bytes.IndexByte(src[p.End:p.Next], '\n') < 0 {
			// `{ }`: Allman lets the empty "{}" stay on its header's line.
			return check.Edits{{Start: p.End, End: p.Next, New: ""}}, ""
		}
		es := check.Edits{{Start: p.Gap, End: p.At, New: nl + p.Indent}}
		if codeAfterOnLine(src, p.End, p.Next) {
			if oneLineBlockAt(src, p) {
				return nil, "the block is written on one line; putting its brace on a line of its own means splitting its body over lines, which is not done"
			}
			in, ok := bodyIndent(src, p.Next, p.Indent)
			if !ok {
				return nil, "code follows the brace on its line and the block's indentation cannot be told; splitting the block body is not done"
			}
			es = append(es, check.Edit{Start: p.End, End: p.Next, New: nl + in})
		}
		return es, ""
	case CodeAfterOpen:
		in, ok := bodyIndent(src, p.Next, p.Indent)
		if !ok {
			return nil, "the block's indentation cannot be told from its other lines; splitting the block body is not done"
		}
		return check.Edits{{Start: p.End, End: p.Next, New: nl + in}}, ""
	case CodeBeforeClose:
		s := p.At
		for s > p.Gap && (src[s-1] == ' ' || src[s-1] == '\t') {
			s--
		}
		return check.Edits{{Start: s, End: p.At, New: nl + p.Indent}}, ""
	case KeywordApart:
		if !blankSpan(src, p.Gap, p.At) {
			return nil, "a comment sits between \"}\" and the keyword"
		}
		if preprocessorBetween(src, p.Gap, p.At) {
			return nil, "a preprocessor line sits between \"}\" and the keyword"
		}
		return check.Edits{{Start: p.Gap, End: p.At, New: " "}}, ""
	case KeywordCuddled:
		if !blankSpan(src, p.Gap, p.At) {
			return nil, "a comment sits between \"}\" and the keyword"
		}
		return check.Edits{{Start: p.Gap, End: p.At, New: nl + p.Indent}}, ""
	}
	return nil, "no automatic fix for this brace placement"
}

// blankSpan reports whether src[s:e] is only blanks and line breaks.
func blankSpan(src []byte, s, e int) bool {
	for _, b := range src[s:e] {
		if !isWS(b) {
			return false
		}
	}
	return true
}

// codeAfterOnLine reports whether the code token at next (after the
// blanks from end) is on the same line.
func codeAfterOnLine(src []byte, end, next int) bool {
	return next < len(src) && next > end-1 && bytes.IndexByte(src[end:next], '\n') < 0 && blankSpan(src, end, next)
}

// oneLineBlockAt reports whether the block opened by the brace of p
// closes on the brace's line: its "{" and "}" balance before the line
// ends (strings and comments are beyond this check's care, so a false
// answer only makes the fix split or refuse).
func oneLineBlockAt(src []byte, p Problem) bool {
	depth := 0
	for i := p.At; i < len(src) && src[i] != '\n'; i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// bodyIndent is the indentation of the block's body: that of the first
// line after the one holding off, if it is deeper than the header's.
func bodyIndent(src []byte, off int, header string) (string, bool) {
	nl := bytes.IndexByte(src[off:], '\n')
	if nl < 0 {
		return "", false
	}
	next := off + nl + 1
	in := srclines.Indent(src, next)
	if len(in) <= len(header) || in[:len(header)] != header || next+len(in) >= len(src) || src[next+len(in)] == '\n' {
		return "", false
	}
	return in, true
}

func preprocessorLine(src []byte, off int) bool {
	return bytes.HasPrefix(bytes.TrimLeft(src[srclines.LineStart(src, off):off+1], " \t"), []byte("#"))
}

func preprocessorBetween(src []byte, s, e int) bool {
	for _, l := range bytes.Split(src[s:e], []byte("\n")) {
		if bytes.HasPrefix(bytes.TrimLeft(l, " \t"), []byte("#")) {
			return true
		}
	}
	return false
}

func isWS(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }
