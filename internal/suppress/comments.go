package suppress

import (
	"sort"
	"strings"

	"github.com/alecthomas/chroma/v2"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lex"
	"github.com/iflint/iflint/internal/syntax"
)

// comment is one comment of the file.
type comment struct {
	raw        string // as in the source, delimiters included
	text       string // without delimiters, trimmed
	start, end Pos    // end is the position just after the last byte
	startOff   int
	// alone is set when only whitespace precedes the comment on its line.
	alone bool
	node  syntax.Node // zero for files without a grammar
}

// commentQueries name each grammar's comment nodes.
var commentQueries = map[lang.ID]string{
	lang.Python:     `(comment) @c`,
	lang.JavaScript: `(comment) @c`,
	lang.TypeScript: `(comment) @c`,
	lang.Go:         `(comment) @c`,
	lang.Java:       `[(line_comment) (block_comment)] @c`,
	lang.Kotlin:     `[(line_comment) (multiline_comment)] @c`,
	lang.Rust:       `[(line_comment) (block_comment)] @c`,
	lang.C:          `(comment) @c`,
	lang.CPP:        `(comment) @c`,
	lang.CSharp:     `(comment) @c`,
	lang.Lua:        `(comment) @c`,
	lang.Ruby:       `(comment) @c`,
	lang.Haskell:    `(comment) @c`,
	lang.Zig:        `(comment) @c`,
}

// file is what the marker parsers read.
type file struct {
	id       lang.ID
	src      []byte
	starts   []int // offset of each line's first byte
	root     syntax.Node
	comments []comment
	code     []bool // code[l]: line l (1-based) holds something besides comments and blanks
}

func newFile(id lang.ID, src []byte, tree *syntax.Tree) *file {
	f := &file{id: id, src: src, starts: []int{0}}
	for i, b := range src {
		if b == '\n' {
			f.starts = append(f.starts, i+1)
		}
	}
	if tree != nil {
		f.root = tree.Root()
		if q, ok := commentQueries[id]; ok {
			if cq, err := syntax.CompileQuery(id, q); err == nil {
				for _, c := range cq.Captures(f.root) {
					f.addComment(c.Node.Start(), c.Node.End(), c.Node)
				}
			}
		}
	} else {
		f.lexComments()
	}
	sort.Slice(f.comments, func(i, j int) bool { return f.comments[i].startOff < f.comments[j].startOff })
	f.markCode()
	return f
}

// lexComments finds comments with the Pygments lexer, for languages
// without a tree-sitter grammar. Offsets are recovered from the token
// values; the lexer's input differs from the source only in line endings
// and leading newlines, which are accounted for.
func (f *file) lexComments() {
	src := strings.ReplaceAll(strings.ReplaceAll(string(f.src), "\r\n", "\n"), "\r", "\n")
	if src != string(f.src) {
		return // offsets would drift; CR line endings are rare outside Windows files
	}
	toks, err := lex.Tokens(f.id, src)
	if err != nil {
		return
	}
	off := len(src) - len(strings.TrimLeft(src, "\n"))
	// Block comments come in pieces (chroma emits them rune by rune);
	// consecutive pieces of one block comment are one comment.
	start, end := -1, -1
	var kind chroma.TokenType
	flush := func() {
		if start >= 0 {
			v := strings.TrimRight(string(f.src[start:end]), "\n")
			f.addComment(start, start+len(v), syntax.Node{})
		}
		start = -1
	}
	for _, t := range toks {
		isComment := t.Type.InCategory(chroma.Comment) && t.Type != chroma.CommentPreproc && t.Type != chroma.CommentPreprocFile
		if off+len(t.Value) > len(f.src) || string(f.src[off:off+len(t.Value)]) != t.Value {
			break // the lexer's text no longer lines up (the newline it adds at the end)
		}
		switch {
		case !isComment:
			flush()
		case start >= 0 && t.Type == kind && t.Type != chroma.CommentSingle:
			end = off + len(t.Value)
		default:
			flush()
			start, end, kind = off, off+len(t.Value), t.Type
		}
		off += len(t.Value)
	}
	flush()
}

