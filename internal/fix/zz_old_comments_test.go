package fix

// The comment fixer only re-spells comments: it changes their delimiters,
// moves a comment to the line above or below, or turns Python # lines
// into a docstring, always keeping the words, so a missing or badly worded
// comment is Skipped, never written.
//
// It fixes exactly the findings it is given, and no other comment: the
// Action hands a fixer only the findings inside a pull request's diff,
// and a finding silenced inline is not handed over at all. Each given
// finding gets its edit or a Skipped reason. Which comment a finding is
// about comes from the rule itself: lint-profile runs of the single- and
// multi-line checks list every line and block comment the Pygments
// lexer sees, the lint profile's documentation rules list each
// declaration they report (comments_lintdoc.go), and the multicodeif
// profile's documentation styles are fixed as the paper's evaluator reads
// them (comments_doc.go). Each comment must also be a comment node of
// the tree-sitter tree, so text inside a string is never touched.
//
// A rule that fails the whole file without a finding (Block comment; the
// paper's Javadoc and KDoc when no /** */ comment exists) asks for one
// comment in its form, so the fixer makes the first change that passes,
// not every change the file could take. A rule that stops at its first
// finding (Inline comment; the multicodeif profile's single- and
// multi-line comments, GoDoc and Rustdoc) hands over one finding at a
// time: the next one, which shows once that one is fixed, comes back as
// Skipped with what a later run will do with it. Every proposal is
// verified (see settle): a change that adds a parse error or leaves its
// own finding in place is withdrawn and reported as Skipped.

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules"
	"github.com/iflint/iflint/internal/rules/comments"
	"github.com/iflint/iflint/internal/syntax"
)

var _ Fixer = FixComments

// FixComments is the Fixer of comment_formatting. Per style, for the
// comments the given findings point at: block comments become // lines
// (single-line), // runs become /* */ blocks (multi-line), a lone comment
// line joins the code line below it (inline), comments directly above
// declarations become /** */ (Javadoc, KotlinDoc) or /// (Rustdoc), a
// one-line /* */ GoDoc becomes // and a detached one is re-attached
// (GoDoc), and # comments opening a def/class's body (apart from the
// code) or directly above it become its docstring (Python docstring).
// For a failure of the whole file, a trailing comment moves above its
// line (block) or the comments above one declaration become its /** */
// comment (the paper's Javadoc and KotlinDoc).
func FixComments(u *check.Unit, c constraint.Constraint, r check.Result) (check.Edits, []check.Skipped, error) {
	return fixComments(u, c, r, false)
}

// fixComments is FixComments; nested marks the run settle makes to learn
// what a later run would do with a finding, which asks no further.
func fixComments(u *check.Unit, c constraint.Constraint, r check.Result, nested bool) (check.Edits, []check.Skipped, error) {
	if c.Type != constraint.Comments {
		return nil, nil, fmt.Errorf("comment fixer: want a %s constraint, got %q", constraint.Comments, c.Type)
	}
	if r.Verdict != check.Fail {
		return nil, nil, nil
	}
	style, ok := commentStyles[strings.ToLower(strings.TrimSpace(c.Name))]
	if !ok {
		return nil, refuseAll(u, r, fmt.Sprintf("comment style %q is not one the rule knows, so there is nothing to convert", c.Name)), nil
	}
	if bytes.IndexByte(u.Src, 0) >= 0 {
		return nil, refuseAll(u, r, "the source holds a NUL byte, which the parser takes for the end of the file; left alone"), nil
	}
	id := c.Lang
	if style.only != lang.Unknown && id != style.only {
		return nil, refuseAll(u, r, fmt.Sprintf("%s is fixed in %s source only, not %q", c.Name, lang.Get(style.only).Name, c.LangName)), nil
	}
	f, err := newCommentFile(u, c, id)
	if errors.Is(err, syntax.ErrNoGrammar) {
		return nil, refuseAll(u, r, fmt.Sprintf("no syntax tree for %s, so comments cannot be told from strings; convert them by hand", c.LangName)), nil
	}
	if err != nil {
		return nil, nil, err
	}
	f.given, f.nested = r.Findings, nested
	if ds, ok := comments.DocStyleFor(c.Name); ok && u.Profile == check.Lint {
		// The lint profile's documentation rules differ in kind from the
		// paper's: fix what they report, declaration by declaration.
		f.lintDoc = ds
		f.plan = func(given []check.Finding) ([]change, []check.Skipped) { return f.planLintDoc(ds, given) }
	} else {
		if _, ok := comments.DocStyleFor(c.Name); ok {
			f.prof = u.Profile // the paper's documentation styles, re-checked as the paper reads them
		}
		f.plan = func(given []check.Finding) ([]change, []check.Skipped) { return style.plan(f, given) }
	}
	changes, skipped := f.plan(r.Findings)
	if len(r.Findings) == 0 && style.whole && f.lintDoc == nil {
		return f.settleFirst(changes, skipped)
	}
	return f.settle(changes, skipped)
}

