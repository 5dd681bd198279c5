package pygments

// Shared by naming_convention and comment_formatting: both reproduce
// verdicts that the MultiCodeIF evaluator derives from Pygments token
// types, so both need chroma tokens placed back on the original bytes and
// nudged where chroma's lexers classify differently from Pygments'.

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lex"
)

// ptok is a Pygments-typed token located in Unit.Src. Start/End are byte
// offsets into the original source (Pygments lexes a normalized copy).
type Ptok struct {
	Type       chroma.TokenType
	Value      string
	Start, End int
}

// maxLexBytes bounds the input lexed with chroma: it spends up to ~25µs
// per token (dense punctuation is the worst case), so a multi-megabyte
// file would take minutes. Generated solutions are a few kilobytes.
const MaxLexBytes = 256 << 10

// tooLarge is the verdict for inputs beyond maxLexBytes. The naming and
// comment rules would spend seconds per megabyte on them, and no
// generated solution comes near that size.
func TooLarge(u *check.Unit) check.Result {
	return check.Result{Verdict: check.Unverified, Reason: fmt.Sprintf("source is %d bytes; this rule checks at most %d", len(u.Src), MaxLexBytes)}
}

// pygTokens lexes u as Pygments would for id, once per unit and language.
func PygTokens(u *check.Unit, id lang.ID) ([]Ptok, error) {
	return check.MemoErr(u, "pygtokens:"+string(id), func() ([]Ptok, error) {
		var all []Ptok
		err := PygStream(u, id, func(t Ptok) bool { all = append(all, t); return true })
		return all, err
	})
}

// pygStream feeds visit the Pygments-typed tokens of u in order and stops
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

// cStdTypes are the names Pygments' C-family lexers retype from Name to
// Keyword.Type after lexing (stdlib, C99, C11 atomic and Linux types).
var cStdTypes = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`size_t ssize_t off_t wchar_t ptrdiff_t sig_atomic_t fpos_t
		clock_t time_t va_list jmp_buf FILE DIR div_t ldiv_t mbstate_t wctrans_t wint_t wctype_t
		int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t int_least8_t
		int_least16_t int_least32_t int_least64_t uint_least8_t uint_least16_t uint_least32_t
		uint_least64_t int_fast8_t int_fast16_t int_fast32_t int_fast64_t uint_fast8_t
		uint_fast16_t uint_fast32_t uint_fast64_t intptr_t uintptr_t intmax_t uintmax_t
		clockid_t cpu_set_t cpumask_t dev_t gid_t id_t ino_t key_t mode_t nfds_t pid_t rlim_t
		sig_t sighandler_t siginfo_t sigset_t sigval_t socklen_t timer_t uid_t`) {
		m[w] = true
	}
	for _, w := range strings.Fields(`bool char schar uchar short ushort int uint long ulong llong
		ullong char16_t char32_t wchar_t int_least8_t uint_least8_t int_least16_t uint_least16_t
		int_least32_t uint_least32_t int_least64_t uint_least64_t int_fast8_t uint_fast8_t
		int_fast16_t uint_fast16_t int_fast32_t uint_fast32_t int_fast64_t uint_fast64_t
		intptr_t uintptr_t size_t ptrdiff_t intmax_t uintmax_t`) {
		m["atomic_"+w] = true
	}
	return m
}()

