package fix

// The comment fixer only re-spells comments: it changes their delimiters,
// moves a comment to the line above or below, or turns Python # lines
// into a docstring, always keeping the words, so a missing or badly worded
// comment is Skipped, never written. Which comments the rule counts comes
// from the rule itself: lint-profile runs of the single- and multi-line
// checks list every line and block comment the Pygments lexer sees, and
// the lint profile's documentation rules list each declaration they
// report (comments_lintdoc.go); the multicodeif profile's documentation
// styles are fixed as the paper's evaluator reads them (comments_doc.go).
// Each comment must also be a comment node of the tree-sitter tree, so
// text inside a string is never touched. Every proposal is verified (see
// settle): a change that adds a parse error or leaves its own finding in
// place is withdrawn and reported as Skipped.

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
	"github.com/iflint/iflint/internal/syntax"
)

var _ Fixer = FixComments

// FixComments is the Fixer of comment_formatting. Per style: block
// comments become // lines (single-line), // runs become /* */ blocks
// (multi-line), a lone comment line joins the code line below it
// (inline), trailing comments move above their line (block), comments
// directly above declarations become /** */ (Javadoc, KotlinDoc) or ///
// (Rustdoc), a one-line /* */ GoDoc becomes // and a detached one is
// re-attached (GoDoc), and # comments at or above a def/class become its
// docstring (Python docstring).
func FixComments(u *check.Unit, c constraint.Constraint, r check.Result) (Edits, []Skipped, error) {
	if c.Type != constraint.Comments {
		return nil, nil, fmt.Errorf("comment fixer: want a %s constraint, got %q", constraint.Comments, c.Type)
	}
	if r.Verdict != check.Fail {
		return nil, nil, nil
	}
	style, ok := commentStyles[strings.ToLower(strings.TrimSpace(c.Name))]
	if !ok {
		return nil, refuseAll(u, fmt.Sprintf("comment style %q is not one the rule knows, so there is nothing to convert", c.Name)), nil
	}
	if bytes.IndexByte(u.Src, 0) >= 0 {
		return nil, refuseAll(u, "the source holds a NUL byte, which the parser takes for the end of the file; left alone"), nil
	}
	id := c.Lang
	if style.only != lang.Unknown && id != style.only {
		return nil, refuseAll(u, fmt.Sprintf("%s is fixed in %s source only, not %q", c.Name, lang.Get(style.only).Name, c.LangName)), nil
	}
	f, err := newCommentFile(u, c, id)
	if errors.Is(err, syntax.ErrNoGrammar) {
		return nil, refuseAll(u, fmt.Sprintf("no syntax tree for %s, so comments cannot be told from strings; convert them by hand", c.LangName)), nil
	}
	if err != nil {
		return nil, nil, err
	}
	if ds, ok := check.DocStyleFor(c.Name); ok && u.Profile == check.Lint {
		// The lint profile's documentation rules differ in kind from the
		// paper's: fix what they report, declaration by declaration.
		f.lintDoc = ds
		changes, skipped := f.planLintDoc(ds)
		return f.settle(changes, skipped)
	}
	if _, ok := check.DocStyleFor(c.Name); ok {
		f.prof = u.Profile // the paper's documentation styles, re-checked as the paper reads them
	}
	changes, skipped := style.plan(f)
	return f.settle(changes, skipped)
}

// commentStyles are the rule's styles. The documentation styles name
// the one language the rule reads them in, whatever the spec says.
var commentStyles = map[string]struct {
	only lang.ID
	plan func(*commentFile) ([]change, []Skipped)
}{
	"single-line comment": {lang.Unknown, (*commentFile).planSingleLine},
	"multi-line comment":  {lang.Unknown, (*commentFile).planMultiLine},
	"inline comment":      {lang.Unknown, (*commentFile).planInline},
	"block comment":       {lang.Unknown, (*commentFile).planBlock},
	"javadoc":             {lang.Java, func(f *commentFile) ([]change, []Skipped) { return f.planSlashStarDoc("Javadoc") }},
	"kotlindoc":           {lang.Kotlin, func(f *commentFile) ([]change, []Skipped) { return f.planSlashStarDoc("KDoc") }},
	"godoc":               {lang.Go, (*commentFile).planGoDoc},
	"rustdoc":             {lang.Rust, (*commentFile).planRustdoc},
	"python docstring":    {lang.Python, (*commentFile).planDocstrings},
}

// refuseAll skips the whole file: why applies to every finding.
func refuseAll(u *check.Unit, why string) []Skipped {
	return []Skipped{{0, len(u.Src), why}}
}

// wholeFile is a skip about the file rather than one place in it.
func (f *commentFile) wholeFile(why string) Skipped { return Skipped{0, len(f.src), why} }

// cmt is a comment node of the tree. end excludes a trailing line break
// (some grammars put it in the node).
type cmt struct {
	start, end int
	line, last int  // first and last line, 0-based
	own        bool // only blanks before it on its first line
	alone      bool // own, and only blanks after it on its last line
}

