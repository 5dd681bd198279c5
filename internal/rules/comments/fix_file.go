package comments

// The file a comment fix works on: its comments as the syntax tree has
// them (text inside a string or broken code is never a comment), its
// lines, and the comments the given findings point at.

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/syntax"
)

// wholeFile is a skip about the file rather than one place in it.
func (f *commentFile) wholeFile(why string) check.Skipped {
	return check.Skipped{Start: 0, End: len(f.src), Reason: why}
}

// cmt is a comment node of the tree. end excludes a trailing line break
// (some grammars put it in the node).
type cmt struct {
	start, end int
	line, last int  // first and last line, 0-based
	own        bool // only blanks before it on its first line
	alone      bool // own, and only blanks after it on its last line
}

// change is one self-contained proposal; lo..hi is the original text it
// rewrites, which locates re-check findings it is answerable for, at..end
// the comment or declaration it is about (lo..hi when zero), and finds
// the given findings it answers (none for a failure of the whole file).
type change struct {
	edits   check.Edits
	lo, hi  int
	at, end int
	finds   []check.Finding
	// still, when set, is the finding the change must remove: only that
	// finding, left at at, withdraws it (a documentation fix may leave
	// other findings, such as missing Javadoc tags, for the author).
	still string
}

// where is the span a withdrawn change is reported at.
func (ch change) where() (int, int) {
	if ch.at == 0 && ch.end == 0 {
		return ch.lo, ch.hi
	}
	return ch.at, ch.end
}

type commentFile struct {
	u      *check.Unit
	c      constraint.Constraint
	id     lang.ID
	src    []byte
	tree   *syntax.Tree
	lb     string
	starts []int // line start offsets
	list   []cmt // in source order
	opaque []byteSpan
	// err is the first internal failure of the rule while re-checking
	// (see run); the fixer returns it instead of an answer.
	err error
	// prof is the profile whose rule the plan follows and settle
	// re-checks: lint, except for the paper's documentation styles.
	prof check.Profile
	// lintDoc is the lint documentation rule being fixed, if any.
	lintDoc *doclint.Style
	// given are the findings the fixer was handed; nested marks a run
	// that only learns what a later run would do (see later).
	given  []check.Finding
	nested bool
	// givenAt indexes given for isGiven (made on first use), so that
	// settling n findings against n given ones is n·log n, not n².
	givenAt *givenIndex
}

func newCommentFile(u *check.Unit, c constraint.Constraint, id lang.ID) (*commentFile, error) {
	t, err := u.Tree(id)
	if err != nil {
		return nil, fmt.Errorf("comment fixer: parse %s as %s: %w", u.Path, id, err)
	}
	f := &commentFile{u: u, c: c, id: id, src: u.Src, tree: t, lb: srclines.Break(u.Src), starts: []int{0}, opaque: opaqueSpans(t.Root()), prof: check.Lint}
	f.c.Lang = id
	for i, b := range f.src {
		if b == '\n' {
			f.starts = append(f.starts, i+1)
		}
	}
	t.Root().Walk(func(n syntax.Node) bool {
		typ := n.Type()
		if n.IsError() || strings.Contains(typ, "string") || strings.Contains(typ, "template") {
			// A "comment" in an error is recovery's guess; one in a string
			// or template is recovery's too, or code inside ${...}.
			return false
		}
		if !strings.Contains(typ, "comment") {
			return true
		}
		s, e := n.Start(), n.End()
		for e > s && (f.src[e-1] == '\n' || f.src[e-1] == '\r') {
			e--
		}
		own := blank(f.src[f.starts[f.lineOf(s)]:s])
		f.list = append(f.list, cmt{s, e, f.lineOf(s), f.lineOf(e), own, own && blank(f.src[e:f.lineEnd(f.lineOf(e))])})
		return false
	})
	return f, nil
}

func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v' {
			return false
		}
	}
	return true
}

func (f *commentFile) lineOf(off int) int { return sort.SearchInts(f.starts, off+1) - 1 }

// lineEnd is the offset of line l's "\n" (or the end of the source).
func (f *commentFile) lineEnd(l int) int {
	if l+1 < len(f.starts) {
		return f.starts[l+1] - 1
	}
	return len(f.src)
}

