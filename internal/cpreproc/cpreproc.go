// Package cpreproc reads, from C and C++ text alone, what clang-format
// lays out by the preprocessor's structure rather than the grammar's:
// directive lines and the conditionals they nest in, an include guard,
// the body of a multi-line #define, and the lines that hold only a
// macro with no semicolon, which clang-format reads as lines of their
// own and the grammar cannot (see MaskMacros). The layout rule's
// clang-format reading (internal/rules/layout, model_c.go) judges lines
// by it; nothing here parses.
package cpreproc

import "bytes"

// Line is one line of the source: the offsets of its first non-blank
// byte and of its end (before the line break).
type Line struct{ Lead, End int }

// Directive is a line a preprocessor directive starts: its keyword and
// its argument's first word.
type Directive struct {
	Line    int
	Kw, Arg string
}

// Directives lists the directive lines of src (split into lines),
// outside
// comments, strings and the lines a backslash continues.
func Directives(src []byte, lines []Line) []Directive {
	var out []Directive
	inComment, cont := false, false
	raw := "" // the closing of a raw string left open, `)delim"`
	for i, l := range lines {
		text := src[l.Lead:l.End]
		if raw != "" {
			k := bytes.Index(text, []byte(raw))
			if k < 0 {
				continue
			}
			text, raw = text[k+len(raw):], ""
			cont = false
			_, _, inComment = CodeOf(text, false)
			continue
		}
		startsInComment := inComment
		code, _, open := CodeOf(text, inComment)
		inComment = open
		if !startsInComment && !cont && len(code) > 0 && code[0] == '#' {
			w := bytes.Fields(bytes.TrimLeft(code[1:], " \t"))
			d := Directive{Line: i}
			if len(w) > 0 {
				d.Kw = string(w[0])
			}
			if len(w) > 1 {
				d.Arg = string(w[1])
			}
			out = append(out, d)
		}
		if k := bytes.Index(text, []byte(`R"`)); k >= 0 && !startsInComment {
			// A raw string opening on this line and not closing on it.
			if p := bytes.IndexByte(text[k+2:], '('); p >= 0 {
				end := ")" + string(text[k+2:k+2+p]) + `"`
				if !bytes.Contains(text[k+2+p:], []byte(end)) {
					raw = end
				}
			}
		}
		cont = len(text) > 0 && text[len(text)-1] == '\\'
	}
	return out
}

// IncludeGuard reports whether the directives open with `#ifndef X` /
// `#define X` and the #endif matching the first is the last line of
// code, which clang-format does not count as a level.
func IncludeGuard(src []byte, lines []Line, dirs []Directive) bool {
	if len(dirs) < 3 || dirs[0].Kw != "ifndef" || dirs[1].Kw != "define" || dirs[0].Arg != dirs[1].Arg {
		return false
	}
	level := 0
	for k, d := range dirs {
		switch d.Kw {
		case "if", "ifdef", "ifndef":
			level++
		case "endif":
			level--
			if level == 0 {
				if k != len(dirs)-1 {
					return false
				}
				for j := d.Line + 1; j < len(lines); j++ {
					t := src[lines[j].Lead:lines[j].End]
					if len(t) > 0 && !bytes.HasPrefix(t, []byte("//")) && !bytes.HasPrefix(t, []byte("/*")) && !bytes.HasPrefix(t, []byte("*")) {
						return false
					}
				}
				return true
			}
		}
	}
	return false
}

// BodyLine is how a line a backslash continues in a #define is laid
// out: clang-format formats the body as code, one level past the
// directive's level and a level per open brace (Depth), a string piece
// under the piece before it (Piece); Skip is a line inside brackets or
// continuing an expression, which is left alone as continuations are.
type BodyLine struct {
	Skip, Piece bool
	Depth       int
}

