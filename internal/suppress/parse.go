package suppress

import (
	"bytes"
	"sync"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// keywords are what a file must contain (case-insensitively) for any
// marker of its language to be there; a file without them is not parsed
// for comments at all.
var keywords = map[lang.ID][]string{
	lang.Python:     {"noqa", "pylint", "fmt:", "yapf:"},
	lang.Go:         {"nolint"},
	lang.JavaScript: {"eslint-", "prettier-ignore"},
	lang.TypeScript: {"eslint-", "prettier-ignore"},
	lang.Java:       {"suppresswarnings", "checkstyle:", "@formatter:"},
	lang.Rust:       {"allow", "expect", "rustfmt::skip"},
	lang.C:          {"nolint", "clang-format"},
	lang.CPP:        {"nolint", "clang-format"},
}

// MayHaveMarkers reports whether src can hold a marker at all: a cheap
// byte test that lets clean files skip the comment scan.
func MayHaveMarkers(id lang.ID, src []byte) bool {
	var low []byte
	if ascii(src) {
		// Lowered into a buffer kept between files: a copy of every
		// file's text was the test's whole cost.
		bp := lowerBufs.Get().(*[]byte)
		defer lowerBufs.Put(bp)
		low = append((*bp)[:0], src...)
		for i, c := range low {
			if 'A' <= c && c <= 'Z' {
				low[i] = c + 'a' - 'A'
			}
		}
		*bp = low
	} else {
		low = bytes.ToLower(src) // Unicode's lowering: U+212A KELVIN SIGN is a "k"
	}
	if bytes.Contains(low, []byte("iflint")) {
		return true
	}
	for _, k := range keywords[id] {
		if bytes.Contains(low, []byte(k)) {
			return true
		}
	}
	return false
}

var lowerBufs = sync.Pool{New: func() any { return new([]byte) }}

func ascii(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Parse finds the suppressions of a file of language id. tree returns
// its syntax tree (parsed once and shared with the rules); without a
// grammar, comments are found by the Pygments lexer and ecosystem markers
// that need the tree's declarations are not read.
func Parse(id lang.ID, src []byte, tree func() (*syntax.Tree, error)) *Set {
	s := &Set{}
	if !MayHaveMarkers(id, src) {
		return s
	}
	var t *syntax.Tree
	if syntax.Supported(id) && tree != nil {
		if pt, err := tree(); err == nil {
			t = pt
		} else {
			return s
		}
	}
	f := newFile(id, src, t)
	var py pythonState
	var js jsState
	var jv javaState
	var cs cState
	for i, c := range f.comments {
		f.parseOwn(s, c)
		switch id {
		case lang.Python:
			f.parsePython(s, &py, c)
		case lang.Go:
			f.parseGo(s, i)
		case lang.JavaScript, lang.TypeScript:
			f.parseJS(s, &js, c)
		case lang.Java:
			f.parseJavaComment(s, &jv, c)
		case lang.C, lang.CPP:
			f.parseC(s, &cs, c)
		}
	}
	switch id {
	case lang.Java:
		f.parseJavaAnnotations(s)
	case lang.Rust:
		f.parseRustAttributes(s)
	}
	s.sort()
	return s
}