// lineText is line l without its line break.
func (f *commentFile) lineText(l int) string {
	return strings.TrimSuffix(string(f.src[f.starts[l]:f.lineEnd(l)]), "\r")
}

// contentEnd is where line l's last non-blank byte ends.
func (f *commentFile) contentEnd(l int) int {
	e := f.lineEnd(l)
	for e > f.starts[l] && isBlankByte(f.src[e-1]) {
		e--
	}
	return e
}

func isBlankByte(b byte) bool { return blank([]byte{b}) }

// commentAt returns the comment containing off.
func (f *commentFile) commentAt(off int) (cmt, bool) {
	i := sort.Search(len(f.list), func(i int) bool { return f.list[i].end > off })
	if i < len(f.list) && f.list[i].start <= off {
		return f.list[i], true
	}
	return cmt{}, false
}

// lineComment returns the comment standing alone on line l.
func (f *commentFile) lineComment(l int) (cmt, bool) {
	if l < 0 {
		return cmt{}, false
	}
	k, ok := f.commentAt(f.starts[l] + len(f.lineText(l)) - len(strings.TrimLeft(f.lineText(l), " \t\f\v")))
	return k, ok && k.alone && k.line == l && k.last == l
}

// runAbove returns the comments standing alone on the lines directly
// above line l, topmost first, each single-line or a whole block.
func (f *commentFile) runAbove(l int) []cmt {
	var run []cmt
	for l > 0 {
		k, ok := f.commentAt(max(f.starts[l-1], f.contentEnd(l-1)-1))
		if !ok || !k.alone || k.last != l-1 {
			break
		}
		run = append([]cmt{k}, run...)
		l = k.line
	}
	return run
}

func (f *commentFile) text(k cmt) string { return string(f.src[k.start:k.end]) }

// flaggedComment is a comment and the given findings that point at it.
type flaggedComment struct {
	k     cmt
	finds []check.Finding
}

// flagged returns the comments the given findings point at, each once
// with its findings, in source order. A finding that carries no comment
// to convert (one the rule did not make) comes back as Skipped, and so
// does one where the lexer sees a comment the parser does not (inside a
// string, a macro body or broken code).
func (f *commentFile) flagged(given []check.Finding) ([]flaggedComment, []check.Skipped) {
	var out []flaggedComment
	var skipped []check.Skipped
	for _, fd := range given {
		if _, ok := targetOf(fd); !ok {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: "the rule reports no comment of the kind to convert here (" + firstLineOf(fd.Message) + "); left alone"})
			continue
		}
		k, ok := f.commentAt(fd.Start)
		if !ok {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: "the lexer sees a comment here but the parser does not (it is inside a string, a macro body or broken code); left alone"})
			continue
		}
		if i := slices.IndexFunc(out, func(fl flaggedComment) bool { return fl.k == k }); i >= 0 {
			out[i].finds = append(out[i].finds, fd)
		} else {
			out = append(out, flaggedComment{k, []check.Finding{fd}})
		}
	}
	slices.SortFunc(out, func(a, b flaggedComment) int { return a.k.start - b.k.start })
	return out, skipped
}

// directiveRE matches comments that a tool reads only in their exact form
// and place (Go build constraints and pragmas, cgo exports, TypeScript
// references and suppressions, linter switches, Python type comments):
// re-spelling or moving one changes what the tool does.
var directiveRE = regexp.MustCompile(`^(//[a-z0-9]+:\S|//(line|export|extern) |//\s*\+build|///\s*<|(//|/\*|#)\s*(@ts-|eslint|prettier-ignore|NOLINT|nolint|istanbul |c8 |jshint|global |type:|noqa|pragma|pylint:|mypy:|fmt:|isort:|nosec|-\*-|vim:))`)

// codingRE is Python's encoding declaration (PEP 263), read on the first
// two lines only.
var codingRE = regexp.MustCompile(`^#.*?coding[:=]`)

func (f *commentFile) isDirective(k cmt) bool {
	t := f.text(k)
	return directiveRE.MatchString(t) || k.start == 0 && strings.HasPrefix(t, "#!") ||
		f.id == lang.Python && k.line < 2 && codingRE.MatchString(t)
}