// MacroBody reads the #define whose lines are first..last of src and
// returns how each line after the first is laid out (out[0] is line
// first+1); done is false when a string or comment runs on past a line,
// and the lines from there on are not read (left nil).
func MacroBody(src []byte, lines []Line, first, last int) (out []BodyLine, done bool) {
	depth, paren := 0, 0
	prevEnds := true // the directive's head ends where the body starts
	prevString := false
	prevMacro := false // the line before holds only a macro call
	// The open braces, true for a namespace's (`namespace fmt {`), which
	// clang-format does not indent (NamespaceIndentation None).
	var opened []bool
	for i := first; i <= last; i++ {
		l := lines[i]
		text := bytes.TrimRight(src[l.Lead:l.End], " \t")
		text = bytes.TrimRight(bytes.TrimSuffix(text, []byte("\\")), " \t")
		if i > first {
			d := depth
			if bytes.HasPrefix(text, []byte("}")) && len(opened) > 0 && !opened[len(opened)-1] {
				d--
			}
			var bl BodyLine
			switch {
			case len(text) == 0:
				bl.Skip = true
			case paren == 0 && prevEnds && d >= 0 && !bytes.HasPrefix(text, []byte("#")) &&
				!(prevMacro && bytes.IndexByte([]byte(".,)?:+-=|&<>"), text[0]) >= 0):
				// (A macro call continued by an operator, `X(a)` / `: f()`,
				// is an expression, as MaskMacros reads it.)
				bl.Depth = d
			case prevString && text[0] == '"':
				bl.Piece = true // adjacent string literals, one a line
			default:
				bl.Skip = true
			}
			out = append(out, bl)
		}
		prevString = i > first && len(text) > 0 && text[0] == '"' && text[len(text)-1] == '"'
		if i == first {
			// Only the body counts: skip `#define NAME(params)`.
			text = macroValue(text)
		}
		dd, pp, open := braceDelta(text)
		paren += pp
		ns := bytes.HasPrefix(text, []byte("namespace")) || bytes.HasPrefix(text, []byte("inline namespace"))
		for ; dd > 0; dd-- {
			opened = append(opened, ns)
			if !ns {
				depth++
			}
		}
		for ; dd < 0 && len(opened) > 0; dd++ {
			if !opened[len(opened)-1] {
				depth--
			}
			opened = opened[:len(opened)-1]
		}
		if open {
			return out, false
		}
		if i > first && len(text) > 0 {
			c := text[len(text)-1]
			// A line holding only an upper-case macro call (`PARSE_INT(&x,
			// 10)`, no semicolon) ends too: clang-format reads it as a
			// line of its own, as MaskMacros does outside macro bodies.
			prevMacro = paren == 0 && macroCall(text) == len(text)
			prevEnds = c == ';' || c == '{' || c == '}' || c == ':' || prevMacro
		} else if i == first && len(text) > 0 {
			prevEnds, prevMacro = false, false // `#define X a +` continues an expression
		}
	}
	return out, true
}

// MacroSource returns the body of the #define on lines first..last of
// src as code the grammar reads on its own, line for line and column
// for column: the head's line is a `{` at column col (the level
// clang-format formats the body one IndentWidth past), a last line
// `}` under it closes it, each line's `\` is blanked, and a stringized
// parameter (`#x`) is a string literal of its width (`""`, `"ab"`). Nil
// when the head holds part of the body or a `##` stands apart from
// names.
func MacroSource(src []byte, lines []Line, first, last, col int) []byte {
	if len(macroValue(bytes.TrimRight(src[lines[first].Lead:lines[first].End], " \t\\"))) > 0 {
		return nil
	}
	out := append(bytes.Repeat([]byte(" "), col), '{', '\n')
	for i := first + 1; i <= last; i++ {
		start := bytes.LastIndexByte(src[:lines[i].Lead], '\n') + 1
		t := bytes.TrimRight(src[start:lines[i].End], " \t\r")
		t = append([]byte(nil), bytes.TrimRight(bytes.TrimSuffix(t, []byte("\\")), " \t")...)
		if !stringize(t) {
			return nil
		}
		out = append(append(out, t...), '\n')
	}
	return append(append(out, bytes.Repeat([]byte(" "), col)...), '}', '\n')
}

