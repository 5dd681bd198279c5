// Package termsafe makes text from outside iflint — file names above
// all, and messages that quote source code — safe to print on a
// terminal or in a CI log. A file name may hold a newline (one
// diagnostic line printed as two, the second forged), an escape
// sequence (the terminal retitled, the screen cleared, a hyperlink
// planted), or a bidirectional override (text shown in another order
// than it reads); none of them reaches the output raw.
package termsafe

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name returns p as it is when it is safe, and otherwise quoted and
// escaped as a Go string ("a\nb.py", "\x1b[2J.go"), as git quotes
// unusual paths: the quotes tell an escaped name from a name that holds
// a backslash. A name that starts with a double quote is quoted too, so
// that it cannot pass for a quoted one.
func Name(p string) string {
	if safe(p) && !strings.HasPrefix(p, `"`) {
		return p
	}
	return strconv.Quote(p)
}

// Text returns s with every unsafe character escaped in place (\n, \x1b,
// \u202e, and \xff for a byte that is not UTF-8); text without one is
// returned unchanged. Unlike Name it adds no quotes: it is for prose
// such as messages, which nothing reads back.
func Text(s string) string {
	if safe(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x` + strconv.FormatUint(uint64(s[i]), 16))
		case unsafe(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func safe(s string) bool {
	for i, r := range s {
		if unsafe(r) || (r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD")) {
			return false
		}
	}
	return true
}

// unsafe runes: controls (C0, DEL, C1: newline, escape, CSI) and the
// invisible formatting characters that reorder or hide text
// (bidirectional overrides and isolates, zero-width joiners, the BOM).
func unsafe(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}
