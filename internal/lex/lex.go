// Package lex tokenizes source the way Pygments does, through chroma (a Go
// port of Pygments' lexers with the same token types). It is used only
// where a verdict hinges on Pygments' classification of tokens; comment and
// string locating is done with tree-sitter, which is far faster.
package lex

import (
	"fmt"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"

	"github.com/iflint/iflint/internal/lang"
)

// Token is a lexed token with its Pygments type.
type Token struct {
	Type  chroma.TokenType
	Value string
}

// Normalize applies Pygments' default input preprocessing (Lexer.get_tokens
// with stripnl and ensurenl): CRLF/CR become LF, leading and trailing
// newlines are stripped, and one trailing newline is ensured.
func Normalize(src string) string {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	src = strings.ReplaceAll(src, "\r", "\n")
	src = strings.Trim(src, "\n")
	return src + "\n"
}

// Tokens lexes src with the Pygments lexer of id, after Normalize.
func Tokens(id lang.ID, src string) ([]Token, error) {
	name := lang.Get(id).Lexer
	if name == "" {
		name = string(id)
	}
	l := lexers.Get(name)
	if l == nil {
		return nil, fmt.Errorf("no lexer for %q", id)
	}
	it, err := Tokenise(l, Normalize(src))
	if err != nil {
		return nil, fmt.Errorf("lex %s: %w", id, err)
	}
	var out []Token
	for t := it(); t != chroma.EOF; t = it() {
		out = append(out, Token{Type: t.Type, Value: t.Value})
	}
	return out, nil
}

// Join concatenates the values of the tokens for which keep returns true.
func Join(toks []Token, keep func(Token) bool) string {
	var b strings.Builder
	for _, t := range toks {
		if keep(t) {
			b.WriteString(t.Value)
		}
	}
	return b.String()
}

// NotComment keeps tokens outside Pygments' Comment category.
func NotComment(t Token) bool { return !t.Type.InCategory(chroma.Comment) }

// NotString keeps tokens outside Pygments' String category.
func NotString(t Token) bool { return !t.Type.InSubCategory(chroma.LiteralString) }