// stringize rewrites, in place, the line t of a macro body's `#x` as a
// string literal of the same width and `a##b` as `a__b`, outside
// strings and comments; false for a `##` with a blank beside it.
func stringize(t []byte) bool {
	word := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
	}
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c == '/' && i+1 < len(t) && t[i+1] == '/':
			return true
		case c == '/' && i+1 < len(t) && t[i+1] == '*':
			e := bytes.Index(t[i+2:], []byte("*/"))
			if e < 0 {
				return true
			}
			i += e + 3
		case c == '"' || c == '\'':
			for i++; i < len(t) && t[i] != c; i++ {
				if t[i] == '\\' {
					i++
				}
			}
		case c == '#' && i+1 < len(t) && t[i+1] == '#':
			if i == 0 || i+2 >= len(t) || !word(t[i-1]) || !word(t[i+2]) {
				return false
			}
			t[i], t[i+1] = '_', '_'
			i++
		case c == '#':
			j := i + 1
			for j < len(t) && word(t[j]) {
				j++
			}
			if j == i+1 {
				return false
			}
			t[i], t[j-1] = '"', '"'
			i = j - 1
		}
	}
	return true
}

// macroValue is what follows a #define line's name and parameters.
func macroValue(line []byte) []byte {
	k := bytes.Index(line, []byte("define"))
	if k < 0 {
		return nil
	}
	rest := bytes.TrimLeft(line[k+len("define"):], " \t")
	j := 0
	for j < len(rest) && (rest[j] == '_' || rest[j] >= '0' && rest[j] <= '9' || rest[j]|0x20 >= 'a' && rest[j]|0x20 <= 'z') {
		j++
	}
	rest = rest[j:]
	if len(rest) > 0 && rest[0] == '(' {
		if e := bytes.IndexByte(rest, ')'); e >= 0 {
			rest = rest[e+1:]
		}
	}
	return bytes.TrimSpace(rest)
}

