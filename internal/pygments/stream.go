package pygments

// Tokens placed on the unit's bytes: chroma lexes the text as Pygments
// would see it (lex.Normalize: newlines folded, the ends trimmed), the
// fixups (fixups.go) make chroma's token types Pygments', and each token
// is located back in the original source.

import (
	"bytes"
	"fmt"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lex"
)

// Ptok is a Pygments-typed token located in Unit.Src. Start/End are byte
// offsets into the original source (Pygments lexes a normalized copy).
type Ptok struct {
	Type       chroma.TokenType
	Value      string
	Start, End int
}

// MaxLexBytes bounds the input lexed with chroma: it spends up to ~25µs
// per token (dense punctuation is the worst case), so a multi-megabyte
// file would take minutes. Generated solutions are a few kilobytes.
const MaxLexBytes = 256 << 10

// TooLarge is the verdict for inputs beyond MaxLexBytes. The naming and
// comment rules would spend seconds per megabyte on them, and no
// generated solution comes near that size.
func TooLarge(u *check.Unit) check.Result {
	return check.Result{Verdict: check.Unverified, Reason: fmt.Sprintf("source is %d bytes; this rule checks at most %d", len(u.Src), MaxLexBytes)}
}

// PygTokens lexes u as Pygments would for id, once per unit and language.
func PygTokens(u *check.Unit, id lang.ID) ([]Ptok, error) {
	return check.MemoErr(u, "pygtokens:"+string(id), func() ([]Ptok, error) {
		var all []Ptok
		err := PygStream(u, id, func(t Ptok) bool { all = append(all, t); return true })
		return all, err
	})
}

// PygStream feeds visit the Pygments-typed tokens of u in order and stops
// early when visit returns false. Lexing costs more than a tree-sitter
// parse, so rules that can decide on a prefix of the tokens stream them.
// Fixups look ahead at most a couple of tokens, so the last two fixed
// tokens of each batch wait for the next one.
func PygStream(u *check.Unit, id lang.ID, visit func(Ptok) bool) error {
	if len(u.Src) > MaxLexBytes {
		return fmt.Errorf("source is %d bytes; Pygments-compatible lexing is limited to %d", len(u.Src), MaxLexBytes)
	}
	name := lang.Get(id).Lexer
	if name == "" {
		name = string(id)
	}
	l := lexers.Get(name)
	if l == nil {
		return fmt.Errorf("no Pygments lexer for %q", id)
	}
	it, err := lex.Tokenise(l, lex.Normalize(string(u.Src)))
	if err != nil {
		return fmt.Errorf("lex %s: %w", id, err)
	}
	offs := newNormMap(u.Src)
	var raw []lex.Token
	// Each batch redoes the fixups over every token so far (in a reused
	// buffer) and places only the tokens it hands over.
	var merged []lex.Token
	done := 0
	for batch := 256; ; batch *= 2 {
		final := false
		for n := 0; n < batch; n++ {
			t := it()
			if t == chroma.EOF {
				final = true
				break
			}
			raw = append(raw, lex.Token{Type: t.Type, Value: t.Value})
		}
		merged = mergeUnicodeNames(merged[:0], raw)
		fixed := pygmentsFixups(id, merged)
		settled := len(fixed)
		if !final {
			settled -= 2
		}
		pos := 0
		for _, t := range fixed[:min(done, len(fixed))] {
			pos += len(t.Value)
		}
		for ; done < settled; done++ {
			t := fixed[done]
			if !visit(placeToken(u.Src, offs, pos, t)) {
				return nil
			}
			pos += len(t.Value)
		}
		if final {
			return nil
		}
	}
}

// normMap maps each byte of lex.Normalize(src) to its offset in src; the
// synthetic final newline, and anything past it, maps to len(src).
// Without carriage returns the map is a shift by the leading newlines
// Normalize trims, so no per-byte table is built for it.
type normMap struct {
	offs   []int // nil for a shift
	lo, n  int   // the shift, and how many bytes it maps
	srcLen int
}

func newNormMap(src []byte) normMap {
	if bytes.IndexByte(src, '\r') >= 0 {
		return normMap{offs: normOffsets(src), srcLen: len(src)}
	}
	lo, hi := 0, len(src)
	for lo < hi && src[lo] == '\n' {
		lo++
	}
	for hi > lo && src[hi-1] == '\n' {
		hi--
	}
	return normMap{lo: lo, n: hi - lo, srcLen: len(src)}
}

// size is the number of normalized bytes, final newline included.
func (m normMap) size() int {
	if m.offs != nil {
		return len(m.offs)
	}
	return m.n + 1
}

func (m normMap) at(k int) int {
	if m.offs != nil {
		if k >= len(m.offs) {
			return m.srcLen
		}
		return m.offs[k]
	}
	if k < m.n {
		return m.lo + k
	}
	return m.srcLen
}

// normOffsets is normMap's table for sources with carriage returns.
func normOffsets(src []byte) []int {
	offs := make([]int, 0, len(src)+1)
	for i := 0; i < len(src); i++ {
		if src[i] == '\r' {
			offs = append(offs, i)
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			continue
		}
		offs = append(offs, i)
	}
	// Mirror Normalize's Trim of newlines at both ends.
	lo, hi := 0, len(offs)
	isNL := func(k int) bool { c := src[offs[k]]; return c == '\n' || c == '\r' }
	for lo < hi && isNL(lo) {
		lo++
	}
	for hi > lo && isNL(hi-1) {
		hi--
	}
	// offs has room for the final entry and nothing else refers to it,
	// so the append stays in place.
	return append(offs[lo:hi], len(src))
}

// placeToken locates t, which starts at byte pos of the normalized text,
// in src.
func placeToken(src []byte, m normMap, pos int, t lex.Token) Ptok {
	end := pos + len(t.Value)
	s, e := m.at(pos), m.at(end)
	if end > 0 && end <= m.size() {
		e = m.at(end-1) + 1
		if e > len(src) {
			e = len(src)
		}
	}
	return Ptok{Type: t.Type, Value: t.Value, Start: s, End: e}
}
