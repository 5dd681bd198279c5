package check

// Shared machinery of the two layout rules (indentation_spacing and
// brace_block_formatting). The reference evaluator strips comments (and,
// for indentation, strings) with Pygments and then works line by line with
// regular expressions. We strip the same spans using tree-sitter nodes,
// adjusted where Pygments' token boundaries differ from tree-sitter's in a
// way that changes lines:
//
//   - C, C++ and Rust line comments swallow their newline in Pygments, so
//     removing one joins the next line onto the comment's line;
//   - C/C++ preprocessor directive lines are Pygments comments (newline
//     included), and "#if 0" blocks are comments up to their #else/#endif;
//   - Rust doc comments (///, //!, /** */, /*! */) are Pygments strings,
//     not comments, and attributes (#[...]) are comments;
//   - interpolated expressions in Python f-strings, JavaScript template
//     literals and Kotlin string templates are code, not string.

import (
	"bytes"
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// layoutSpans are the source ranges Pygments classifies as comment and as
// string for one unit and language.
type layoutSpans struct {
	comments []span
	strings  []span
	// literals are string-like spans whatever Pygments says (used by the
	// lint profile to ignore braces inside literals).
	literals []span
}

// layoutView is the source as the evaluator sees it after removal: text,
// with CR and CRLF folded to LF as Pygments does, and a map back to source
// offsets.
type layoutView struct {
	text []byte
	// segs maps text to source: text[seg.t+k] comes from src[seg.s+k] up
	// to the next seg.
	segs []layViewSeg
	size int // len(source)
}

type layViewSeg struct{ t, s int }

// srcOff maps a text offset to the source offset it was copied from.
func (v *layoutView) srcOff(i int) int {
	if len(v.segs) == 0 {
		return 0
	}
	k := sort.Search(len(v.segs), func(j int) bool { return v.segs[j].t > i }) - 1
	if k < 0 {
		k = 0
	}
	off := v.segs[k].s + (i - v.segs[k].t)
	if off > v.size {
		off = v.size
	}
	return off
}

// srcRange maps the text range [a,b) to a source range covering it.
func (v *layoutView) srcRange(a, b int) (int, int) {
	if b <= a {
		s := v.srcOff(a)
		return s, s
	}
	return v.srcOff(a), min(v.srcOff(b-1)+1, v.size)
}

var layQueries = map[lang.ID]string{
	lang.Python:     `[(comment) @c (string) @s]`,
	lang.JavaScript: `[(comment) @c (string) @s (template_string) @s (regex) @s]`,
	lang.TypeScript: `[(comment) @c (string) @s (template_string) @s (regex) @s]`,
	lang.Go:         `[(comment) @c (interpreted_string_literal) @s (raw_string_literal) @s (rune_literal) @s]`,
	lang.Java:       `[(line_comment) @c (block_comment) @c (string_literal) @s (character_literal) @s]`,
	lang.Kotlin:     `[(line_comment) @c (multiline_comment) @c (string_literal) @s (character_literal) @s]`,
	lang.Rust:       `[(line_comment) @c (block_comment) @c (attribute_item) @a (inner_attribute_item) @a (string_literal) @s (raw_string_literal) @s (char_literal) @s]`,
	lang.C:          `[(comment) @c (string_literal) @s (char_literal) @s]`,
	lang.CPP:        `[(comment) @c (string_literal) @s (char_literal) @s (raw_string_literal) @s]`,
}

// layHoleTypes are the nodes inside a string whose text Pygments lexes as
// code, with how many delimiter bytes at each end still count as string.
var layHoleTypes = map[lang.ID]map[string][2]int{
	lang.Python:     {"interpolation": {1, 0}},
	lang.JavaScript: {"template_substitution": {2, 1}},
	lang.TypeScript: {"template_substitution": {2, 1}},
	lang.Kotlin:     {"interpolated_identifier": {0, 0}, "interpolated_expression": {0, 0}},
}

// laySpansFor computes (once per unit and language) the comment and string
// spans of the source.
func laySpansFor(u *Unit, id lang.ID) (*layoutSpans, error) {
	return memoErr(u, "layout.spans."+string(id), func() (*layoutSpans, error) {
		t, err := u.Tree(id)
		if err != nil {
			return nil, err
		}
		return layComputeSpans(t.Root(), u.Src, id)
	})
}

func layComputeSpans(root syntax.Node, src []byte, id lang.ID) (*layoutSpans, error) {
	sp := &layoutSpans{}
	var attrs []syntax.Node
	if pattern, ok := layQueries[id]; ok {
		q, err := syntax.CompileQuery(id, pattern)
		if err != nil {
			return nil, err
		}
		for _, c := range q.Captures(root) {
			switch c.Name {
			case "c":
				layAddComment(sp, c.Node, src, id)
			case "s":
				layAddString(sp, c.Node, src, id)
			case "a":
				attrs = append(attrs, c.Node)
			}
		}
	} else {
		// Languages the evaluator data never uses: classify by node name.
		root.Walk(func(n syntax.Node) bool {
			t := n.Type()
			switch {
			case layContainsFold(t, "comment"):
				sp.comments = append(sp.comments, span{n.Start(), n.End()})
				return false
			case n.IsNamed() && (layContainsFold(t, "string") || layContainsFold(t, "char")) && n.ChildCount() > 0:
				sp.strings = append(sp.strings, span{n.Start(), n.End()})
				sp.literals = append(sp.literals, span{n.Start(), n.End()})
				return false
			}
			return true
		})
	}
	// Rust attributes are Pygments comments, except the strings inside
	// them, which stay strings.
	if len(attrs) > 0 {
		strs := append([]span(nil), sp.strings...)
		sort.Slice(strs, func(i, j int) bool { return strs[i].start < strs[j].start })
		for _, a := range attrs {
			var inner []span
			k := sort.Search(len(strs), func(j int) bool { return strs[j].start >= a.Start() })
			for ; k < len(strs) && strs[k].start < a.End(); k++ {
				if strs[k].end <= a.End() {
					inner = append(inner, strs[k])
				}
			}
			sp.comments = append(sp.comments, laySubtract(span{a.Start(), a.End()}, inner)...)
		}
	}
	if id == lang.C || id == lang.CPP {
		sp.comments = append(sp.comments, layPreproc(src, sp)...)
	}
	for _, set := range [][]span{sp.comments, sp.strings, sp.literals} {
		for i := range set {
			set[i].start = max(0, min(set[i].start, len(src)))
			set[i].end = max(set[i].start, min(set[i].end, len(src)))
		}
	}
	return sp, nil
}

func layContainsFold(s, sub string) bool {
	return bytes.Contains(bytes.ToLower([]byte(s)), []byte(sub))
}

// layAddComment records a comment node with Pygments' extent and category.
func layAddComment(sp *layoutSpans, n syntax.Node, src []byte, id lang.ID) {
	s, e := n.Start(), n.End()
	text := src[s:e]
	line := bytes.HasPrefix(text, []byte("//"))
	if id == lang.Rust && layRustDoc(text) {
		// Pygments: String.Doc, so it survives comment removal.
		sp.strings = append(sp.strings, span{s, layEatNewline(src, e)})
		return
	}
	if line && (id == lang.C || id == lang.CPP || id == lang.Rust) {
		e = layEatNewline(src, e)
	}
	if !line && id == lang.Kotlin {
		// Kotlin block comments nest, Pygments' do not: its comment ends
		// at the first "*/" and the rest is lexed as code.
		if k := bytes.Index(text[2:], []byte("*/")); k >= 0 {
			e = s + 2 + k + 2
		}
	}
	sp.comments = append(sp.comments, span{s, e})
}

func layRustDoc(text []byte) bool {
	switch {
	case bytes.HasPrefix(text, []byte("//!")):
		return true
	case bytes.HasPrefix(text, []byte("///")):
		return len(text) == 3 || text[3] != '/'
	case bytes.HasPrefix(text, []byte("/*!")):
		return true
	case bytes.HasPrefix(text, []byte("/**")):
		return len(text) > 3 && text[3] != '/' && text[3] != '*'
	}
	return false
}

// layEatNewline extends a line comment ending at e over the line break that
// follows it (unless the node already includes it).
func layEatNewline(src []byte, e int) int {
	if e > 0 && e <= len(src) && src[e-1] == '\n' {
		return e
	}
	if e < len(src) && src[e] == '\r' {
		e++
	}
	if e < len(src) && src[e] == '\n' {
		e++
	}
	return e
}

// layAddString records a string node minus its interpolated expressions.
func layAddString(sp *layoutSpans, n syntax.Node, src []byte, id lang.ID) {
	whole := span{n.Start(), n.End()}
	sp.literals = append(sp.literals, whole)
	types := layHoleTypes[id]
	// Fields need "{" (Python, JavaScript) or "$" (Kotlin): skip the walk
	// for the many strings without one.
	mark := byte('{')
	if id == lang.Kotlin {
		mark = '$'
	}
	if types == nil || bytes.IndexByte(src[whole.start:whole.end], mark) < 0 {
		sp.strings = append(sp.strings, whole)
		return
	}
	var holes []span
	n.Walk(func(m syntax.Node) bool {
		if m.Start() == n.Start() && m.End() == n.End() {
			return true
		}
		if trim, ok := types[m.Type()]; ok {
			h := span{m.Start() + trim[0], m.End() - trim[1]}
			if id == lang.Python {
				h.end = layPyFieldEnd(m)
			}
			if h.end > h.start {
				holes = append(holes, h)
			}
			return false // nested strings are captured on their own
		}
		return true
	})
	sp.strings = append(sp.strings, laySubtract(whole, holes)...)
}

// layPyFieldEnd is where Pygments stops lexing an f-string field as
// code: at "=", "!r" or ":" after the expression, else at the closing "}".
func layPyFieldEnd(m syntax.Node) int {
	end := m.End() - 1
	for i := 1; i < m.ChildCount(); i++ {
		c := m.Child(i)
		switch c.Type() {
		case "=", "type_conversion", "format_specifier", "}":
			return c.Start()
		}
	}
	return end
}

// laySubtract returns whole minus the disjoint holes (in any order).
func laySubtract(whole span, holes []span) []span {
	sort.Slice(holes, func(i, j int) bool { return holes[i].start < holes[j].start })
	var out []span
	at := whole.start
	for _, h := range holes {
		if h.start > at {
			out = append(out, span{at, h.start})
		}
		if h.end > at {
			at = h.end
		}
	}
	if at < whole.end {
		out = append(out, span{at, whole.end})
	}
	return out
}

// layPreproc finds C/C++ preprocessor directives the way Pygments' C
// lexer does: a line whose first non-blank character is "#" is a comment
// from the "#" through its newline (following backslash continuations and
// block comments), and "#if 0" hides everything up to the matching
// #else/#elif/#endif line.
func layPreproc(src []byte, sp *layoutSpans) []span {
	inside := mergeSpans(append(append([]span(nil), sp.comments...), sp.strings...))
	covered := func(off int) bool {
		k := sort.Search(len(inside), func(j int) bool { return inside[j].end > off })
		return k < len(inside) && inside[k].start <= off
	}
	var out []span
	for pos := 0; pos < len(src); {
		lineEnd := layIndexFrom(src, pos, '\n')
		hash := pos
		for hash < lineEnd && (src[hash] == ' ' || src[hash] == '\t' || src[hash] == '\r' || src[hash] == '\f' || src[hash] == '\v') {
			hash++
		}
		// One leading block comment is allowed before the "#".
		if hash+1 < lineEnd && src[hash] == '/' && src[hash+1] == '*' {
			if k := bytes.Index(src[hash+2:], []byte("*/")); k >= 0 {
				h := hash + 2 + k + 2
				for h < len(src) && (src[h] == ' ' || src[h] == '\t') {
					h++
				}
				if h < len(src) && src[h] == '#' {
					hash = h
					lineEnd = layIndexFrom(src, hash, '\n')
				}
			}
		}
		if hash >= len(src) || src[hash] != '#' || covered(hash) {
			pos = lineEnd + 1
			continue
		}
		if end, ok := layIfZeroEnd(src, hash); ok {
			out = append(out, span{hash, end})
			pos = end
			continue
		}
		end := layDirectiveEnd(src, hash)
		out = append(out, layIncludeSpans(src, hash, end)...)
		pos = end
	}
	return out
}

// layIncludeSpans splits the directive [hash,end) into comment spans. For
// `#include <file>` and `#include "file"` Pygments lexes the blanks around
// "include" as plain whitespace, which therefore survives comment removal
// (two includes leave two spaces before the next line's code).
func layIncludeSpans(src []byte, hash, end int) []span {
	whole := []span{{hash, end}}
	blanks := func(i int) int {
		for i < end && (src[i] == ' ' || src[i] == '\t' || src[i] == '\f' || src[i] == '\v') {
			i++
		}
		return i
	}
	kw := blanks(hash + 1)
	if !bytes.HasPrefix(src[kw:end], []byte("include")) {
		return whole
	}
	file := blanks(kw + len("include"))
	if file >= end {
		return whole
	}
	var closing byte
	switch src[file] {
	case '<':
		closing = '>'
	case '"':
		closing = '"'
	default:
		return whole
	}
	k := bytes.IndexByte(src[file+1:end], closing)
	if k <= 0 || bytes.IndexByte(src[file+1:file+1+k], '\n') >= 0 {
		return whole
	}
	return []span{{hash, hash + 1}, {kw, kw + len("include")}, {file, end}}
}

func layIndexFrom(src []byte, from int, b byte) int {
	if k := bytes.IndexByte(src[from:], b); k >= 0 {
		return from + k
	}
	return len(src)
}

// layDirectiveEnd is the end (past the newline) of the directive at hash.
func layDirectiveEnd(src []byte, i int) int {
	for i < len(src) {
		switch {
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
			k := bytes.Index(src[i+2:], []byte("*/"))
			if k < 0 {
				return len(src)
			}
			i += 2 + k + 2
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
			return min(layIndexFrom(src, i, '\n')+1, len(src))
		case src[i] == '\n':
			if i > 0 && src[i-1] == '\\' || i > 1 && src[i-1] == '\r' && src[i-2] == '\\' {
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

// layIfZeroEnd handles "#if 0": Pygments comments out the block through the
// line of the matching #endif, or of the first #else/#elif at depth 0.
func layIfZeroEnd(src []byte, hash int) (int, bool) {
	rest := src[hash+1:]
	if !bytes.HasPrefix(rest, []byte("if")) {
		return 0, false
	}
	j := 2
	for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
		j++
	}
	if j == 2 || j >= len(rest) || rest[j] != '0' {
		return 0, false
	}
	depth := 1
	pos := layIndexFrom(src, hash, '\n') + 1
	for pos < len(src) {
		lineEnd := layIndexFrom(src, pos, '\n')
		line := bytes.TrimLeft(src[pos:lineEnd], " \t\r\f\v")
		switch {
		case bytes.HasPrefix(line, []byte("#if")):
			depth++
		case bytes.HasPrefix(line, []byte("#else")) || bytes.HasPrefix(line, []byte("#elif")):
			if depth == 1 {
				return min(lineEnd+1, len(src)), true
			}
		case bytes.HasPrefix(line, []byte("#endif")):
			depth--
			if depth == 0 {
				return min(lineEnd+1, len(src)), true
			}
		}
		pos = lineEnd + 1
	}
	return len(src), true
}

// layBuildView removes the given spans from src and folds CR/CRLF to LF.
func layBuildView(src []byte, remove []span) *layoutView {
	rm := mergeSpans(remove)
	v := &layoutView{text: make([]byte, 0, len(src)), size: len(src)}
	contiguous := false
	k := 0
	for i := 0; i < len(src); {
		for k < len(rm) && rm[k].end <= i {
			k++
		}
		if k < len(rm) && rm[k].start <= i {
			i = rm[k].end
			contiguous = false
			continue
		}
		b := src[i]
		if b == '\r' {
			if i+1 < len(src) && src[i+1] == '\n' && !(k < len(rm) && rm[k].start == i+1) {
				i++ // the LF that follows stands for the pair
				contiguous = false
				continue
			}
			b = '\n'
		}
		if !contiguous {
			v.segs = append(v.segs, layViewSeg{len(v.text), i})
			contiguous = b == src[i]
		}
		v.text = append(v.text, b)
		i++
	}
	return v
}

// layViewOf returns (once per unit) the source with comments and optionally
// strings removed, as the evaluator's remove_comments/remove_strings do.
func layViewOf(u *Unit, id lang.ID, sp *layoutSpans, dropStrings bool) *layoutView {
	key := "layout.view." + string(id)
	if dropStrings {
		key += ".nostrings"
	}
	return u.Memo(key, func() any {
		rm := append([]span(nil), sp.comments...)
		if dropStrings {
			rm = append(rm, sp.strings...)
		}
		return layBuildView(u.Src, rm)
	}).(*layoutView)
}

// layPySpace is Python's str.isspace (and the \s of its re module).
func layPySpace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
}

// layPyWord is the \w of Python's re module for str patterns.
func layPyWord(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// layRuneAt decodes the rune at i; invalid bytes decode as RuneError (which
// is neither space nor word).
func layRuneAt(b []byte, i int) (rune, int) {
	if i >= len(b) {
		return utf8.RuneError, 0
	}
	if b[i] < utf8.RuneSelf {
		return rune(b[i]), 1
	}
	return utf8.DecodeRune(b[i:])
}

// layRuneBefore decodes the rune ending at i.
func layRuneBefore(b []byte, i int) (rune, int) {
	if i <= 0 {
		return utf8.RuneError, 0
	}
	if b[i-1] < utf8.RuneSelf {
		return rune(b[i-1]), 1
	}
	return utf8.DecodeLastRune(b[:i])
}

// layTrimLeft returns the index of the first non-space rune of b[s:e].
func layTrimLeft(b []byte, s, e int) int {
	for s < e {
		r, n := layRuneAt(b, s)
		if !layPySpace(r) {
			break
		}
		s += n
	}
	return s
}

// layTrimRight returns the end of b[s:e] without trailing space runes.
func layTrimRight(b []byte, s, e int) int {
	for e > s {
		r, n := layRuneBefore(b, e)
		if !layPySpace(r) {
			break
		}
		e -= n
	}
	return e
}

// layLine is one line of a view: text[start:end], without its terminator.
type layLine struct{ start, end int }

// laySplitLines splits like Python's str.splitlines (which also breaks at
// \v, \f, \x1c-\x1e, \x85, U+2028 and U+2029).
func laySplitLines(b []byte) []layLine {
	var out []layLine
	start := 0
	for i := 0; i < len(b); {
		r, n := layRuneAt(b, i)
		switch r {
		case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			out = append(out, layLine{start, i})
			if r == '\r' && i+1 < len(b) && b[i+1] == '\n' {
				n = 2
			}
			start = i + n
		}
		if n == 0 {
			n = 1
		}
		i += n
	}
	if start < len(b) {
		out = append(out, layLine{start, len(b)})
	}
	return out
}

// layFindings keeps at most one finding per source line and caps the
// total, so a huge file yields a readable report.
type layFindings struct {
	starts []int // source offsets where lines start
	seen   map[int]bool
	list   []Finding
	total  int
}

const layMaxFindings = 200

func newLayFindings(u *Unit) *layFindings {
	return &layFindings{starts: u.lineStarts(), seen: map[int]bool{}}
}

func (lf *layFindings) add(start, end int, msg string) {
	line := sort.SearchInts(lf.starts, start+1)
	if lf.seen[line] {
		return
	}
	lf.seen[line] = true
	lf.total++
	if len(lf.list) < layMaxFindings {
		lf.list = append(lf.list, Finding{Start: start, End: end, Message: msg})
	}
}

// sorted returns the findings in source order.
func (lf *layFindings) sorted() []Finding {
	sort.SliceStable(lf.list, func(i, j int) bool { return lf.list[i].Start < lf.list[j].Start })
	return lf.list
}

// layLintView is the lint profile's view: comments and strings (and, with
// literals, every string or character literal whole) removed, but the line
// break a removed span ends with is kept, so no line is joined to another.
func layLintView(u *Unit, id lang.ID, sp *layoutSpans, literals bool) *layoutView {
	key := "layout.view.lint." + string(id)
	if literals {
		key += ".literals"
	}
	return u.Memo(key, func() any {
		sets := [][]span{sp.comments, sp.strings}
		if literals {
			sets = append(sets, sp.literals)
		}
		src := u.Src
		var rm []span
		for i, set := range sets {
			for _, s := range set {
				e := s.end
				for e > s.start && (src[e-1] == '\n' || src[e-1] == '\r') {
					e--
				}
				// A comment that starts a line takes the blanks after it
				// along, so `    /* c */ x` keeps its four-space indent.
				start := s.start
				if layStartsLine(src, s.start) {
					if i == 0 {
						for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
							e++
						}
					} else if start < e {
						// A string that starts a line is that line's first
						// token: keep its opening quote, so the line's
						// indentation ends where the string begins instead
						// of running on into the blanks after it.
						start++
					}
				}
				rm = append(rm, span{start, e})
			}
		}
		return layBuildView(src, rm)
	}).(*layoutView)
}

// layStartsLine reports whether only blanks precede off on its line.
func layStartsLine(src []byte, off int) bool {
	for i := off - 1; i >= 0; i-- {
		switch src[i] {
		case ' ', '\t':
		case '\n', '\r':
			return true
		default:
			return false
		}
	}
	return true
}
