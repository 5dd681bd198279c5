package datastruct

// The evaluator reads call names by slicing the decoded, comment-free
// source with tree-sitter's byte offsets; this reproduces the shift that
// every non-ASCII character before a call causes.

import (
	"sort"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/check"
)

// evalText is the text the evaluator compares for a node: it slices the
// decoded str of the stripped code with tree-sitter's *byte* offsets, so
// every non-ASCII character before the node shifts the slice; a reading
// with character-offsets reads the node's own bytes.
func (a *analysis) evalText(sp check.Span, r reading) string {
	if r.nodeBytes || isASCII(a.src) {
		return string(a.src[sp.Start:sp.End])
	}
	x := a.offsets()
	s, e := x.charPos(a.strippedOffset(sp.Start)), x.charPos(a.strippedOffset(sp.End))
	if e < s {
		e = s
	}
	return string(x.norm[s:e])
}

// charOffsets indexes the stripped code as the evaluator's second parse
// sees it: carriage returns of CRLF dropped by Pygments' normalization
// (ASCII, but once dropped they no longer count as characters), and the
// byte position of every character.
type charOffsets struct {
	norm      []byte
	crs       []int // stripped offsets of dropped carriage returns
	charStart []int // byte offset in norm of each character, plus len(norm)
}

func (a *analysis) offsets() *charOffsets {
	if a.idx != nil {
		return a.idx
	}
	code := a.code()
	x := &charOffsets{norm: make([]byte, 0, len(code))}
	for i := 0; i < len(code); i++ {
		if code[i] == '\r' && i+1 < len(code) && code[i+1] == '\n' {
			x.crs = append(x.crs, i)
			continue
		}
		x.norm = append(x.norm, code[i])
	}
	for i := 0; i < len(x.norm); {
		x.charStart = append(x.charStart, i)
		_, n := utf8.DecodeRune(x.norm[i:])
		i += n
	}
	x.charStart = append(x.charStart, len(x.norm))
	a.idx = x
	return x
}

// charPos maps a stripped byte offset, used as a character index the way
// Python slicing does, to a byte position in norm (clamped like a slice).
func (x *charOffsets) charPos(off int) int {
	off -= sort.SearchInts(x.crs, off)
	if off < 0 {
		off = 0
	}
	if off >= len(x.charStart) {
		return len(x.norm)
	}
	return x.charStart[off]
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
