package comments

// The text of comments and what the fixer writes: a comment's lines
// without its delimiters, those lines as //, ///, /* */ or /** */
// comments, and whether a comment reads as a description at all.

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/lang"
)

// firstLineOf is a message's first line, which a reason quotes.
func firstLineOf(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// closedBlock reports whether s is a whole /* */ comment; error recovery
// may end one at the end of the file.
func closedBlock(s string) bool {
	return len(s) >= 4 && strings.HasPrefix(s, "/*") && strings.HasSuffix(s, "*/")
}

// blockCommentLines is the text of a /* */ comment, one entry per line,
// without the delimiters, the " * " decoration or the common indentation
// of its later lines, and without blank first and last lines.
func blockCommentLines(s string) []string {
	body := strings.TrimLeft(strings.TrimSuffix(strings.TrimPrefix(s, "/*"), "*/"), "*")
	lines := strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	if t := strings.TrimRight(lines[len(lines)-1], "*"); strings.TrimSpace(t) == "" || strings.HasSuffix(t, " ") {
		lines[len(lines)-1] = t // a closing " ***/" is decoration
	}
	lines[0] = strings.TrimLeft(lines[0], " \t")
	rest := lines[1:]
	decorated, indent, seen := true, "", false
	for _, l := range rest {
		t := strings.TrimLeft(l, " \t")
		if t == "" {
			continue
		}
		decorated = decorated && strings.HasPrefix(t, "*")
		lead := l[:len(l)-len(t)]
		if !seen {
			indent, seen = lead, true
		}
		for !strings.HasPrefix(lead, indent) {
			indent = indent[:len(indent)-1]
		}
	}
	for i, l := range rest {
		if t := strings.TrimLeft(l, " \t"); decorated {
			rest[i] = strings.TrimPrefix(strings.TrimPrefix(t, "*"), " ")
		} else {
			rest[i] = strings.TrimPrefix(l, indent)
		}
	}
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " \t")
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// cStyle reports whether the language comments with // and /* */, the
// only delimiters the kind conversions produce.
func cStyle(id lang.ID) bool {
	in := lang.Get(id)
	return in.LineComment == "//" && in.BlockStart == "/*"
}

// asLines renders lines as line comments with marker; the first starts
// where the replaced comment did, the others at indent.
func asLines(marker string, lines []string, indent, lb string) string {
	var sb strings.Builder
	for i, l := range lines {
		if i > 0 {
			sb.WriteString(lb + indent)
		}
		sb.WriteString(marker)
		if l != "" {
			sb.WriteString(" " + l)
		}
	}
	if len(lines) == 0 {
		sb.WriteString(marker)
	}
	return sb.String()
}

// starBlock renders lines as open + " * " lines + " */".
func starBlock(open string, lines []string, indent, lb string) string {
	var sb strings.Builder
	sb.WriteString(open)
	for _, l := range lines {
		sb.WriteString(lb + indent + " *")
		if l != "" {
			sb.WriteString(" " + l)
		}
	}
	sb.WriteString(lb + indent + " */")
	return sb.String()
}

// hasSentence reports whether a comment's description (its lines before
// the first block tag such as "@param") holds a whole sentence: a ".",
// "!" or "?" followed by a blank or the end (closing quotes and brackets
// aside), as Javadoc finds its summary sentence and as PEP 257 has a
// docstring be "a phrase ending in a period". A comment without one reads
// as a label or a note (a section header such as "Overridable Interface",
// a reminder such as "public for unit tests"), which is not the
// declaration's description even when it stands right above it.
func hasSentence(lines []string) bool {
	var desc []string
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "@") {
			break
		}
		desc = append(desc, l)
	}
	text := strings.Join(desc, " ")
	for i := 0; i < len(text); i++ {
		if c := text[i]; c != '.' && c != '!' && c != '?' {
			continue
		}
		j := i + 1
		for j < len(text) && strings.IndexByte(")]}\"'`", text[j]) >= 0 {
			j++
		}
		if j == len(text) || text[j] == ' ' || text[j] == '\t' {
			return true
		}
	}
	return false
}

// notADescription is the refusal of a comment without a sentence: where
// says which comment, decl what it would document.
func notADescription(where, decl, form string) string {
	return fmt.Sprintf("the %s holds no sentence, so it reads as a label or a note, not as the description of %s; write the %s by hand (the fixer never invents words)", where, decl, form)
}

// runLines is the text of a run of comments, blank lines inside kept.
func (f *commentFile) runLines(run []cmt) ([]string, string) {
	var lines []string
	for _, k := range run {
		if f.isDirective(k) {
			return nil, "the comment above is a tool directive, which works only as written; convert by hand"
		}
		if t := f.text(k); strings.HasPrefix(t, "/*") && !closedBlock(t) {
			return nil, "the comment above is an unterminated block comment; fix it by hand"
		}
		if ls := commentLines(f.text(k), f.id); len(ls) > 0 {
			lines = append(lines, ls...)
		} else {
			lines = append(lines, "")
		}
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines, ""
}

// commentLines is the text of any comment, by its delimiters.
func commentLines(s string, id lang.ID) []string {
	if strings.HasPrefix(s, "/*") {
		return blockCommentLines(s)
	}
	marker := lang.Get(id).LineComment
	if id == lang.Python {
		s = "#" + strings.TrimLeft(s, "#") // "## Section" reads as "Section"
	}
	if t := lineCommentText(s, marker); t != "" {
		return []string{t}
	}
	return nil
}

// lineCommentText is the text of a line comment after its marker and
// one space.
func lineCommentText(s, marker string) string {
	s = strings.TrimPrefix(s, marker)
	s = strings.TrimPrefix(s, " ")
	return strings.TrimRight(s, " \t\r")
}

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
