package layout

import (
	"bytes"
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

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
// under a clang-format style, the model reads a copy of the source in
// which each such line is a statement of the same length (`____;`), or
// blank after a template header, and judges it where clang-format puts
// it. Every other byte is the source's own, so columns and offsets are
// unchanged.

// clangMaskMacros returns src with its macro lines made statements (see
// above), or nil when it has none. It reads the text alone, skipping
// comments, strings and directives, so that the grammar runs once.
func clangMaskMacros(src []byte) []byte {
	var out []byte
	inComment := false
	prevLast, prevCont := byte(0), false // the last code line's last character; it ended with `\`
	type cand struct{ start, end int }   // a macro line's name and arguments
	var pending *cand
	pendingLast := byte(0)
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
		code, last, stillComment := codeOf(text, inComment)
		inComment = stillComment
		switch {
		case startsInComment || len(code) == 0:
			// blank, or comment only: neither a macro line nor context
		case prevCont || code[0] == '#':
			flush([]byte("#"))
			prevLast = '#'
		default:
			flush(code)
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
			if n > 0 && n == len(code) && !prevCont && bytes.HasPrefix(src[lead:], code[:n]) {
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

// codeOf returns a line's code without its comments, the code's last
// character, and whether a block comment is still open at its end.
// Strings are skipped whole (a line's string does not run on).
func codeOf(t []byte, inComment bool) (code []byte, last byte, open bool) {
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

// clangMaskedTree is, under a clang-format style, the flat tree of u's
// source with its macro lines made statements, parsed instead of the
// source's own (nil when there is no such line, or no style).
func clangMaskedTree(u *check.Unit, c constraint.Constraint) (*syntax.FlatTree, error) {
	if c.Indent == nil || c.Indent.Clang == nil || c.Lang != lang.C && c.Lang != lang.CPP {
		return nil, nil
	}
	masked := clangMaskMacros(u.Src)
	if masked == nil {
		return nil, nil
	}
	work.Of(u).Add(len(u.Src))
	t, err := syntax.Parse(u.Ctx, c.Lang, masked)
	if err != nil {
		return nil, fmt.Errorf("cannot parse as %s: %w", c.Lang, err)
	}
	defer t.Close()
	return syntax.NewFlatTree(t.Root()), nil
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