func (f *file) addComment(start, end int, n syntax.Node) {
	raw := string(f.src[start:end])
	c := comment{raw: raw, text: stripDelimiters(raw), start: f.pos(start), end: f.pos(end), startOff: start, node: n}
	ls := f.starts[c.start.Line-1]
	c.alone = strings.TrimSpace(string(f.src[ls:start])) == ""
	f.comments = append(f.comments, c)
}

// stripDelimiters removes a comment's opening and closing markers.
func stripDelimiters(s string) string {
	switch {
	case strings.HasPrefix(s, "/*"):
		s = strings.TrimSuffix(s[2:], "*/")
		s = strings.TrimLeft(s, "*!")
	case strings.HasPrefix(s, "//"):
		s = strings.TrimLeft(s[2:], "/!")
	case strings.HasPrefix(s, "{-"):
		s = strings.TrimSuffix(s[2:], "-}")
	case strings.HasPrefix(s, "--[["):
		s = strings.TrimSuffix(s[4:], "]]")
	case strings.HasPrefix(s, "--"):
		s = s[2:]
	case strings.HasPrefix(s, "#="): // Julia
		s = strings.TrimSuffix(s[2:], "=#")
	case strings.HasPrefix(s, "#"):
		s = strings.TrimLeft(s, "#")
	case strings.HasPrefix(s, "%"):
		s = strings.TrimLeft(s, "%")
	}
	return strings.TrimSpace(s)
}

// pos converts an offset to a position.
func (f *file) pos(off int) Pos {
	l := sort.Search(len(f.starts), func(i int) bool { return f.starts[i] > off }) - 1
	return Pos{Line: l + 1, Col: off - f.starts[l] + 1}
}

// lines is the number of lines.
func (f *file) lines() int { return len(f.starts) }

// markCode records which lines hold code: something that is neither
// whitespace nor inside a comment.
func (f *file) markCode() {
	f.code = make([]bool, len(f.starts)+2)
	inComment := make([]bool, len(f.src))
	for _, c := range f.comments {
		end := c.startOff + len(c.raw)
		for i := c.startOff; i < end && i < len(inComment); i++ {
			inComment[i] = true
		}
	}
	line := 1
	for i, b := range f.src {
		if b == '\n' {
			line++
			continue
		}
		if !inComment[i] && b != ' ' && b != '\t' && b != '\r' && b != '\f' {
			f.code[line] = true
		}
	}
}

// nextCodeLine is the first line after l holding code, or 0.
func (f *file) nextCodeLine(l int) int {
	for n := l + 1; n <= f.lines(); n++ {
		if f.code[n] {
			return n
		}
	}
	return 0
}

// outermostAt returns the largest named node starting exactly at byte
// offset off (a declaration rather than its first token), or the zero
// node.
func (f *file) outermostAt(off int) syntax.Node {
	var hit syntax.Node
	f.root.Walk(func(m syntax.Node) bool {
		switch {
		case hit.Valid() || m.End() <= off || m.Start() > off:
			return false
		case !m.Parent().Valid():
			return true // the root: a directive covers a declaration, not the file
		case m.IsNamed() && m.Start() == off:
			// Pre-order visits ancestors first: this is the outermost.
			hit = m
			return false
		}
		return true
	})
	return hit
}

// firstCodeOffset is the offset of the first non-blank byte of line l.
func (f *file) firstCodeOffset(l int) int {
	i := f.starts[l-1]
	for i < len(f.src) && (f.src[i] == ' ' || f.src[i] == '\t') {
		i++
	}
	return i
}

// endLine is the last line a node covers: a node ending at column 1
// ends with the line before (it stops at a newline).
func (f *file) endLine(n syntax.Node) int {
	p := f.pos(n.End())
	if p.Col == 1 && p.Line > 1 {
		return p.Line - 1
	}
	return p.Line
}
