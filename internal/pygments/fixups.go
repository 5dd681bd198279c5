package pygments

// Where chroma's lexers and Pygments' part: chroma's tokens retyped,
// split or merged so that the tokens that are plain Name (and comments)
// are the ones Pygments' lexers produce. Each fixup names the lexer
// behaviour it reproduces; the C type lists are Pygments' own
// (pygments/lexers/c_cpp.py; see LICENSE).

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lex"
)

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
