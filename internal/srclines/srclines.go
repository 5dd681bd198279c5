// Package srclines splits source into lines and measures the blanks
// that lead each one, in columns. The layout rule's indentation model
// (internal/rules/layout) and the eslint indent port
// (internal/eslintindent) share it, so both count the same lines and
// columns.
package srclines

import "bytes"

// Line is one line of a source: Start is its first byte, Lead its first
// byte that is not a blank (space or tab; End when there is none), End
// where it ends before its "\n" or "\r\n", and Col the width of its
// leading blanks, a tab advancing to the next multiple of the tab width.
type Line struct {
	Start, Lead, End, Col int
}

// Split splits src at "\n". A source ending in "\n" ends with an empty
// line, so every offset from 0 to len(src) lies on some line.
func Split(src []byte, tabWidth int) []Line {
	var out []Line
	for s := 0; s <= len(src); {
		e := bytes.IndexByte(src[s:], '\n')
		next := 0
		if e < 0 {
			e = len(src)
			next = len(src) + 1
		} else {
			e += s
			next = e + 1
		}
		end := e
		if end > s && src[end-1] == '\r' {
			end--
		}
		lead := s
		for lead < end && (src[lead] == ' ' || src[lead] == '\t') {
			lead++
		}
		out = append(out, Line{Start: s, Lead: lead, End: end, Col: Cols(src[s:lead], tabWidth)})
		s = next
	}
	return out
}

// Of is the index of the line holding offset off: the last line that
// starts at or before it.
func Of(lines []Line, off int) int {
	lo, hi := 0, len(lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if lines[mid].Start <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// Cols is the width of b, a tab advancing to the next multiple of tw.
func Cols(b []byte, tw int) int {
	c := 0
	for _, x := range b {
		if x == '\t' {
			c = c/tw*tw + tw
		} else {
			c++
		}
	}
	return c
}

// LineStart is the offset where the line holding off starts.
func LineStart(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// Indent is the run of blanks and tabs that starts the line holding off.
func Indent(src []byte, off int) string {
	s := LineStart(src, off)
	e := s
	for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
		e++
	}
	return string(src[s:e])
}

// Break is the file's line break, so that an edit keeps a CRLF file CRLF.
func Break(src []byte) string {
	if bytes.Contains(src, []byte("\r\n")) {
		return "\r\n"
	}
	return "\n"
}

// Width is the width of a line as rustfmt counts it: characters,
// a tab counting tabWidth.
func Width(line []byte, tabWidth int) int {
	w := 0
	for _, r := range string(line) {
		if r == '\t' {
			w += tabWidth
		} else {
			w++
		}
	}
	return w
}
