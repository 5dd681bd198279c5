package lex

import (
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lintevaltest"
)

// lexerNames are the chroma lexers iflint uses, one per language.
func lexerNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range lang.All() {
		name := l.Lexer
		if name == "" {
			name = string(l.ID)
		}
		if !seen[name] && lexers.Get(name) != nil {
			seen[name] = true
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

func collect(t testing.TB, tokenise func() (chroma.Iterator, error)) []chroma.Token {
	t.Helper()
	it, err := tokenise()
	if err != nil {
		t.Fatal(err)
	}
	var out []chroma.Token
	for tok := it(); tok != chroma.EOF; tok = it() {
		out = append(out, tok)
	}
	return out
}

// sameTokens lexes src both ways, with every skipped rule re-run to
// prove it could not have matched, and reports a difference.
func sameTokens(t testing.TB, name, src string) {
	t.Helper()
	verifySkips = true
	defer func() { verifySkips = false }()
	l := lexers.Get(name)
	want := collect(t, func() (chroma.Iterator, error) { return l.Tokenise(nil, src) })
	got := collect(t, func() (chroma.Iterator, error) { return Tokenise(l, src) })
	if !reflect.DeepEqual(got, want) {
		// regexp2 gives up on a match after chroma's 250ms timeout, which
		// a starved test process can hit on any rule: look again.
		want = collect(t, func() (chroma.Iterator, error) { return l.Tokenise(nil, src) })
		got = collect(t, func() (chroma.Iterator, error) { return Tokenise(l, src) })
	}
	if !reflect.DeepEqual(got, want) {
		n := 0
		for n < len(got) && n < len(want) && got[n] == want[n] {
			n++
		}
		t.Fatalf("%s on %.80q: token %d differs: fast %v, chroma %v", name, src, n, got[n:min(n+3, len(got))], want[n:min(n+3, len(want))])
	}
}

var samples = []string{
	"",
	"\n\n",
	"def f(x):\n    return x  # c\n\"\"\"doc\nmore\"\"\"\r\nclass A: pass\r",
	"public class A {\n  /** @return x */\n  int f() { return 1; } // end\n}\n",
	"fn main() { let s = r#\"raw\"#; /* a /* nested */ b */ println!(\"{}\", 'c'); }\n",
	"package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(`raw\n`) }\n",
	"#include <stdio.h>\nint main(void) { size_t n = 0; label: return 0; }\n",
	"const x = `t ${a + `n`}`; class C { #p = 1; get() { return this.#p } }\n",
	"fun main() { val s = \"\"\"x\"\"\" // k\n}\n",
	"module M where\nf :: Int -> Int\nf x = x {- c -} + 1\n",
	"local t = {} --[[ block ]] print(#t)\n",
	"héllo wörld ñ ✓ \u00a0 \u2028 日本語 'unterminated\n\"also",
	"\x00\x01\xff\xfe bad utf8 \xc3(",
}

func TestTokeniseMatchesChroma(t *testing.T) {
	for _, name := range lexerNames() {
		for _, s := range samples {
			sameTokens(t, name, s)
		}
	}
}

// TestTokeniseMatchesChromaOnLintEval compares both lexers on the strings
// of the MultiCodeIF generations (prompts, prose and code alike). By
// default every fourth string of the single-level results goes through
// one lexer; IFLINT_LEX_FULL=1 runs every string of every results
// directory through three lexers (some ten minutes).
func TestTokeniseMatchesChromaOnLintEval(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	dir := filepath.Join(lintevaltest.Dir(t), "multicodeif", "results")
	full := os.Getenv("IFLINT_LEX_FULL") != ""
	if !full {
		dir = filepath.Join(dir, "single_level")
	}
	seen := map[string]bool{}
	var texts []string
	lintevaltest.EachString(t, dir, func(s string) {
		if len(s) >= 40 && !seen[s] {
			seen[s] = true
			texts = append(texts, s)
		}
	})
	names := lexerNames()
	for i, s := range texts {
		if full {
			for k := 0; k < 3; k++ {
				sameTokens(t, names[(i*3+k)%len(names)], s)
			}
		} else if i%4 == 0 {
			sameTokens(t, names[(i/4)%len(names)], s)
		}
	}
	t.Logf("%d texts, %d lexers", len(texts), len(names))
}

func FuzzTokenise(f *testing.F) {
	for _, s := range samples {
		f.Add(s)
	}
	names := lexerNames()
	f.Fuzz(func(t *testing.T, src string) {
		for _, name := range names {
			sameTokens(t, name, src)
		}
	})
}

// TestNativeMatchesRegexp2 runs every rule the native matcher accepts,
// plain or not, at every position of mixed snippets, against regexp2.
func TestNativeMatchesRegexp2(t *testing.T) {
	texts := append([]string(nil), samples...)
	r := rand.New(rand.NewSource(1))
	pieces := []string{" ", "\n", "\t", "a", "Zq_9", "0x1F", "1.5e-3", "'", "\"", "\\", "//", "/*", "*/", "#", "--",
		"(", ")", "{", "}", "[", "]", "<", ">", "=", "==", "=>", "::", ".", ",", ";", "@", "$", "é", "日本", "\u00a0",
		"if", "def", "fn", "class", "import", "return", "self", "None", "0", "r\"", "b'", "`", "${", "\r\n"}
	for i := 0; i < 20; i++ {
		var b strings.Builder
		for n := 0; n < 60; n++ {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	checked, unanswered := 0, 0
	for _, name := range lexerNames() {
		rl, ok := lexers.Get(name).(*chroma.RegexLexer)
		if !ok {
			continue
		}
		f, err := fastFor(rl)
		if err != nil || !f.ok {
			continue
		}
		var nr nativeRun
		for _, rules := range f.rules {
			for _, rule := range rules {
				nat := nativeOf(rule)
				if nat == nil {
					continue
				}
				for _, s := range texts {
					text := []rune(s)
					for pos := 0; pos < len(text); pos++ {
						end, ok := nat.match(&nr, text, pos)
						if !ok {
							continue
						}
						if verifyNative(rule, text, pos, end) {
							checked++
						} else {
							unanswered++
						}
					}
				}
			}
		}
	}
	t.Logf("%d native matches checked, %d left unanswered by regexp2's match timeout", checked, unanswered)
	if unanswered > checked/10 {
		t.Errorf("regexp2 answered only %d of %d matches: too few to compare", checked, checked+unanswered)
	}
}