// change is one self-contained proposal; lo..hi is the original text it
// rewrites, which locates re-check findings it is answerable for, and
// at..end the comment it is about (lo..hi when zero).
type change struct {
	edits   Edits
	lo, hi  int
	at, end int
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
	// prof is the profile whose rule the plan follows and settle
	// re-checks: lint, except for the paper's documentation styles.
	prof check.Profile
	// lintDoc is the lint documentation rule being fixed, if any.
	lintDoc *check.DocStyle
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

// ruleComments lists the comments the rule's lexer counts as line or
// block comments (not doc comments, shebangs or preprocessor lines):
// the lint profile reports every comment of the other kind, so asking
// for each kind in turn lists them all. A token the lexer sees where the
// parser sees no comment comes back as a Skipped.
func (f *commentFile) ruleComments(styles ...string) ([]cmt, []Skipped) {
	var out []cmt
	var skipped []Skipped
	for _, s := range styles {
		c := f.c
		c.Name = s
		for _, fd := range check.Run(f.lint, c).Findings {
			k, ok := f.commentAt(fd.Start)
			if !ok {
				skipped = append(skipped, Skipped{fd.Start, fd.End, "the lexer sees a comment here but the parser does not (it is inside a string, a macro body or broken code); left alone"})
				continue
			}
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	slices.SortFunc(out, func(a, b cmt) int { return a.start - b.start })
	return out, skipped
}

// settle verifies the changes together: one that adds a parse error, or
// whose own text the re-checked rule still reports, is withdrawn with a
// reason, and the rest are checked again. What still fails elsewhere
// comes back as Skipped too, so nothing failing goes unreported.
func (f *commentFile) settle(changes []change, skipped []Skipped) (Edits, []Skipped, error) {
	for {
		var edits Edits
		for _, ch := range changes {
			edits = append(edits, ch.edits...)
		}
		out, err := edits.Apply(f.src)
		if err != nil {
			return nil, nil, fmt.Errorf("comment fixer: own edits: %w", err)
		}
		if len(edits) > 0 && !f.tree.HasError() && f.breaksParse(out) {
			kept := changes[:0:0]
			for _, ch := range changes {
				one, _ := ch.edits.Apply(f.src)
				if len(changes) == 1 || f.breaksParse(one) {
					s, e := ch.where()
					skipped = append(skipped, Skipped{s, e, "converting this comment would introduce a parse error; left alone"})
				} else {
					kept = append(kept, ch)
				}
			}
			if len(kept) == len(changes) {
				// Only together do they break: keep none rather than guess.
				for _, ch := range changes {
					s, e := ch.where()
					skipped = append(skipped, Skipped{s, e, "the conversions together would introduce a parse error; left alone"})
				}
				kept = nil
			}
			changes = kept
			continue
		}
		rest := check.Run(check.NewUnit(f.u.Ctx, f.u.Path, out, f.prof), f.c)
		if rest.Verdict == check.Fail && len(rest.Findings) > 0 && len(changes) > 0 {
			sorted := slices.Clone(edits)
			slices.SortStableFunc(sorted, func(a, b Edit) int { return a.Start - b.Start })
			k, msg := -1, ""
			for i, fd := range rest.Findings {
				at := mapBack(sorted, fd.Start)
				k = slices.IndexFunc(changes, func(ch change) bool {
					if ch.still != "" {
						return ch.still == fd.Message && at == ch.at
					}
					return i == 0 && ch.lo <= at && at <= ch.hi
				})
				if k >= 0 {
					msg = fd.Message
					break
				}
			}
			if k >= 0 {
				s, e := changes[k].where()
				skipped = append(skipped, Skipped{s, e, "converted, this comment would still fail the rule (" + msg + "); left alone"})
				changes = slices.Delete(changes, k, k+1)
				continue
			}
		}
		left := remaining(edits, rest)
		if f.lintDoc != nil {
			for i := range left {
				left[i].Reason = "left for you to write: " + strings.TrimPrefix(left[i].Reason, "not safely fixable: ") + " (the fixer never invents words)"
			}
		}
		if rest.Verdict == check.Fail && len(rest.Findings) == 0 {
			left = append(left, f.wholeFile("not fixed: "+rest.Reason))
		}
		if len(edits) == 0 {
			edits = nil
		}
		return edits, f.merge(skipped, left), nil
	}
}

// merge adds the re-check's leftovers to the skips already given,
// except where a given skip explains the same line (or, for a failure
// of the whole file, the file).
func (f *commentFile) merge(given, left []Skipped) []Skipped {
	out := slices.Clone(given)
	for _, l := range left {
		whole := l == f.wholeFile(l.Reason)
		if !slices.ContainsFunc(given, func(g Skipped) bool {
			return whole && g == f.wholeFile(g.Reason) || !whole && f.lineOf(g.Start) == f.lineOf(l.Start)
		}) {
			out = append(out, l)
		}
	}
	slices.SortStableFunc(out, func(a, b Skipped) int { return a.Start - b.Start })
	return out
}

func (f *commentFile) breaksParse(out []byte) bool {
	t, err := syntax.Parse(f.u.Ctx, f.id, out)
	return err != nil || t.HasError()
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