// pygmentsFixups retypes chroma tokens where chroma's lexer for id is known
// to disagree with Pygments' (the lexer the evaluator ran) in a way that
// changes which tokens are plain Name. It takes mergeUnicodeNames' output
// and may retype it in place.
func pygmentsFixups(id lang.ID, toks []lex.Token) []lex.Token {
	switch id {
	case lang.Zig:
		// Pygments' Zig lexer has no function rule: calls and definitions
		// are plain Name.
		for i := range toks {
			if toks[i].Type == chroma.NameFunction {
				toks[i].Type = chroma.Name
			}
		}
	case lang.C, lang.CPP:
		for i := range toks {
			switch {
			case toks[i].Type == chroma.Name && cStdTypes[toks[i].Value]:
				toks[i].Type = chroma.KeywordType
			case toks[i].Type == chroma.NameLabel && !atLineStart(toks, i):
				// Pygments only takes "ident :" for a label at the start of
				// a line; chroma also does inside range-for headers.
				toks[i].Type = chroma.Name
			}
		}
	case lang.JavaScript:
		toks = splitCommentNewline(mergePrivateNames(toks))
	case lang.Kotlin:
		toks = splitCommentNewline(toks)
	case lang.Python:
		// Soft keywords are keywords only where a statement starts.
		for i := range toks {
			if toks[i].Type == chroma.Keyword && (toks[i].Value == "match" || toks[i].Value == "case") && !atLineStart(toks, i) {
				toks[i].Type = chroma.Name
			}
		}
	}
	return toks
}

// splitCommentNewline gives a line comment's final newline back to
// whitespace: Pygments' Kotlin and JavaScript lexers stop the comment
// before it, chroma's include it (which matters for inline comments).
func splitCommentNewline(in []lex.Token) []lex.Token {
	out := make([]lex.Token, 0, len(in))
	for _, t := range in {
		if t.Type == chroma.CommentSingle && len(t.Value) > 1 && strings.HasSuffix(t.Value, "\n") {
			out = append(out, lex.Token{Type: t.Type, Value: t.Value[:len(t.Value)-1]}, lex.Token{Type: chroma.TextWhitespace, Value: "\n"})
			continue
		}
		out = append(out, t)
	}
	return out
}

// atLineStart reports whether only whitespace precedes toks[i] on its line.
func atLineStart(toks []lex.Token, i int) bool {
	for j := i - 1; j >= 0; j-- {
		v := toks[j].Value
		if k := strings.LastIndexByte(v, '\n'); k >= 0 {
			return strings.TrimSpace(v[k+1:]) == ""
		}
		if strings.TrimSpace(v) != "" {
			return false
		}
	}
	return true
}

// mergeUnicodeNames joins a Name token with following Error tokens made of
// letters: Pygments' \w is Unicode-aware, so "Handleง" is one Name there.
//
// It appends to out, which must not share memory with in.
func mergeUnicodeNames(out, in []lex.Token) []lex.Token {
	for _, t := range in {
		if n := len(out); n > 0 && t.Type == chroma.Error && out[n-1].Type == chroma.Name && isWordText(t.Value) {
			out[n-1].Value += t.Value
			continue
		}
		out = append(out, t)
	}
	return out
}

// mergePrivateNames rebuilds JavaScript private names: Pygments lexes
// "#count" as one Name, chroma as an Error "#" and an identifier.
func mergePrivateNames(in []lex.Token) []lex.Token {
	out := make([]lex.Token, 0, len(in))
	for i := 0; i < len(in); i++ {
		t := in[i]
		if t.Type == chroma.Error && t.Value == "#" && i+1 < len(in) && startsIdent(in[i+1].Value) {
			name := "#"
			for i+1 < len(in) && isWordText(in[i+1].Value) {
				name += in[i+1].Value
				i++
			}
			out = append(out, lex.Token{Type: chroma.Name, Value: name})
			continue
		}
		out = append(out, t)
	}
	return out
}

func startsIdent(s string) bool {
	return s != "" && (s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

func isWordText(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)) {
			return false
		}
	}
	return true
}

// The evaluator's case conventions, with its regular expressions (ASCII
// letters only; UPPER_CASE has none and never matches).
var conventionRE = map[string]*regexp.Regexp{
	"snake_case": regexp.MustCompile(`^[a-z]+[a-z0-9_]*$`),
	"PascalCase": regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`),
	"camelCase":  regexp.MustCompile(`^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$`),
	"kebab-case": regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`),
}

func MatchesConvention(name, conv string) bool {
	if re, ok := conventionRE[conv]; ok {
		return re.MatchString(name)
	}
	return false
}