// braceDelta counts a line's braces and parentheses outside strings,
// characters and comments; open reports a string or block comment left
// open at the line's end.
func braceDelta(t []byte) (braces, parens int, open bool) {
	for i := 0; i < len(t); i++ {
		switch c := t[i]; c {
		case '"', '\'':
			j := i + 1
			for j < len(t) && t[j] != c {
				if t[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(t) {
				return braces, parens, true
			}
			i = j
		case '/':
			if i+1 < len(t) && t[i+1] == '/' {
				return braces, parens, false
			}
			if i+1 < len(t) && t[i+1] == '*' {
				e := bytes.Index(t[i+2:], []byte("*/"))
				if e < 0 {
					return braces, parens, true
				}
				i += e + 3
			}
		case '{':
			braces++
		case '}':
			braces--
		case '(', '[':
			parens++
		case ')', ']':
			parens--
		}
	}
	return braces, parens, false
}

// clang-format reads a line that holds only an upper-case macro name,
// or such a name and its parenthesized arguments, with no semicolon
// (NLOHMANN_JSON_NAMESPACE_BEGIN, doctest's CAPTURE(x), an attribute
// macro such as JSON_HEDLEY_NON_NULL(2) between a template header and
// its declaration) as a line of its own at the current level. (A name
// and a colon standing for an access specifier, nlohmann/json's
// JSON_PRIVATE_UNLESS_TESTED:, it reads as a constructor's initializer
// colon, continuing onto the member after it: left to the unit-only
// reading.) The
// grammar cannot: it reads the macro and what follows as one broken
// declaration, and the region is left to the unit-only reading. So,
// under a clang-format style, the layout rule reads a copy of the
// source in which each such line is a statement of the same length (`____;`), or
// blank after a template header, and judges it where clang-format puts
// it. Every other byte is the source's own, so columns and offsets are
// unchanged.

// MaskMacros returns src with its macro lines made statements (see
// above), or nil when it has none. It reads the text alone, skipping
// comments, strings and directives, so that the grammar runs once.
func MaskMacros(src []byte, cpp bool) []byte {
	var out []byte
	inComment := false
	prevLast, prevCont := byte(0), false // the last code line's last character; it ended with `\`
	type cand struct{ start, end int }   // a macro line's name and arguments
	var pending *cand
	pendingLast := byte(0)
	var alt altBranches
	flush := func(next []byte) {
		if pending == nil {
			return
		}
		c := *pending
		pending = nil
		switch {
		case len(next) > 0 && (next[0] == '{' || bytes.IndexByte([]byte(".,)?:+-=|&<>"), next[0]) >= 0):
			return // a macro heading a block (macroHeader), or an expression
		case src[c.end-1] == ')' && calls(next) && macroCall(next) == 0:
			// `CJSON_PUBLIC(cJSON *)` / `cJSON_Parse(const char *value);`:
			// a return type, and the grammar reads the prototype whole.
			return
		}
		if out == nil {
			out = append([]byte(nil), src...)
		}
		switch {
		case pendingLast == 0 || pendingLast == ';' || pendingLast == '{' || pendingLast == '}' || pendingLast == ':' || pendingLast == '#':
			for k := c.start; k < c.end-1; k++ {
				out[k] = '_'
			}
			out[c.end-1] = ';'
		case pendingLast == '>':
			for k := c.start; k < c.end; k++ {
				out[k] = ' '
			}
		}
	}
	for ls := 0; ls < len(src); {
		le := bytes.IndexByte(src[ls:], '\n')
		if le < 0 {
			le = len(src)
		} else {
			le += ls
		}
		line := src[ls:le]
		lead := ls + len(line) - len(bytes.TrimLeft(line, " \t"))
		text := bytes.TrimRight(src[lead:le], " \t\r")
		startsInComment := inComment
		code, last, stillComment := CodeOf(text, inComment)
		inComment = stillComment
		if !startsInComment && len(code) > 0 && (alt.skip || !prevCont && (code[0] == '#' || alt.depth > 0)) {
			// (A line a backslash continues in a branch left out is
			// blanked with it.)
			if alt.skip && prevCont || alt.line(code, prevLast) == blank {
				if out == nil {
					out = append([]byte(nil), src...)
				}
				for x := lead; x < lead+len(text); x++ {
					out[x] = ' '
				}
				prevCont = len(text) > 0 && text[len(text)-1] == '\\'
				ls = le + 1
				continue
			}
		}
		switch {
		case startsInComment || len(code) == 0:
			// blank, or comment only: neither a macro line nor context
		case prevCont || code[0] == '#':
			flush([]byte("#"))
			prevLast = '#'
			commentMarksInStrings(text, startsInComment, func(k int) {
				if out == nil {
					out = append([]byte(nil), src...)
				}
				out[lead+k] = '_'
			})
		default:
			flush(code)
			if k, n := ifMacro(code); n > 0 && bytes.HasPrefix(src[lead:], code[:k+n]) {
				// `if FMT_CONSTEXPR20 (cond) {`, a macro standing for
				// `constexpr` or nothing: blanked, so that the grammar
				// reads the if (it reads `if NAME` as an error and the
				// block after it as the class's members').
				if out == nil {
					out = append([]byte(nil), src...)
				}
				for x := lead + k; x < lead+k+n; x++ {
					out[x] = ' '
				}
			}
			if callConv(src[lead : lead+len(text)]) {
				if out == nil {
					out = append([]byte(nil), src...)
				}
				blankCallConv(out[lead : lead+len(text)])
			}
			if k := exportMacro(code); k > 0 && bytes.HasPrefix(src[lead:], code[:k]) {
				// `class FMT_API file {`: the export macro blanked, so
				// that the grammar reads the class.
				if out == nil {
					out = append([]byte(nil), src...)
				}
				j := bytes.IndexAny(code, " \t")
				for x := lead + j; x < lead+k; x++ {
					out[x] = ' '
				}
			}
			n := macroCall(code)
			if cpp && n > 6 && n < len(code) && code[n-1] != ')' && bytes.Equal(bytes.TrimLeft(code[n:], " \t"), []byte(":")) &&
				!prevCont && bytes.HasPrefix(src[lead:], code[:n]) && (prevLast == ';' || prevLast == '{' || prevLast == '}') {
				// `JSON_PRIVATE_UNLESS_TESTED:`, a macro standing for an
				// access specifier: written `public` over its name, so
				// that the grammar reads the class on (AccessMacro).
				if out == nil {
					out = append([]byte(nil), src...)
				}
				copy(out[lead:], "public")
				for x := lead + len("public"); x < lead+n; x++ {
					out[x] = ' '
				}
				prevLast = ':'
			} else if b := blockAfter(src[lead:le], n); n > 0 && b > 0 && code[n-1] != ')' && !prevCont &&
				(prevLast == 0 || prevLast == ';' || prevLast == '{' || prevLast == '}' || prevLast == ':') && bytes.HasPrefix(src[lead:], code[:n]) {
				// `FMT_TRY {` / `SPDLOG_TRY { f(); }`, a macro standing
				// for `try`: written `{` and blanks, so that the grammar
				// reads the block as one (it reads `NAME {` as a braced
				// initializer and the statements in it as errors), and
				// the line is judged by it; clang-format lays it out as a
				// block.
				if out == nil {
					out = append([]byte(nil), src...)
				}
				out[lead] = '{'
				for x := lead + 1; x <= lead+b; x++ {
					out[x] = ' '
				}
				prevLast = last
			} else if n > 0 && n == len(code) && !prevCont && bytes.HasPrefix(src[lead:], code[:n]) {
				pending, pendingLast = &cand{lead, lead + n}, prevLast
				prevLast = ';' // the statement clang-format reads it as
			} else {
				prevLast = last
			}
		}
		prevCont = len(text) > 0 && text[len(text)-1] == '\\' && !startsInComment
		ls = le + 1
	}
	flush(nil)
	return out
}

// blockAfter returns the offset in line of a `{` that follows the
// name line[:n] after blanks (`FMT_TRY {`), or 0.
func blockAfter(line []byte, n int) int {
	k := n
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	if n == 0 || k == n || k >= len(line) || line[k] != '{' {
		return 0
	}
	return k
}

// ifMacro returns, for code starting `if NAME (` or `} else if NAME (`
// with an upper-case macro name, the name's offset and length (n 0
// otherwise).
func ifMacro(code []byte) (k, n int) {
	if r, ok := bytes.CutPrefix(code, []byte("} else ")); ok {
		k = len(code) - len(r)
	}
	if !bytes.HasPrefix(code[k:], []byte("if ")) {
		return 0, 0
	}
	k += len("if ")
	n = macroCall(code[k:])
	if n == 0 || code[k+n-1] == ')' {
		return 0, 0
	}
	if r := bytes.TrimLeft(code[k+n:], " "); len(r) == len(code[k+n:]) || len(r) == 0 || r[0] != '(' {
		return 0, 0
	}
	return k, n
}

// altBranches follows a conditional that stands inside a declaration,
// after a line that ends with a name or a `)` (spdlog's `namespace` /
// `#ifdef SPDLOG_USE_STD_FORMAT` / `std` / `#else` / `fmt` / `#endif` /
// `{`; leveldb's `void Log(...)` / `#if defined(__GNUC__)` /
// `__attribute__((...))` / `#endif` / `;`):
// the grammar cannot read directives there, and clang-format formats
// the code of one branch at a time. The grammar is given the first
// branch: the directive lines and the other branches are blanked. The
// directive lines are judged from the text all the same (Directives).
type altBranches struct {
	depth int  // conditionals open since the one followed; 0: none followed
	skip  bool // in a branch after the first
}

// lineAction is what altBranches does with a line.
type lineAction uint8

const (
	keep  lineAction = iota // the line is parsed as written
	blank                   // the line is blanked for the grammar
)

// line decides a code line (its code, from its first non-blank) that
// is a directive or lies inside a followed conditional; prevLast is
// the last code line's last character.
func (a *altBranches) line(code []byte, prevLast byte) lineAction {
	if code[0] != '#' {
		if a.skip {
			return blank
		}
		return keep
	}
	w := bytes.Fields(bytes.TrimLeft(code[1:], " \t"))
	kw := ""
	if len(w) > 0 {
		kw = string(w[0])
	}
	switch kw {
	case "if", "ifdef", "ifndef":
		if a.depth > 0 {
			a.depth++
			if a.skip {
				return blank
			}
			return keep
		}
		if wordByte(prevLast) || prevLast == ')' {
			a.depth = 1
			return blank
		}
	case "else", "elif", "elifdef", "elifndef":
		if a.depth == 1 {
			a.skip = true
			return blank
		}
	case "endif":
		switch a.depth {
		case 0:
		case 1:
			a.depth, a.skip = 0, false
			return blank
		default:
			a.depth--
		}
	}
	if a.skip {
		return blank
	}
	return keep
}

// callConvs are the Microsoft calling conventions, which the grammar
// reads only inside a pointer declarator (`int (__stdcall *f)()`), not
// before a function's name (`extern "C" __declspec(dllimport) int
// __stdcall IsDebuggerPresent();`, spdlog's msvc_sink.h): there it
// reads the declaration as a function's head and what follows as its
// body. Blanked for the grammar, as clang-format reads them as words.
var callConvs = [][]byte{[]byte("__stdcall"), []byte("__cdecl"), []byte("__fastcall"), []byte("__thiscall"), []byte("__vectorcall")}

// callConv reports a line holding a calling convention's keyword.
func callConv(line []byte) bool {
	if !bytes.Contains(line, []byte("call")) && !bytes.Contains(line, []byte("__cdecl")) {
		return false
	}
	for _, c := range callConvs {
		if wordIndex(line, c) >= 0 {
			return true
		}
	}
	return false
}

// blankCallConv blanks the calling conventions' keywords in line.
func blankCallConv(line []byte) {
	for _, c := range callConvs {
		for k := wordIndex(line, c); k >= 0; k = wordIndex(line, c) {
			for x := k; x < k+len(c); x++ {
				line[x] = ' '
			}
		}
	}
}

// commentMarksInStrings calls mark with the offset in t, a directive's
// line (inComment: it starts inside a block comment), of the `/` of
// each `/*` or `*/` inside a string or character literal. The grammar
// reads a #define's value as one token that stops at `/*`, even in a
// string (`"Accept: */*"`), and takes the rest of the body, up to the
// next `*/`, for a comment: the variant writes those slashes `_`.
func commentMarksInStrings(t []byte, inComment bool, mark func(k int)) {
	for i := 0; i < len(t); i++ {
		if inComment {
			e := bytes.Index(t[i:], []byte("*/"))
			if e < 0 {
				return
			}
			i += e + 1
			inComment = false
			continue
		}
		switch c := t[i]; {
		case c == '/' && i+1 < len(t) && t[i+1] == '/':
			return
		case c == '/' && i+1 < len(t) && t[i+1] == '*':
			inComment = true
			i++
		case c == '"' || c == '\'':
			j := i + 1
			for ; j < len(t) && t[j] != c; j++ {
				if t[j] == '\\' {
					j++
					continue
				}
				if t[j] == '/' && (j+1 < len(t) && t[j+1] == '*' || t[j-1] == '*' && j-1 > i) {
					mark(j)
				}
			}
			i = j
		}
	}
}

// wordIndex is the offset of w in line as a whole word, or -1.
func wordIndex(line, w []byte) int {
	for off := 0; ; {
		k := bytes.Index(line[off:], w)
		if k < 0 {
			return -1
		}
		k += off
		e := k + len(w)
		if (k == 0 || !wordByte(line[k-1])) && (e == len(line) || !wordByte(line[e])) {
			return k
		}
		off = e
	}
}

func wordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// CodeOf returns a line's code without its comments, the code's last
// character, and whether a block comment is still open at its end.
// Strings are skipped whole (a line's string does not run on).
func CodeOf(t []byte, inComment bool) (code []byte, last byte, open bool) {
	var b []byte
	for i := 0; i < len(t); i++ {
		if inComment {
			if e := bytes.Index(t[i:], []byte("*/")); e >= 0 {
				i += e + 1
				inComment = false
				continue
			}
			break
		}
		c := t[i]
		switch {
		case c == '/' && i+1 < len(t) && t[i+1] == '/':
			i = len(t)
			continue
		case c == '/' && i+1 < len(t) && t[i+1] == '*':
			inComment = true
			i++
			continue
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(t) && t[j] != c {
				if t[j] == '\\' {
					j++
				}
				j++
			}
			b = append(b, t[i:min(j+1, len(t))]...)
			i = j
			continue
		}
		b = append(b, c)
	}
	b = bytes.TrimRight(b, " \t")
	if len(b) > 0 {
		last = b[len(b)-1]
	}
	return b, last, inComment
}

// macroCall returns the length of an upper-case name at the start of
// code and its balanced parenthesized arguments, if code starts with
// one (0 otherwise).
func macroCall(code []byte) int {
	n, upper := 0, false
	for n < len(code) && (code[n] == '_' || code[n] >= 'A' && code[n] <= 'Z' || n > 0 && code[n] >= '0' && code[n] <= '9') {
		upper = upper || code[n] >= 'A' && code[n] <= 'Z'
		n++
	}
	if n < 2 || !upper || n < len(code) && (code[n] >= 'a' && code[n] <= 'z') {
		return 0
	}
	if n == len(code) || code[n] != '(' {
		return n
	}
	depth := 0
	for i := n; i < len(code); i++ {
		switch code[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"', '\'':
			q := code[i]
			for i++; i < len(code) && code[i] != q; i++ {
				if code[i] == '\\' {
					i++
				}
			}
		}
	}
	return 0
}

// calls reports code that starts with a name and its `(`.
func calls(code []byte) bool {
	n := 0
	for n < len(code) && (code[n] == '_' || code[n] >= 'a' && code[n] <= 'z' || code[n] >= 'A' && code[n] <= 'Z' || n > 0 && code[n] >= '0' && code[n] <= '9') {
		n++
	}
	return n > 0 && n < len(code) && code[n] == '('
}

// exportMacro returns, for code starting `class NAME_API name` or
// `struct NAME_API name` (an upper-case macro between the keyword and
// the name), the offset just past the macro, or 0.
func exportMacro(code []byte) int {
	for _, kw := range []string{"class ", "struct "} {
		rest, ok := bytes.CutPrefix(code, []byte(kw))
		if !ok {
			continue
		}
		t := bytes.TrimLeft(rest, " ")
		n := macroCall(t)
		if n == 0 || n == len(t) || t[n-1] == ')' || t[n] != ' ' {
			return 0
		}
		after := bytes.TrimLeft(t[n:], " ")
		if len(after) == 0 || !(after[0] == '_' || after[0] >= 'a' && after[0] <= 'z' || after[0] >= 'A' && after[0] <= 'Z') {
			return 0
		}
		return len(code) - len(t) + n
	}
	return 0
}

// AccessMacro reports whether line (its code, from its first non-blank)
// is an upper-case macro and a colon that MaskMacros wrote as `public:`.
// clang-format reads such a line as a member at the members' level and
// its colon as a constructor initializer's, so the declaration after it
// continues ConstructorInitializerIndentWidth deeper up to its body.
func AccessMacro(line []byte) bool {
	code, _, _ := CodeOf(bytes.TrimRight(line, " \t\r"), false)
	n := macroCall(code)
	return n > 6 && n < len(code) && code[n-1] != ')' && bytes.Equal(bytes.TrimLeft(code[n:], " \t"), []byte(":"))
}

// AccessLabel reports a line that starts with a C++ access specifier.
func AccessLabel(t []byte) bool {
	for _, w := range []string{"public", "protected", "private"} {
		if r, ok := bytes.CutPrefix(t, []byte(w)); ok {
			r = bytes.TrimLeft(r, " \t")
			return bytes.HasPrefix(r, []byte(":")) && !bytes.HasPrefix(r, []byte("::"))
		}
	}
	return false
}

// BlockCommentHolds reports whether the block comment starting at
// offset s of src runs on to offset off.
func BlockCommentHolds(src []byte, s, off int) bool {
	if !bytes.HasPrefix(src[s:], []byte("/*")) {
		return false
	}
	e := bytes.Index(src[s+2:], []byte("*/"))
	return e >= 0 && s+2+e >= off
}

// ContinuedOrDirective reports a line, starting at offset start of src,
// that a directive starts or a backslash continues (a directive's or a
// macro's): the layout rule's looser C reading lets such a line sit at
// any column.
func ContinuedOrDirective(src []byte, start int) bool {
	if bytes.HasPrefix(src[start:], []byte("#")) {
		return true
	}
	ls := bytes.LastIndexByte(src[:start], '\n')
	if ls <= 0 {
		return false
	}
	prev := bytes.TrimRight(src[:ls], " \t\r")
	return bytes.HasSuffix(prev, []byte("\\"))
}

// CommentThenCode reports a line (from its first non-blank) that opens
// with a block comment closing on it and goes on with code (`/* trace
// */ LOG_DEBUG,`).
func CommentThenCode(line []byte) bool {
	if k := bytes.IndexByte(line, '\n'); k >= 0 {
		line = line[:k]
	}
	if !bytes.HasPrefix(line, []byte("/*")) {
		return false
	}
	e := bytes.Index(line[2:], []byte("*/"))
	return e >= 0 && len(bytes.TrimSpace(line[e+4:])) > 0
}
