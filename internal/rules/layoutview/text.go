package layoutview

// Character classes and line splitting as the paper's evaluator (Python's
// re and str) sees them.

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

func IndexFrom(src []byte, from int, b byte) int {
	if k := bytes.IndexByte(src[from:], b); k >= 0 {
		return from + k
	}
	return len(src)
}

// IsSpace is Python's str.isspace (and the \s of its re module).
func IsSpace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
}

// IsWord is the \w of Python's re module for str patterns.
func IsWord(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// RuneAt decodes the rune at i; invalid bytes decode as RuneError (which
// is neither space nor word).
func RuneAt(b []byte, i int) (rune, int) {
	if i >= len(b) {
		return utf8.RuneError, 0
	}
	if b[i] < utf8.RuneSelf {
		return rune(b[i]), 1
	}
	return utf8.DecodeRune(b[i:])
}

// RuneBefore decodes the rune ending at i.
func RuneBefore(b []byte, i int) (rune, int) {
	if i <= 0 {
		return utf8.RuneError, 0
	}
	if b[i-1] < utf8.RuneSelf {
		return rune(b[i-1]), 1
	}
	return utf8.DecodeLastRune(b[:i])
}

// TrimLeft returns the index of the first non-space rune of b[s:e].
func TrimLeft(b []byte, s, e int) int {
	for s < e {
		r, n := RuneAt(b, s)
		if !IsSpace(r) {
			break
		}
		s += n
	}
	return s
}

// TrimRight returns the end of b[s:e] without trailing space runes.
func TrimRight(b []byte, s, e int) int {
	for e > s {
		r, n := RuneBefore(b, e)
		if !IsSpace(r) {
			break
		}
		e -= n
	}
	return e
}

// Line is one line of a view: text[start:end], without its terminator.
type Line struct{ Start, End int }

// SplitLines splits like Python's str.splitlines (which also breaks at
// \v, \f, \x1c-\x1e, \x85, U+2028 and U+2029).
func SplitLines(b []byte) []Line {
	var out []Line
	start := 0
	for i := 0; i < len(b); {
		r, n := RuneAt(b, i)
		switch r {
		case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			out = append(out, Line{start, i})
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
		out = append(out, Line{start, len(b)})
	}
	return out
}

// DescribeLead names leading whitespace: "4 spaces", "2 tabs", "1 tab and 2 spaces".
func DescribeLead(s string) string {
	tabs, spaces := strings.Count(s, "\t"), strings.Count(s, " ")
	switch {
	case tabs == 0:
		return Plural(spaces, "space")
	case spaces == 0:
		return Plural(tabs, "tab")
	}
	return Plural(tabs, "tab") + " and " + Plural(spaces, "space")
}

// Plural is "1 word" or "n words".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
