package markdown

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text renders s as one line of inert Markdown for GitHub: whatever it
// holds shows as the characters it is and does nothing else. A review
// built from data another party wrote (a fork's review artifact) must not
// let that party open a code fence or a <details> block around the
// rest of the comment, ping people, or dress a link up as iflint's.
// Concretely: the first line only, at most max runes (an ellipsis marks
// a cut); control characters become spaces; &, < and > become entities,
// so no HTML tag or comment can open; backticks, brackets and
// backslashes are escaped, so no code span, link or image can form; an
// @ before a name gets a word joiner (U+2060) after it, and :// one too,
// so neither a mention nor an autolink is made.
func Text(s string, max int) string {
	s, _, _ = strings.Cut(s, "\n")
	s = strings.TrimSpace(s)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if r := []rune(s); max > 0 && len(r) > max {
		s = string(r[:max]) + "…"
	}
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '`' || r == '[' || r == ']' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '@' && i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1])):
			b.WriteString("@\u2060")
		case r == ':' && i+2 < len(rs) && rs[i+1] == '/' && rs[i+2] == '/':
			b.WriteString(":\u2060")
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Code renders s as the content of a one-line code span (between single
// backticks): backticks become quotes, since a code span cannot escape
// them, and line breaks and control characters spaces. Inside a code
// span, Markdown, HTML and mentions are inert.
func Code(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '`':
			return '\''
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			return ' '
		}
		return r
	}, s)
}
