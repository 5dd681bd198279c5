package layoutview

// C and C++ preprocessor lines as Pygments lexes them (comments), for the
// paper's layout rules.

import (
	"bytes"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/work"
)

// preprocSpans finds C/C++ preprocessor directives the way Pygments' C
// lexer does: a line whose first non-blank character is "#" is a comment
// from the "#" through its newline (following backslash continuations and
// block comments), and "#if 0" hides everything up to the matching
// #else/#elif/#endif line.
func preprocSpans(src []byte, sp *Spans, m *work.Meter) []check.Span {
	inside := check.MergeSpans(append(append([]check.Span(nil), sp.comments...), sp.strings...))
	m.Add(len(inside) * (1 + work.Log(len(inside))))
	covered := func(off int) bool {
		m.Add(1 + work.Log(len(inside)))
		k := sort.Search(len(inside), func(j int) bool { return inside[j].End > off })
		return k < len(inside) && inside[k].Start <= off
	}
	// closeFrom is the first "*/" at or after from (-1: none). The lines
	// ask with ascending from, so one search serves every line up to the
	// "*/" it found: searching again per line that opens a comment was
	// quadratic in a comment of many such lines.
	closeAt, closeFrom := -2, -1
	closeAfter := func(from int) int {
		if closeAt == -2 || from < closeFrom || closeAt >= 0 && closeAt < from {
			closeFrom, closeAt = from, -1
			if k := bytes.Index(src[from:], []byte("*/")); k >= 0 {
				closeAt = from + k
			}
			end := len(src)
			if closeAt >= 0 {
				end = closeAt
			}
			m.Add(1 + end - from)
		}
		return closeAt
	}
	var out []check.Span
	for pos := 0; pos < len(src); {
		lineEnd := IndexFrom(src, pos, '\n')
		m.Add(1 + lineEnd - pos)
		hash := pos
		for hash < lineEnd && (src[hash] == ' ' || src[hash] == '\t' || src[hash] == '\r' || src[hash] == '\f' || src[hash] == '\v') {
			hash++
		}
		// One leading block comment is allowed before the "#".
		if hash+1 < lineEnd && src[hash] == '/' && src[hash+1] == '*' {
			if c := closeAfter(hash + 2); c >= 0 {
				h := c + 2
				for h < len(src) && (src[h] == ' ' || src[h] == '\t') {
					h++
				}
				if h < len(src) && src[h] == '#' {
					hash = h
					lineEnd = IndexFrom(src, hash, '\n')
				}
			}
		}
		if hash >= len(src) || src[hash] != '#' || covered(hash) {
			pos = lineEnd + 1
			continue
		}
		if end, ok := ifZeroEnd(src, hash); ok {
			out = append(out, check.Span{Start: hash, End: end})
			pos = end
			continue
		}
		end := directiveEnd(src, hash)
		out = append(out, includeSpans(src, hash, end)...)
		pos = end
	}
	return out
}

// includeSpans splits the directive [hash,end) into comment spans. For
// `#include <file>` and `#include "file"` Pygments lexes the blanks around
// "include" as plain whitespace, which therefore survives comment removal
// (two includes leave two spaces before the next line's code).
func includeSpans(src []byte, hash, end int) []check.Span {
	whole := []check.Span{{Start: hash, End: end}}
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
	return []check.Span{{Start: hash, End: hash + 1}, {Start: kw, End: kw + len("include")}, {Start: file, End: end}}
}

// directiveEnd is the end (past the newline) of the directive at hash.
func directiveEnd(src []byte, i int) int {
	for i < len(src) {
		switch {
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
			k := bytes.Index(src[i+2:], []byte("*/"))
			if k < 0 {
				return len(src)
			}
			i += 2 + k + 2
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
			return min(IndexFrom(src, i, '\n')+1, len(src))
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

// ifZeroEnd handles "#if 0": Pygments comments out the block through the
// line of the matching #endif, or of the first #else/#elif at depth 0.
func ifZeroEnd(src []byte, hash int) (int, bool) {
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
	pos := IndexFrom(src, hash, '\n') + 1
	for pos < len(src) {
		lineEnd := IndexFrom(src, pos, '\n')
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
