package lang

import (
	"bytes"
	"regexp"
)

// A ".h" file is C or C++ by what it contains: C++ has constructs C has
// not (classes, namespaces, templates, access specifiers, `::`, the C++
// standard library's extensionless headers, C++-only keywords). A C
// header that guards `extern "C"` for C++ callers is still C.
var cppHeaderSignals = []*regexp.Regexp{
	regexp.MustCompile(`(?m)^\s*namespace\b[\w:\s]*\{`),
	regexp.MustCompile(`(?m)^\s*(export\s+)?template\s*<`),
	regexp.MustCompile(`(?m)^\s*(class|struct)\s+\w+(\s+final)?\s*(:\s*(public|private|protected)\b|\{[^}]*\b(public|private|protected)\s*:)`),
	regexp.MustCompile(`(?m)^\s*class\s+\w+\s*[:{;]`),
	regexp.MustCompile(`(?m)^\s*(public|private|protected)\s*:`),
	regexp.MustCompile(`\b\w+::~?\w+`),
	regexp.MustCompile(`(?m)^\s*#\s*include\s*<[a-z_]+>`),
	regexp.MustCompile(`\b(nullptr|constexpr|noexcept|static_cast|dynamic_cast|reinterpret_cast|const_cast|typename|decltype)\b`),
	regexp.MustCompile(`(?m)^\s*using\s+(namespace\s+)?\w`),
	regexp.MustCompile(`\bvirtual\s+[\w:<>~]+`),
	regexp.MustCompile(`\boperator\s*(\(\)|[-+*/%^&|~!=<>\[]+|\w+)\s*\(`),
}

// DetectHeader decides whether a ".h" file's content is C++ or C.
func DetectHeader(src []byte) ID {
	code := stripCComments(src)
	for _, re := range cppHeaderSignals {
		if re.Match(code) {
			return CPP
		}
	}
	return C
}

// stripCComments blanks comments and string and character literals, so
// that prose ("see Foo::bar") and text are not mistaken for code. Line
// breaks are kept, so anchored patterns still see lines.
func stripCComments(src []byte) []byte {
	out := bytes.Clone(src)
	blank := func(i, j int) {
		for k := i; k < j && k < len(out); k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
	}
	for i := 0; i < len(src); i++ {
		switch {
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			blank(i, i+j)
			i += j
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
			j := bytes.Index(src[i+2:], []byte("*/"))
			end := len(src)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			blank(i, end)
			i = end - 1
		case src[i] == '"' || src[i] == '\'':
			// `#include "x.h"` keeps nothing useful either.
			q := src[i]
			j := i + 1
			for j < len(src) && src[j] != q && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			blank(i+1, j)
			i = j
		}
	}
	return out
}

// ByPathContent is ByPath, with a ".h" file's language decided by its
// content (DetectHeader), and a ".pro" file Prolog only when its content
// is (IsProlog): otherwise it is no language iflint knows.
func ByPathContent(path string, src []byte) (Info, bool) {
	in, ok := ByPath(path)
	if ok && in.ID == C && isHeader(path) && src != nil {
		return Get(DetectHeader(src)), true
	}
	if ok && in.ID == Prolog && isPro(path) && src != nil && !IsProlog(src) {
		return Info{}, false
	}
	return in, ok
}

func isHeader(path string) bool {
	return len(path) >= 2 && (path[len(path)-2:] == ".h" || path[len(path)-2:] == ".H")
}
