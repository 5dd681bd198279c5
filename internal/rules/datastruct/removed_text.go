package datastruct

// What the evaluator's remove_comments drops: every token Pygments calls
// a Comment. Located from the tree-sitter parse plus the lexical rules
// where Pygments' idea of a comment differs: C/C++ preprocessor lines and
// #if 0 blocks, Rust attributes and macro variables (wider), Rust doc
// comments (narrower: strings to Pygments).

import (
	"bytes"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// commentRemoval says which bytes Pygments drops for a comment node.
func commentRemoval(id lang.ID, n syntax.Node, src []byte) (check.Span, bool) {
	sp := check.Span{Start: n.Start(), End: n.End()}
	text := src[sp.Start:sp.End]
	line := bytes.HasPrefix(text, []byte("//"))
	if id == lang.Rust {
		// Doc comments are String.Doc to Pygments' Rust lexer: kept.
		switch {
		case bytes.HasPrefix(text, []byte("//!")), bytes.HasPrefix(text, []byte("/*!")):
			return sp, false
		case bytes.HasPrefix(text, []byte("///")) && (len(text) == 3 || text[3] != '/'):
			return sp, false
		case bytes.HasPrefix(text, []byte("/**")) && (len(text) == 3 || (text[3] != '/' && text[3] != '*')):
			return sp, false
		}
	}
	// The C++ and Rust lexers' line-comment tokens include the newline.
	if line && (id == lang.CPP || id == lang.Rust) && sp.End < len(src) && src[sp.End] == '\n' {
		sp.End++
	}
	return sp, true
}

// minusStrings returns sp without the string literals inside n.
func minusStrings(n syntax.Node, sp check.Span) []check.Span {
	var out []check.Span
	cur := sp.Start
	for _, s := range n.Find("string_literal") {
		if s.Start() > cur {
			out = append(out, check.Span{Start: cur, End: s.Start()})
		}
		if s.End() > cur {
			cur = s.End()
		}
	}
	if cur < sp.End {
		out = append(out, check.Span{Start: cur, End: sp.End})
	}
	return out
}

// cppDirectives finds preprocessor lines, which Pygments' C++ lexer
// classifies as Comment.Preproc: from '#' through the end of the
// directive (backslash continuations and /* */ comments included), and
// "#if 0" blocks through their matching #else/#elif/#endif.
func cppDirectives(src []byte, protected []check.Span) []check.Span {
	var out []check.Span
	for i := 0; i < len(src); {
		j := i
		for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\f' || src[j] == '\v' || src[j] == '\r') {
			j++
		}
		if j < len(src) && src[j] == '#' && !inside(protected, j) {
			var end int
			if isIf0(src[j:]) {
				end = cppIf0End(src, j)
			} else {
				end = cppMacroEnd(src, j)
			}
			out = append(out, check.Span{Start: j, End: end})
			i = end
			if i > 0 && src[i-1] != '\n' {
				i = nextLine(src, i)
			}
			continue
		}
		i = nextLine(src, i)
	}
	return out
}

func isIf0(s []byte) bool {
	if !bytes.HasPrefix(s, []byte("#if")) {
		return false
	}
	s = s[3:]
	k := 0
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	return k > 0 && k < len(s) && s[k] == '0'
}

func nextLine(src []byte, i int) int {
	if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
		return i + k + 1
	}
	return len(src)
}

// cppMacroEnd follows Pygments' "macro" state from the '#' at i.
func cppMacroEnd(src []byte, i int) int {
	for i < len(src) {
		switch {
		case bytes.HasPrefix(src[i:], []byte("/*")):
			k := bytes.Index(src[i+2:], []byte("*/"))
			if k < 0 {
				// An unterminated /* is not a comment in the macro state;
				// the '/' is preprocessor text and the line goes on.
				i++
				continue
			}
			i += k + 4
		case bytes.HasPrefix(src[i:], []byte("//")):
			return nextLine(src, i)
		case src[i] == '\n':
			if i > 0 && src[i-1] == '\\' {
				i++
				continue
			}
			return i + 1
		default:
			i++
		}
	}
	return len(src)
}

// cppIf0End follows Pygments' "if0" state: nested #if push, #else/#elif
// and #endif pop, everything else is comment.
func cppIf0End(src []byte, i int) int {
	depth := 1
	i = nextLine(src, i)
	for i < len(src) && depth > 0 {
		line := bytes.TrimLeft(src[i:nextLine(src, i)], " \t\r\f\v")
		switch {
		case bytes.HasPrefix(line, []byte("#if")):
			depth++
		case bytes.HasPrefix(line, []byte("#else")), bytes.HasPrefix(line, []byte("#elif")), bytes.HasPrefix(line, []byte("#endif")):
			depth--
		}
		i = nextLine(src, i)
	}
	return i
}

// rustMacroVars finds "$name", "$(" and friends outside strings and
// comments, which Pygments' Rust lexer calls Comment.Preproc.
func rustMacroVars(src []byte, protected []check.Span) []check.Span {
	var out []check.Span
	for i := bytes.IndexByte(src, '$'); i >= 0; {
		if !inside(protected, i) {
			j := i + 1
			switch {
			case j < len(src) && (src[j] == '_' || isLetter(src[j])):
				for j < len(src) && (src[j] == '_' || isLetter(src[j]) || (src[j] >= '0' && src[j] <= '9')) {
					j++
				}
			case j < len(src) && (src[j] == '(' || src[j] == ')'):
				j++
				if j < len(src) && src[j] == ',' {
					j++
				}
			case j < len(src) && src[j] == ',':
				j++
			}
			out = append(out, check.Span{Start: i, End: j})
		}
		k := bytes.IndexByte(src[i+1:], '$')
		if k < 0 {
			break
		}
		i += k + 1
	}
	return out
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// inside reports whether offset p lies inside one of the sorted,
// non-overlapping spans.
func inside(spans []check.Span, p int) bool {
	k := sort.Search(len(spans), func(i int) bool { return spans[i].Start > p }) - 1
	return k >= 0 && p < spans[k].End
}

// isRemoved reports whether sp lies entirely within dropped text.
func (a *analysis) isRemoved(sp check.Span) bool {
	k := sort.Search(len(a.removed), func(i int) bool { return a.removed[i].End > sp.Start })
	return k < len(a.removed) && a.removed[k].Start <= sp.Start && sp.End <= a.removed[k].End
}

// code returns the source as the evaluator sees it after remove_comments.
func (a *analysis) code() []byte {
	if a.stripped != nil || len(a.removed) == 0 {
		if a.stripped == nil {
			a.stripped = a.src
		}
		return a.stripped
	}
	b := make([]byte, 0, len(a.src))
	cur := 0
	for _, r := range a.removed {
		b = append(b, a.src[cur:r.Start]...)
		cur = r.End
	}
	a.stripped = append(b, a.src[cur:]...)
	return a.stripped
}

// strippedOffset maps an offset of src (outside removed text) to the
// stripped code.
func (a *analysis) strippedOffset(p int) int {
	if a.gone == nil {
		a.gone = make([]int, len(a.removed)+1)
		for i, r := range a.removed {
			a.gone[i+1] = a.gone[i] + r.End - r.Start
		}
	}
	k := sort.Search(len(a.removed), func(i int) bool { return a.removed[i].Start >= p })
	// removed[:k] start before p; only removed[k-1] can contain p.
	g := a.gone[k]
	if k > 0 && a.removed[k-1].End > p {
		g -= a.removed[k-1].End - p
	}
	return p - g
}
