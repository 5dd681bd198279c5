package rustmacro

import "bytes"

// scriptHead spells a script's head as the comments rustfmt keeps as
// written, in the same number of bytes: a shebang line (`#!/usr/bin/env
// -S cargo -Zscript`, whose arguments the grammar reads as an
// expression running into the next lines) as a line comment, and a
// cargo script's frontmatter (RFC 3503: a fence of three or more dashes
// at column 0 after the shebang and blank lines, an info string after
// it, and a closing fence of as many dashes) as a block comment, `/*-`
// ... `-*/`. The grammar does not know a frontmatter and reads the file
// from there on as errors, which the layout model judges by the unit
// alone (a comment pushed one level in went unseen). The bytes are
// written with set; reports whether src changed. A frontmatter holding
// `/*` or `*/` is left as it is.
func scriptHead(src []byte, set func(int, byte)) bool {
	at, changed := 0, false
	if bytes.HasPrefix(src, []byte("#!")) && !bytes.HasPrefix(bytes.TrimLeft(src[2:], " \t"), []byte("[")) {
		set(0, '/')
		set(1, '/')
		at, changed = lineEnd(src, 0), true
	}
	for at < len(src) && len(bytes.TrimSpace(src[at:lineEnd(src, at)])) == 0 {
		at = lineEnd(src, at)
	}
	n := 0
	for at+n < len(src) && src[at+n] == '-' {
		n++
	}
	if n < 3 {
		return changed
	}
	fence := src[at : at+n]
	for close := lineEnd(src, at); close < len(src); close = lineEnd(src, close) {
		line := bytes.TrimRight(src[close:lineEnd(src, close)], " \t\r\n")
		if !bytes.Equal(line, fence) {
			continue
		}
		inner := src[at+2 : close+n-2]
		if bytes.Contains(inner, []byte("/*")) || bytes.Contains(inner, []byte("*/")) {
			return changed
		}
		set(at, '/')
		set(at+1, '*')
		set(close+n-2, '*')
		set(close+n-1, '/')
		return true
	}
	return changed
}

// lineEnd is the offset just past the line holding offset at (past its
// '\n', or the end of src).
func lineEnd(src []byte, at int) int {
	if k := bytes.IndexByte(src[at:], '\n'); k >= 0 {
		return at + k + 1
	}
	return len(src)
}