// commentStyles are the rule's styles. The documentation styles name
// the one language the rule reads them in, whatever the spec says; whole
// marks those whose failure of the whole file one change can mend.
var commentStyles = map[string]struct {
	only  lang.ID
	whole bool
	plan  func(*commentFile, []check.Finding) ([]change, []check.Skipped)
}{
	"single-line comment": {lang.Unknown, false, (*commentFile).planSingleLine},
	"multi-line comment":  {lang.Unknown, false, (*commentFile).planMultiLine},
	"inline comment":      {lang.Unknown, false, (*commentFile).planInline},
	"block comment":       {lang.Unknown, true, (*commentFile).planBlock},
	"javadoc": {lang.Java, true, func(f *commentFile, g []check.Finding) ([]change, []check.Skipped) {
		return f.planSlashStarDoc("Javadoc", g)
	}},
	"kotlindoc": {lang.Kotlin, true, func(f *commentFile, g []check.Finding) ([]change, []check.Skipped) {
		return f.planSlashStarDoc("KDoc", g)
	}},
	"godoc":            {lang.Go, false, (*commentFile).planGoDoc},
	"rustdoc":          {lang.Rust, false, (*commentFile).planRustdoc},
	"python docstring": {lang.Python, false, (*commentFile).planDocstrings},
}

// refuseAll refuses every given finding, or the whole file when the
// failure names none: why applies to each.
func refuseAll(u *check.Unit, r check.Result, why string) []check.Skipped {
	if len(r.Findings) == 0 {
		return []check.Skipped{{Start: 0, End: len(u.Src), Reason: why}}
	}
	return skipAll(r.Findings, why)
}

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
	lint   *check.Unit
	// err is the first internal failure of the rule while re-checking
	// (see run); the fixer returns it instead of an answer.
	err error
	// prof is the profile whose rule the plan follows and settle
	// re-checks: lint, except for the paper's documentation styles.
	prof check.Profile
	// lintDoc is the lint documentation rule being fixed, if any.
	lintDoc *comments.DocStyle
	// given are the findings the fixer was handed; plan plans the fix of
	// some of them.
	given  []check.Finding
	plan   func([]check.Finding) ([]change, []check.Skipped)
	nested bool
}

func newCommentFile(u *check.Unit, c constraint.Constraint, id lang.ID) (*commentFile, error) {
	t, err := u.Tree(id)
	if err != nil {
		return nil, fmt.Errorf("comment fixer: parse %s as %s: %w", u.Path, id, err)
	}
	f := &commentFile{u: u, c: c, id: id, src: u.Src, tree: t, lb: lineBreak(u.Src), starts: []int{0}, opaque: opaqueSpans(t.Root()), prof: check.Lint}
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
	f.lint = u
	if u.Profile != check.Lint {
		f.lint = check.NewUnit(u.Ctx, u.Path, u.Src, check.Lint)
	}
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

// listed is the start of every comment the rule's lexer counts as a
// line or block comment (not doc comments, shebangs or preprocessor
// lines) of the kinds the styles reject: a lint-profile run of each
// style reports every comment of the other kind.
func (f *commentFile) listed(styles ...string) map[int]bool {
	out := map[int]bool{}
	for _, s := range styles {
		c := f.c
		c.Name = s
		for _, fd := range f.run(f.lint, c).Findings {
			out[fd.Start] = true
		}
	}
	return out
}

// flagged returns the comments the given findings point at, each once
// with its findings, in source order. A finding at no comment the rule
// lists for styles comes back as Skipped, and so does one where the
// lexer sees a comment the parser does not (inside a string, a macro
// body or broken code).
func (f *commentFile) flagged(given []check.Finding, styles ...string) ([]flaggedComment, []check.Skipped) {
	listed := f.listed(styles...)
	var out []flaggedComment
	var skipped []check.Skipped
	for _, fd := range given {
		if !listed[fd.Start] {
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

// run checks c on u, recording the rule's internal failure in f.err.
func (f *commentFile) run(u *check.Unit, c constraint.Constraint) check.Result {
	r, err := rules.Run(u, c)
	if err != nil && f.err == nil {
		f.err = err
	}
	return r
}
