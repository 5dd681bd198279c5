package engine

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/check"
)

// unitLines indexes a unit's lines once, so that locating many findings
// on one long line (a minified file has thousands) costs no rescan of
// the line per finding.
type unitLines struct {
	src    []byte
	starts []int          // offset of each line's first byte
	ascii  []bool         // the line holds only ASCII bytes
	texts  map[int]string // trimmed, by line
	norm   map[int]string // lineDigest, by line (fingerprints)
}

func linesOf(u *check.Unit) *unitLines {
	return u.Memo("engine.lines", func() any {
		li := &unitLines{src: u.Src, starts: []int{0}, texts: map[int]string{}}
		ascii := true
		for i, b := range u.Src {
			if b >= utf8.RuneSelf {
				ascii = false
			}
			if b == '\n' {
				li.ascii = append(li.ascii, ascii)
				li.starts = append(li.starts, i+1)
				ascii = true
			}
		}
		li.ascii = append(li.ascii, ascii)
		return li
	}).(*unitLines)
}

// text is the trimmed text of the line holding off (lineText's result).
func (li *unitLines) text(line int) string {
	if t, ok := li.texts[line]; ok {
		return t
	}
	s := li.starts[line-1]
	e := len(li.src)
	if k := bytes.IndexByte(li.src[s:], '\n'); k >= 0 {
		e = s + k
	}
	t := strings.TrimSpace(string(li.src[s:e]))
	li.texts[line] = t
	return t
}

// digest is lineDigest of the line, computed once per line: a minified
// line holds thousands of findings.
func (li *unitLines) digest(line int) string {
	if t, ok := li.norm[line]; ok {
		return t
	}
	if li.norm == nil {
		li.norm = map[int]string{}
	}
	t := lineDigest(li.text(line))
	li.norm[line] = t
	return t
}

// col16 is utf16Col, without decoding ASCII lines.
func (li *unitLines) col16(off, line, byteCol int) int {
	if line >= 1 && line <= len(li.ascii) && li.ascii[line-1] {
		return byteCol
	}
	return utf16Col(li.src, off, byteCol)
}
