package comments

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// ---- from comments.go

// compose, the rule's Composer: the comment fixer only re-spells comments: it changes their delimiters,
// moves a comment to the line above or below, or turns Python # lines
// into a docstring, always keeping the words, so a missing or badly worded
// comment is Skipped, never written.
//
// It fixes exactly the findings it is given, and no other comment: the
// Action hands a fixer only the findings inside a pull request's diff,
// and a finding silenced inline is not handed over at all. Each given
// finding gets its edit or a Skipped reason. Which comment a finding is
// about comes from the finding itself, which carries its target
// (fix_attach.go): a comment the rule's Pygments lexer flags, a
// declaration a lint documentation rule reports (fix_lint_docs.go), a
// line the paper's GoDoc reads (fix_paper_docs.go). Each comment must
// also be a comment node of the tree-sitter tree, so text inside a
// string is never touched.
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

// compose is the Composer of comment_formatting. Per style, for the
// comments the given findings point at: block comments become // lines
// (single-line), // runs become /* */ blocks (multi-line), a lone comment
// line joins the code line below it (inline), comments directly above
// declarations become /** */ (Javadoc, KotlinDoc) or /// (Rustdoc), a
// one-line /* */ GoDoc becomes // and a detached one is re-attached
// (GoDoc), and # comments opening a def/class's body (apart from the
// code) or directly above it become its docstring (Python docstring).
// For a failure of the whole file, a trailing comment moves above its
// line (block) or the comments above one declaration become its /** */
// comment (the paper's Javadoc and KotlinDoc): compose is then given no
// finding.
func compose(u *check.Unit, c constraint.Constraint, findings []check.Finding) (check.Edits, []check.Skipped, error) {
	return composeComments(u, c, findings, false)
}

// composeComments is compose; nested marks the run settle makes to learn
// what a later run would do with a finding, which asks no further.
func composeComments(u *check.Unit, c constraint.Constraint, findings []check.Finding, nested bool) (check.Edits, []check.Skipped, error) {
	if c.Type != constraint.Comments {
		return nil, nil, fmt.Errorf("comment fixer: want a %s constraint, got %q", constraint.Comments, c.Type)
	}
	r := check.Result{Verdict: check.Fail, Findings: findings}
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
	if ds, ok := DocStyleFor(c.Name); ok && docsAsLinters.In(u.Profile) {
		// The lint profile's documentation rules differ in kind from the
		// paper's: fix what they report, declaration by declaration.
		f.lintDoc = ds
		f.plan = func(given []check.Finding) ([]change, []check.Skipped) { return f.planLintDoc(ds, given) }
	} else {
		if _, ok := DocStyleFor(c.Name); ok {
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
	// err is the first internal failure of the rule while re-checking
	// (see run); the fixer returns it instead of an answer.
	err error
	// prof is the profile whose rule the plan follows and settle
	// re-checks: lint, except for the paper's documentation styles.
	prof check.Profile
	// lintDoc is the lint documentation rule being fixed, if any.
	lintDoc *DocStyle
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

// recheck is the rule without its fix, for compose's re-checks (the Rule
// itself refers to compose).
var recheck = &check.Rule{Type: constraint.Comments, Paper: checkPaper, Lint: checkLint}

// run checks c on u, recording the rule's internal failure in f.err.
func (f *commentFile) run(u *check.Unit, c constraint.Constraint) check.Result {
	r, err := recheck.Run(u, c)
	if err != nil && f.err == nil {
		f.err = err
	}
	return r
}

// ---- from comments_settle.go

// How the comment fixer proves its changes and what it says of the rest:
// settle withdraws a change that breaks the parse or leaves its own
// finding, and reports what still fails (leftovers) in the words a user
// needs: a given finding still failing, text a change exposed, or the
// next finding of a rule that stops at its first.

// settle verifies the changes together: one that adds a parse error, or
// whose own text the re-checked rule still reports, is withdrawn with a
// reason, and the rest are checked again. What still fails comes back as
// Skipped (see leftovers), so nothing failing goes unreported.
func (f *commentFile) settle(changes []change, skipped []check.Skipped) (check.Edits, []check.Skipped, error) {
	for {
		var edits check.Edits
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
					skipped = append(skipped, ch.refuse("converting this comment would introduce a parse error; left alone")...)
				} else {
					kept = append(kept, ch)
				}
			}
			if len(kept) == len(changes) {
				// Only together do they break: keep none rather than guess.
				for _, ch := range changes {
					skipped = append(skipped, ch.refuse("the conversions together would introduce a parse error; left alone")...)
				}
				kept = nil
			}
			changes = kept
			continue
		}
		sorted := slices.Clone(edits)
		slices.SortStableFunc(sorted, func(a, b check.Edit) int { return a.Start - b.Start })
		rest := f.run(check.NewUnit(f.u.Ctx, f.u.Path, out, f.prof), f.c)
		if rest.Verdict == check.Fail && len(changes) > 0 {
			k, msg := -1, ""
			for _, fd := range rest.Findings {
				at := mapBack(sorted, fd.Start)
				k = slices.IndexFunc(changes, func(ch change) bool { return ch.answers(fd.Message, at) })
				if k >= 0 {
					msg = fd.Message
					break
				}
			}
			if k >= 0 {
				skipped = append(skipped, changes[k].refuse("converted, this comment would still fail the rule ("+msg+"); left alone")...)
				changes = slices.Delete(changes, k, k+1)
				continue
			}
		}
		if f.u.Profile != f.prof {
			// The caller re-checks as its own profile reads the rule.
			rest = f.run(check.NewUnit(f.u.Ctx, f.u.Path, out, f.u.Profile), f.c)
		}
		left := f.leftovers(sorted, changes, rest, out)
		if rest.Verdict == check.Fail && len(rest.Findings) == 0 {
			left = append(left, f.wholeFile("not fixed: "+rest.Reason))
		}
		if len(edits) == 0 {
			edits = nil
		}
		return edits, f.merge(skipped, left), nil
	}
}

// answers reports whether a re-check finding with message msg, at at in
// the original source, is the change's own: it left the finding in place.
// A documentation fix may leave other findings (missing Javadoc tags,
// say) for the author, so only its own finding withdraws it.
func (ch change) answers(msg string, at int) bool {
	if ch.still != "" {
		return ch.still == msg && at == ch.at
	}
	return ch.lo <= at && at <= ch.hi
}

// refuse is the Skipped of each finding the change answers, or of the
// comment it is about.
func (ch change) refuse(why string) []check.Skipped {
	if len(ch.finds) > 0 {
		return skipAll(ch.finds, why)
	}
	s, e := ch.where()
	return []check.Skipped{{Start: s, End: e, Reason: why}}
}

// leftovers are the findings of rest, the re-check of the edited source
// as the caller's profile reads it, that the fixer owes a word about: a
// given finding still failing, and a finding in text a change rewrote,
// say what is left to do; a finding the rule shows only now (a rule that
// stops at its first finding) says what the next run will do with it. A
// finding the caller was shown but did not hand over is not the fixer's
// to report: it lies outside the pull request's diff, say, or is
// silenced, and the caller says so.
func (f *commentFile) leftovers(sorted check.Edits, changes []change, rest check.Result, out []byte) []check.Skipped {
	if rest.Verdict != check.Fail {
		return nil
	}
	shown := f.shown(sorted, rest)
	var left []check.Skipped
	for _, fd := range rest.Findings {
		at := mapBack(sorted, fd.Start)
		end := max(at, mapBack(sorted, fd.End))
		switch {
		case f.isGiven(at, fd.Message) || slices.ContainsFunc(changes, func(ch change) bool { return ch.lo <= at && at <= ch.hi }):
			why := "not safely fixable: " + fd.Message
			if f.lintDoc != nil {
				why = "left for you to write: " + fd.Message + " (the fixer never invents words)"
			}
			left = append(left, check.Skipped{Start: at, End: end, Reason: why})
		case slices.ContainsFunc(shown, func(s shownFinding) bool { return s.start == at && s.message == fd.Message }):
		case stopsAtFirst(f.c.Name, f.u.Profile):
			left = append(left, f.later(fd, out, check.Skipped{Start: at, End: end, Reason: ""}))
		case f.lintDoc != nil:
			// What a conversion exposes (the tags a new Javadoc lacks).
			left = append(left, check.Skipped{Start: at, End: end, Reason: "left for you to write: " + fd.Message + " (the fixer never invents words)"})
		default:
			left = append(left, check.Skipped{Start: at, End: end, Reason: "not safely fixable: " + fd.Message})
		}
	}
	return left
}

// shown are the findings the caller was shown on the original source:
// those of the run the given findings came from, which they carry. With
// no edits the re-check rest is that run again (the given findings may
// all carry NoFix, and so no run); a failure of the whole file showed
// none.
func (f *commentFile) shown(sorted check.Edits, rest check.Result) []shownFinding {
	for _, g := range f.given {
		if t, ok := targetOf(g); ok {
			return t.shown
		}
	}
	if len(sorted) == 0 {
		return shownOf(rest.Findings)
	}
	return nil
}

// stopsAtFirst reports whether the rule of a comment style, as profile
// reads it, reports only its first finding, as the paper's evaluator
// stops there: a finding that shows only once the given ones are fixed
// is then the next one, not one the fix made.
func stopsAtFirst(style string, profile check.Profile) bool {
	switch strings.ToLower(strings.TrimSpace(style)) {
	case "inline comment", "single-line comment", "multi-line comment":
		return !listsEveryComment.In(profile)
	case "godoc", "rustdoc", "javadoc", "kotlindoc":
		return !docsAsLinters.In(profile)
	}
	return false
}

// isGiven reports whether a finding with message msg at off is a given
// one: in its span, or with its message on its line.
func (f *commentFile) isGiven(off int, msg string) bool {
	return slices.ContainsFunc(f.given, func(g check.Finding) bool {
		return g.Start <= off && off <= max(g.End, g.Start) || g.Message == msg && f.lineOf(g.Start) == f.lineOf(off)
	})
}

// later is what the fixer says, at, of a finding fd of the edited source
// out that shows only once the given ones are fixed: what a run given it
// would do there.
func (f *commentFile) later(fd check.Finding, out []byte, at check.Skipped) check.Skipped {
	at.Reason = fmt.Sprintf("not among the findings given to the fixer: the rule stops at its first finding and reports this one (%s) only once those before it are fixed; a later run fixes it", firstLineOf(fd.Message))
	if f.nested {
		return at
	}
	nu := check.NewUnit(f.u.Ctx, f.u.Path, out, f.u.Profile)
	edits, skipped, err := composeComments(nu, f.c, []check.Finding{fd}, true)
	if err == nil && len(edits) == 0 && len(skipped) > 0 {
		at.Reason = skipped[0].Reason
		for _, s := range skipped {
			if s.Start >= fd.Start && s.Start <= max(fd.End, fd.Start) {
				at.Reason = s.Reason
				break
			}
		}
	}
	return at
}

// settleFirst keeps the first change that makes the rule pass: a failure
// of the whole file asks for one comment in the form, not for every
// change the file could take. When none does, each candidate's reason
// and the rule's own complaint come back.
func (f *commentFile) settleFirst(changes []change, skipped []check.Skipped) (check.Edits, []check.Skipped, error) {
	for _, ch := range changes {
		edits, sk, err := f.settle([]change{ch}, nil)
		if err != nil {
			return nil, nil, err
		}
		if len(edits) > 0 && len(sk) == 0 {
			return edits, nil, nil
		}
		own := slices.DeleteFunc(sk, func(s check.Skipped) bool { return s == f.wholeFile(s.Reason) })
		if len(edits) > 0 || len(own) == 0 {
			own = ch.refuse("changing this comment alone does not make the file pass the rule; left alone")
		}
		skipped = append(skipped, own...)
	}
	return f.settle(nil, skipped)
}

// merge adds the re-check's leftovers to the skips already given,
// except where a given skip explains the same line (or, for a failure
// of the whole file, the file).
func (f *commentFile) merge(given, left []check.Skipped) []check.Skipped {
	out := slices.Clone(given)
	for _, l := range left {
		whole := l == f.wholeFile(l.Reason)
		if !slices.ContainsFunc(given, func(g check.Skipped) bool {
			return whole && g == f.wholeFile(g.Reason) || !whole && f.lineOf(g.Start) == f.lineOf(l.Start)
		}) {
			out = append(out, l)
		}
	}
	slices.SortStableFunc(out, func(a, b check.Skipped) int { return a.Start - b.Start })
	return out
}

func (f *commentFile) breaksParse(out []byte) bool {
	t, err := syntax.Parse(f.u.Ctx, f.id, out)
	return err != nil || t.HasError()
}

// ---- from comments_kinds.go

// The comment fixes that change a comment's delimiters or its line
// (single-line, multi-line, inline and block comments), and the paper's
// GoDoc, which its evaluator reads line by line (multicodeif profile).

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

// cStyle reports whether the language comments with // and /* */, the
// only delimiters the kind conversions produce.
func cStyle(id lang.ID) bool {
	in := lang.Get(id)
	return in.LineComment == "//" && in.BlockStart == "/*"
}

// planSingleLine turns each flagged block comment into // lines at its
// place.
func (f *commentFile) planSingleLine(given []check.Finding) ([]change, []check.Skipped) {
	if len(given) == 0 {
		return nil, []check.Skipped{f.wholeFile("no comment to convert; write a single-line comment by hand (the fixer never invents text)")}
	}
	flags, skipped := f.flagged(given) // the rule reports every block comment
	var changes []change
	for _, fl := range flags {
		k := fl.k
		text := f.text(k)
		lines := []string(nil)
		why := ""
		switch {
		case !cStyle(f.id) || !closedBlock(text):
			why = fmt.Sprintf("converting this %s comment to a line comment is not supported; do it by hand", lang.Get(f.id).Name)
		case !blank(f.src[k.end:f.lineEnd(k.last)]):
			why = "code follows this block comment on its line; a // comment would swallow it"
		default:
			lines = blockCommentLines(text)
			for _, l := range lines {
				if (f.id == lang.C || f.id == lang.CPP) && strings.HasSuffix(l, `\`) {
					why = "a line of this comment ends with a backslash, which would continue a // comment onto the next line"
				}
			}
		}
		if why != "" {
			skipped = append(skipped, skipAll(fl.finds, why)...)
			continue
		}
		changes = append(changes, change{edits: check.Edits{{Start: k.start, End: k.end, New: asLines("//", lines, indentOf(f.src, k.start), f.lb)}}, lo: k.start, hi: k.end, finds: fl.finds})
	}
	return changes, skipped
}

// planMultiLine turns each run of flagged // lines (same indentation, no
// gap) into one /* */ block, and a flagged trailing // comment into /* */
// in place. A run never takes in a comment no finding flagged.
func (f *commentFile) planMultiLine(given []check.Finding) ([]change, []check.Skipped) {
	if !cStyle(f.id) {
		why := fmt.Sprintf("%s has no block comment syntax this fixer writes; convert by hand", lang.Get(f.id).Name)
		if f.id == lang.Python {
			why = "Python has no block comment syntax the rule accepts (a docstring is a string, not a comment), so no comment can become a multi-line comment"
		}
		if len(given) == 0 {
			return nil, []check.Skipped{f.wholeFile(why)}
		}
		return nil, skipAll(given, why)
	}
	if len(given) == 0 {
		return nil, []check.Skipped{f.wholeFile("no comment to convert; write a /* */ comment by hand (the fixer never invents text)")}
	}
	bad, skipped := f.flagged(given) // the rule reports every line comment
	var changes []change
	for i := 0; i < len(bad); {
		run := bad[i : i+1]
		for j := i + 1; bad[i].k.alone && j < len(bad) && bad[j].k.alone && bad[j].k.line == bad[j-1].k.last+1 &&
			indentOf(f.src, bad[j].k.start) == indentOf(f.src, bad[i].k.start); j++ {
			run = bad[i : j+1]
		}
		i += len(run)
		ch, why := f.toBlock(run)
		if why != "" {
			for _, fl := range run {
				skipped = append(skipped, skipAll(fl.finds, why)...)
			}
			continue
		}
		changes = append(changes, ch)
	}
	return changes, skipped
}

// toBlock renders a run of // comments as one /* */ comment. A run of
// several lines is rewritten line by line (the first opens the block, the
// last closes it), so each edit stays on the line of its own finding.
func (f *commentFile) toBlock(run []flaggedComment) (change, string) {
	var lines []string
	var finds []check.Finding
	for _, fl := range run {
		k := fl.k
		t := f.text(k)
		switch {
		case !strings.HasPrefix(t, "//"):
			return change{}, "not a // comment; convert it by hand"
		case strings.Contains(t, "\n"):
			return change{}, "this // comment continues onto the next line (a trailing backslash); convert it by hand"
		case f.isDirective(k):
			return change{}, "a tool directive, which works only as written; left as a // comment"
		case strings.Contains(t, "*/") || strings.Contains(t, "/*"):
			return change{}, "the comment's text contains /* or */, which would end or nest a block comment"
		}
		lines = append(lines, lineCommentText(t, "//"))
		finds = append(finds, fl.finds...)
	}
	first, last := run[0].k, run[len(run)-1].k
	if len(run) == 1 {
		s := "/* */"
		if lines[0] != "" {
			s = "/* " + lines[0] + " */"
		}
		return change{edits: check.Edits{{Start: first.start, End: first.end, New: s}}, lo: first.start, hi: first.end, finds: finds}, ""
	}
	indent := indentOf(f.src, first.start)
	var edits check.Edits
	for i, fl := range run {
		s := " *"
		if lines[i] != "" {
			s += " " + lines[i]
		}
		switch i {
		case 0:
			s = "/*" + f.lb + indent + s
		case len(run) - 1:
			s += f.lb + indent + " */"
		}
		// Blanks after the comment on its line go with it.
		end := f.lineEnd(fl.k.last)
		if end > fl.k.end && f.src[end-1] == '\r' {
			end--
		}
		edits = append(edits, check.Edit{Start: fl.k.start, End: max(fl.k.end, end), New: s})
	}
	return change{edits: edits, lo: first.start, hi: last.end, finds: finds}, ""
}

// planInline moves each flagged comment standing alone on its line to
// the end of the code line below it. A run of comment lines, or one with
// no code below, is Skipped: joining text or picking a line is not
// mechanical.
func (f *commentFile) planInline(given []check.Finding) ([]change, []check.Skipped) {
	flags, skipped := f.flagged(given)
	commentOnly := func(l int) bool {
		if l < 0 || l >= len(f.starts) {
			return false
		}
		k, ok := f.commentAt(f.contentEnd(l) - 1)
		return ok && k.alone && k.last == l
	}
	var changes []change
	for _, fl := range flags {
		k := fl.k
		next := k.last + 1
		why := ""
		switch {
		case k.last > k.line:
			why = "this block comment spans several lines, and the ones after the first hold no code; shorten it by hand"
		case !k.alone:
			// It shares its line with code: the rule reports the line
			// after it, which the comment's token reaches into.
			why = "the rule's lexer counts this comment's line break as part of it, so the line after it, which holds no code, reads as a comment line; remove that line or move the comment by hand"
		case f.isDirective(k):
			why = "a tool directive, which must stay on its own line"
		case commentOnly(k.line-1) || commentOnly(next):
			why = "one of several consecutive comment lines; merging them into one inline comment is left to you"
		case next >= len(f.starts) || blank(f.src[f.starts[next]:f.lineEnd(next)]):
			why = "no code on the line below to attach this comment to"
		}
		if why == "" {
			why = f.attachable(next)
		}
		if why != "" {
			skipped = append(skipped, skipAll(fl.finds, why)...)
			continue
		}
		sep := " "
		if lang.Get(f.id).LineComment == "#" {
			sep = "  " // PEP 8: two spaces before an inline comment
		}
		e := f.contentEnd(next)
		changes = append(changes, change{edits: check.Edits{{Start: f.starts[k.line], End: f.starts[next], New: ""}, {Start: e, End: e, New: sep + f.text(k)}}, lo: f.starts[k.line], hi: e, at: k.start, end: k.end, finds: fl.finds})
	}
	return changes, skipped
}

// attachable says why a comment cannot go at the end of code line l.
func (f *commentFile) attachable(l int) string {
	s := f.starts[l] + len(f.lineText(l)) - len(strings.TrimLeft(f.lineText(l), " \t\f\v"))
	e := f.contentEnd(l)
	if _, ok := f.commentAt(s); ok || insideSpan(f.opaque, s) {
		return "the line below starts inside a comment or string"
	}
	if _, ok := f.commentAt(e - 1); ok {
		return "the line below already ends with a comment"
	}
	if insideSpan(f.opaque, e) {
		return "the line below ends inside a string"
	}
	if f.src[e-1] == '\\' {
		return "the line below ends with a line continuation"
	}
	return ""
}

// planBlock proposes, for a failure of the whole file (the rule names
// no comment), moving each trailing comment onto a line of its own above
// its code line, at that line's indentation, so a comment block precedes
// code; settleFirst keeps the first that makes the file pass.
func (f *commentFile) planBlock(given []check.Finding) ([]change, []check.Skipped) {
	if len(given) > 0 {
		return nil, skipAll(given, "the Block comment rule judges the whole file, not this place, so there is nothing to move here")
	}
	var changes []change
	var skipped []check.Skipped
	for _, k := range f.list {
		if k.own || k.last != k.line || !blank(f.src[k.end:f.lineEnd(k.line)]) {
			continue
		}
		ls := f.starts[k.line]
		why := ""
		switch {
		case f.isDirective(k):
			why = "a tool directive tied to its line; left beside the code"
		case insideSpan(f.opaque, ls):
			why = "the line starts inside a string or comment, so there is no place above it for this comment"
		case k.line > 0 && f.contentEnd(k.line-1) > f.starts[k.line-1] && f.src[f.contentEnd(k.line-1)-1] == '\\':
			why = "the line continues the one above (backslash), so no comment line can go between them"
		}
		if why != "" {
			skipped = append(skipped, check.Skipped{Start: k.start, End: k.end, Reason: why})
			continue
		}
		q := k.start
		for q > ls && isBlankByte(f.src[q-1]) {
			q--
		}
		changes = append(changes, change{edits: check.Edits{{Start: ls, End: ls, New: indentOf(f.src, ls) + f.text(k) + f.lb}, {Start: q, End: k.end, New: ""}}, lo: ls, hi: k.end, at: k.start, end: k.end})
	}
	if len(changes) == 0 && len(skipped) == 0 {
		skipped = append(skipped, f.wholeFile("no comment stands directly above a line of code and no trailing comment can be moved there; write one by hand (the fixer never invents text)"))
	}
	return changes, skipped
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

// planGoDoc reads lines as the rule does. For each flagged declaration
// line it re-spells a one-line /* */ doc comment as //, or re-attaches a
// // comment starting with the name that blank lines separate from its
// declaration; any other missing or misworded doc comment needs words, so
// it is Skipped.
func (f *commentFile) planGoDoc(given []check.Finding) ([]change, []check.Skipped) {
	var changes []change
	var skipped []check.Skipped
	for _, fd := range given {
		l := f.lineOf(fd.Start)
		t, ok := targetOf(fd)
		if !ok || t.name == "" {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: "the rule reads no func, type, var or const declaration on this line; nothing to document"})
			continue
		}
		kw, name := t.keyword, t.name
		ch, why := f.goDoc(l, kw+" "+name, name)
		switch {
		case why != "":
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: why})
		case ch == nil:
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: fmt.Sprintf("the line above %s %s already starts with %q, as the rule asks; nothing to change", kw, name, name)})
		default:
			ch.finds = []check.Finding{fd}
			changes = append(changes, *ch)
		}
	}
	return changes, skipped
}

func (f *commentFile) goDoc(l int, decl, name string) (*change, string) {
	startsName := func(s string) bool { return strings.HasPrefix(strings.TrimSpace(strings.TrimLeft(s, "/")), name) }
	isLine := func(j int) bool { return j >= 0 && strings.HasPrefix(strings.TrimSpace(f.lineText(j)), "//") }
	missing := fmt.Sprintf("no // doc comment directly above %s; write one starting with %q by hand (the fixer never invents words)", decl, name)
	reflow := fmt.Sprintf("the rule reads only the line directly above %s, which must start with %q, so a doc comment of several lines fails; reflow it by hand", decl, name)
	if insideSpan(f.opaque, f.starts[l]) {
		return nil, fmt.Sprintf("this line of a string or comment reads as %s to the rule, which reads raw lines; reword it by hand", decl)
	}
	if l == 0 {
		return nil, fmt.Sprintf("%s is on the first line, so no comment can stand above it", decl)
	}
	prev := strings.TrimSpace(f.lineText(l - 1))
	switch {
	case strings.HasPrefix(prev, "//"):
		if startsName(prev) {
			return nil, ""
		}
		top := l - 1
		for isLine(top - 1) {
			top--
		}
		if top < l-1 && startsName(f.lineText(top)) {
			return nil, reflow
		}
		return nil, fmt.Sprintf("the doc comment of %s does not start with %q; reword it by hand (the fixer never invents words)", decl, name)
	case strings.HasSuffix(prev, "*/"):
		k, ok := f.commentAt(f.contentEnd(l-1) - 1)
		if !ok || !k.alone || k.last != l-1 || !closedBlock(f.text(k)) {
			return nil, missing
		}
		lines := blockCommentLines(f.text(k))
		switch {
		case len(lines) == 1 && startsName(lines[0]):
			return &change{edits: check.Edits{{Start: k.start, End: k.end, New: asLines("//", lines, "", f.lb)}}, lo: k.start, hi: f.starts[l], at: f.starts[l], end: f.lineEnd(l)}, ""
		case len(lines) > 1 && startsName(lines[0]):
			return nil, reflow
		}
		return nil, fmt.Sprintf("the doc comment of %s does not start with %q; reword it by hand (the fixer never invents words)", decl, name)
	case prev == "":
		j := l - 1
		for j >= 0 && strings.TrimSpace(f.lineText(j)) == "" {
			j--
		}
		if k, ok := f.lineComment(j); ok && isLine(j) && !isLine(j-1) && startsName(f.text(k)) {
			return &change{edits: check.Edits{{Start: f.starts[j+1], End: f.starts[l], New: ""}}, lo: k.start, hi: f.starts[l], at: f.starts[l], end: f.lineEnd(l)}, ""
		}
	}
	return nil, missing
}

// ---- from comments_doc.go

// The documentation-comment fixes of the multicodeif profile, as the
// paper's evaluator reads the styles: an existing comment directly above
// a declaration is re-spelled as the doc form the rule wants. A
// declaration without such a comment is Skipped: its documentation must
// be written. The lint profile's are in comments_lintdoc.go; both share
// the helpers here.

// docDecls are the declarations a /** */ comment documents; docScopes
// are the nodes whose children may be such declarations (local and
// anonymous classes are not documented).
var (
	docDecls = map[lang.ID]map[string]bool{
		lang.Java: setOf(`class_declaration interface_declaration enum_declaration record_declaration
			annotation_type_declaration method_declaration constructor_declaration compact_constructor_declaration`),
		lang.Kotlin: setOf(`class_declaration object_declaration function_declaration secondary_constructor`),
	}
	docScopes = map[lang.ID]map[string]bool{
		lang.Java: setOf(`program class_body interface_body enum_body enum_body_declarations annotation_type_body
			class_declaration interface_declaration enum_declaration record_declaration annotation_type_declaration`),
		lang.Kotlin: setOf(`source_file class_body enum_class_body class_declaration object_declaration companion_object`),
	}
)

func isStarDoc(t string) bool { return strings.HasPrefix(t, "/**") && !strings.HasPrefix(t, "/**/") }

// planSlashStarDoc answers the paper's Javadoc and KDoc rule. Its one
// finding is a /** */ comment with @return but no @param, which needs
// words; its failure of the whole file (no /** */ comment at all) is
// answered by proposing, declaration by declaration, the comments
// directly above it as one /** */ comment (settleFirst keeps the first
// that passes).
func (f *commentFile) planSlashStarDoc(what string, given []check.Finding) ([]change, []check.Skipped) {
	if len(given) > 0 {
		var skipped []check.Skipped
		for _, fd := range given {
			why := fmt.Sprintf("the rule rejects a %s comment with @return but no @param (whatever the parameters); add @param or drop @return by hand", what)
			if k, ok := f.commentAt(fd.Start); !ok || !isStarDoc(f.text(k)) {
				why = fmt.Sprintf("the rule reports no %s comment here (%s); left alone", what, firstLineOf(fd.Message))
			}
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: why})
		}
		return nil, skipped
	}
	var changes []change
	var skipped []check.Skipped
	f.tree.Root().Walk(func(n syntax.Node) bool {
		t := n.Type()
		if docDecls[f.id][t] {
			ch, sk := f.starDoc(n, what)
			changes = append(changes, ch...)
			skipped = append(skipped, sk...)
		}
		return docScopes[f.id][t]
	})
	return changes, skipped
}

func (f *commentFile) starDoc(n syntax.Node, what string) ([]change, []check.Skipped) {
	name := n.Field("name")
	for i := 0; !name.Valid() && i < n.NamedChildCount(); i++ {
		if c := n.NamedChild(i); strings.Contains(c.Type(), "identifier") {
			name = c
		}
	}
	at, label := n.Start(), strings.TrimSuffix(n.Type(), "_declaration")
	if name.Valid() {
		at, label = name.Start(), label+" "+name.Text()
	}
	line := f.lineOf(n.Start())
	var run []cmt
	if blank(f.src[f.starts[line]:n.Start()]) {
		run = f.runAbove(line)
	}
	for i := len(run) - 1; i >= 0; i-- {
		if isStarDoc(f.text(run[i])) {
			if i == len(run)-1 {
				return nil, nil // documented already
			}
			run = run[i+1:]
			break
		}
	}
	lines, why := f.runLines(run)
	text := strings.Join(lines, "\n")
	switch {
	case why != "":
	case len(lines) == 0:
		why = fmt.Sprintf("%s has no comment to convert; write the %s by hand (the fixer never invents text)", label, what)
	case strings.Contains(text, "*/") || strings.Contains(text, "/*"):
		why = "the comment's text contains /* or */, which would end or nest the doc comment"
	case strings.Contains(text, "@return") && !strings.Contains(text, "@param"):
		why = fmt.Sprintf("the comment mentions @return but no @param, which the rule rejects in a %s comment; convert it by hand", what)
	case !hasSentence(lines):
		why = notADescription("comment above", label, what)
	}
	if why != "" {
		return nil, []check.Skipped{{Start: at, End: at, Reason: why}}
	}
	first, last := run[0], run[len(run)-1]
	return []change{{edits: check.Edits{{Start: first.start, End: last.end, New: starBlock("/**", lines, indentOf(f.src, first.start), f.lb)}}, lo: first.start, hi: n.Start()}}, nil
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

// rustItems are what a /// comment may document.
var rustItems = setOf(`function_item function_signature_item struct_item enum_item union_item trait_item
	impl_item mod_item const_item static_item type_item associated_type macro_definition use_declaration
	extern_crate_declaration foreign_mod_item field_declaration enum_variant`)

// planRustdoc turns each flagged ordinary comment standing in a run of
// comments directly above an item (attributes between are fine) into ///
// lines; the run's other comments keep their form unless flagged too, as
// rustdoc reads a /// line whatever comments stand between it and its
// item. The rule rejects every ordinary comment, but one elsewhere cannot
// become ///: it would document nothing, which rustc rejects or warns
// about.
func (f *commentFile) planRustdoc(given []check.Finding) ([]change, []check.Skipped) {
	if len(given) == 0 {
		return nil, []check.Skipped{f.wholeFile("no comment to convert; write a /// doc comment by hand (the fixer never invents text)")}
	}
	flags, skipped := f.flagged(given)
	items, attrs := map[int]bool{}, map[int]int{}
	f.tree.Root().Walk(func(n syntax.Node) bool {
		switch t := n.Type(); {
		case rustItems[t]:
			items[n.Start()] = true
		case t == "attribute_item":
			attrs[n.Start()] = n.End()
		}
		return true
	})
	var changes []change
	for _, fl := range flags {
		k := fl.k
		t := f.text(k)
		why := ""
		switch {
		case strings.HasPrefix(t, "////"):
			why = "the comment starts with ////, which rustdoc does not read as documentation; convert it by hand"
		case !k.alone:
			why = "an ordinary comment beside code; a /// comment must stand on its own lines above an item, so remove or move this one by hand"
		case !f.aboveItem(f.runBelow(k).last+1, items, attrs):
			why = "this comment does not stand directly above an item (fn, struct, field, ...); /// there would document nothing, which rustc rejects or warns about, so remove or move it by hand"
		case strings.HasPrefix(t, "/*") && !closedBlock(t):
			why = "an unterminated block comment; fix it by hand"
		}
		if why != "" {
			skipped = append(skipped, skipAll(fl.finds, why)...)
			continue
		}
		e := check.Edit{Start: k.start, End: k.start + 2, New: "///"}
		if !strings.HasPrefix(t, "//") {
			e = check.Edit{Start: k.start, End: k.end, New: asLines("///", blockCommentLines(t), indentOf(f.src, k.start), f.lb)}
		}
		changes = append(changes, change{edits: check.Edits{e}, lo: k.start, hi: k.end, finds: fl.finds})
	}
	return changes, skipped
}

// runBelow is the last comment of the run of comments standing alone on
// consecutive lines from k down.
func (f *commentFile) runBelow(k cmt) cmt {
	for {
		next, ok := f.commentAt(f.firstNonBlank(k.last + 1))
		if !ok || !next.alone || next.line != k.last+1 {
			return k
		}
		k = next
	}
}

// firstNonBlank is the offset of line l's first non-blank byte (its end
// when it has none, the source's end past the last line).
func (f *commentFile) firstNonBlank(l int) int {
	if l >= len(f.starts) {
		return len(f.src)
	}
	off := f.starts[l]
	for off < f.lineEnd(l) && isBlankByte(f.src[off]) {
		off++
	}
	return off
}

// aboveItem reports whether line l starts an item, possibly after
// attributes.
func (f *commentFile) aboveItem(l int, items map[int]bool, attrs map[int]int) bool {
	if l >= len(f.starts) {
		return false
	}
	off := f.starts[l]
	for {
		for off < len(f.src) && isWS(f.src[off]) {
			off++
		}
		end, ok := attrs[off]
		if !ok || end <= off {
			return items[off]
		}
		off = end
	}
}

// planDocstrings gives each flagged def/class a docstring made of the #
// comment run opening its body, when a blank line parts it from the code
// below, or else the run directly above it at its indentation. A comment
// attached to the statement below it says what that statement does, and
// a Sphinx #: comment documents an assignment: neither is a docstring.
func (f *commentFile) planDocstrings(given []check.Finding) ([]change, []check.Skipped) {
	defs := map[int]syntax.Node{}
	f.tree.Root().Walk(func(n syntax.Node) bool {
		if t := n.Type(); t == "function_definition" || t == "class_definition" {
			at := n.Start()
			if name := n.Field("name"); name.Valid() {
				at = name.Start()
			}
			defs[at] = n
		}
		return true
	})
	var changes []change
	var skipped []check.Skipped
	for _, fd := range given {
		n, ok := defs[fd.Start]
		if !ok {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: "not a definition (" + fd.Message + "); the code must be valid Python 3 before docstrings can be added"})
			continue
		}
		ch, why := f.docstring(n)
		if why != "" {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: why})
			continue
		}
		ch.at, ch.end, ch.finds = fd.Start, fd.End, []check.Finding{fd}
		changes = append(changes, ch)
	}
	return changes, skipped
}

func (f *commentFile) docstring(n syntax.Node) (change, string) {
	kind, name := strings.TrimSuffix(n.Type(), "_definition"), n.Field("name").Text()
	body := n.Field("body")
	var colon, first syntax.Node
	for i := 0; i < n.ChildCount() && n.Child(i).Start() < body.Start(); i++ {
		if c := n.Child(i); c.Type() == ":" {
			colon = c
		}
	}
	for i := 0; body.Valid() && i < body.NamedChildCount() && !first.Valid(); i++ {
		if c := body.NamedChild(i); c.Type() != "comment" {
			first = c
		}
	}
	switch {
	case !colon.Valid() || !first.Valid():
		return change{}, fmt.Sprintf("%s %q has no body to hold a docstring", kind, name)
	case f.lineOf(first.Start()) == f.lineOf(colon.Start()):
		return change{}, fmt.Sprintf("the body of %s %q is on the header's line; move it to lines of its own first", kind, name)
	case first.Type() == "expression_statement" && first.NamedChildCount() == 1 && strings.Contains(first.NamedChild(0).Type(), "string"):
		return change{}, fmt.Sprintf("the body of %s %q starts with a string that is not a usable docstring (blank, f-string or bytes); fix it by hand", kind, name)
	}
	// A comment opening the body describes the definition only when a
	// blank line parts it from the code; attached to a statement, it says
	// what that statement does (or belongs to a nested definition).
	var in []cmt
	for _, k := range f.list {
		if k.start > colon.End() && k.end <= first.Start() && k.alone && (len(in) == 0 || k.line == in[len(in)-1].last+1) {
			in = append(in, k)
		}
	}
	bodyNote := len(in) > 0 && !blank([]byte(f.lineText(in[len(in)-1].last+1)))
	if bodyNote {
		in = nil
	}
	outer := n
	if p := n.Parent(); p.Type() == "decorated_definition" {
		outer = p
	}
	var above []cmt
	if line := f.lineOf(outer.Start()); blank(f.src[f.starts[line]:outer.Start()]) {
		above = f.runAbove(line)
	}
	for i := len(above) - 1; i >= 0; i-- {
		k := above[i]
		if indentOf(f.src, k.start) != indentOf(f.src, outer.Start()) || k.start == 0 && strings.HasPrefix(f.text(k), "#!") || k.line < 2 && codingRE.MatchString(f.text(k)) {
			above = above[i+1:]
			break
		}
	}
	run, fromBody := in, true
	lines, why := f.runLines(run)
	if len(lines) == 0 && why == "" {
		run, fromBody = above, false
		lines, why = f.runLines(run)
	}
	switch {
	case slices.ContainsFunc(run, func(k cmt) bool { return strings.HasPrefix(f.text(k), "#:") }):
		return change{}, fmt.Sprintf("the comment is a Sphinx attribute comment (#:), which documents an assignment, not %s %q; write the docstring by hand", kind, name)
	case why != "":
		return change{}, why
	case len(lines) > 0 && !hasSentence(lines):
		where := "comment above"
		if fromBody {
			where = "comment opening the body"
		}
		return change{}, notADescription(where, fmt.Sprintf("%s %q", kind, name), "docstring")
	case len(lines) == 0 && bodyNote:
		return change{}, fmt.Sprintf("the comment opening the body of %s %q is attached to the statement below it, which it describes, not the %s; write the docstring by hand (the fixer never invents words)", kind, name, kind)
	case len(lines) == 0:
		return change{}, fmt.Sprintf("%s %q has no comment to convert; write the docstring by hand (the fixer never invents text)", kind, name)
	}
	indent := indentOf(f.src, first.Start())
	doc, ok := docstringLiteral(lines, indent, f.lb)
	if !ok {
		return change{}, "the comment's quotes or trailing backslash fit in no docstring literal unchanged; convert it by hand"
	}
	s, e := f.starts[run[0].line], run[len(run)-1].end
	if fromBody {
		return change{edits: check.Edits{{Start: s, End: e, New: doc}}, lo: s, hi: e}, ""
	}
	// The docstring is the body's first statement: it goes right below
	// the header, above any comment opening the body.
	at := f.starts[f.lineOf(colon.End())+1]
	return change{edits: check.Edits{{Start: s, End: f.starts[run[len(run)-1].last+1], New: ""}, {Start: at, End: at, New: doc + f.lb}}, lo: s, hi: at}, ""
}

// pyDocstring renders lines as a docstring statement at indent: triple
// double quotes unless the text needs single ones, raw when it holds a
// backslash, so its value is the comment's text.
func docstringLiteral(lines []string, indent, lb string) (string, bool) {
	text := strings.Join(lines, "\n")
	q := `"""`
	if strings.Contains(text, q) || strings.HasSuffix(text, `"`) {
		q = `'''`
		if strings.Contains(text, q) || strings.HasSuffix(text, `'`) {
			return "", false
		}
	}
	prefix := ""
	if strings.Contains(text, `\`) {
		if strings.HasSuffix(text, `\`) {
			return "", false
		}
		prefix = "r"
	}
	var sb strings.Builder
	sb.WriteString(indent + prefix + q + lines[0])
	if len(lines) > 1 {
		for _, l := range lines[1:] {
			sb.WriteString(lb)
			if l != "" {
				sb.WriteString(indent + l)
			}
		}
		sb.WriteString(lb + indent)
	}
	sb.WriteString(q)
	return sb.String(), true
}

// ---- from comments_lintdoc.go

// The lint profile's documentation fixes. Each given finding of the lint
// rule (check.DocIssues) gets an edit or a refusal with its reason, and
// only the comment directly above a declaration it reports is ever
// edited:
//   - GoDoc: a comment group starting with the name, detached from its
//     declaration by blank lines, is re-attached;
//   - Javadoc: the comments directly above become one /** */ comment;
//   - Rustdoc: the ordinary comments directly above (attributes may
//     stand between) become /// lines;
//   - Python: # comments opening the body, when a blank line parts them
//     from the code, or directly above the definition, become its
//     docstring (never a comment attached to the statement below it,
//     which says what that statement does, nor a Sphinx #: comment).
// Everything else needs words (a missing comment, a misworded first line,
// a missing @param) and is refused. What a conversion leaves (a new
// Javadoc without its @param tags, say) is reported as Skipped too.

func (f *commentFile) planLintDoc(ds *DocStyle, given []check.Finding) ([]change, []check.Skipped) {
	// issues are the given findings the rule reported with their
	// declaration: a missing doc comment carries its issue, any other
	// problem (a misworded first line, a missing tag) why words are
	// needed.
	type issue struct {
		DocIssue
		noFix string
	}
	var issues []issue
	var skipped []check.Skipped
	for _, fd := range given {
		t, ok := targetOf(fd)
		switch {
		case ok && t.issue != nil:
			issues = append(issues, issue{DocIssue: *t.issue})
		case fd.NoFix != "":
			issues = append(issues, issue{DocIssue: DocIssue{Finding: fd}, noFix: fd.NoFix})
		default:
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: "the rule reports nothing here any more (" + firstLineOf(fd.Message) + "); left alone"})
		}
	}
	var defs map[int]syntax.Node // Python definitions by name offset
	var changes []change
	for _, it := range issues {
		is := it.DocIssue
		var ch change
		why := it.noFix
		switch {
		case why != "":
		case is.Problem == DocMissing:
			switch f.id {
			case lang.Go:
				ch, why = f.goReattach(is)
			case lang.Java:
				ch, why = f.slashStarConvert(is, "Javadoc")
			case lang.Kotlin:
				ch, why = f.slashStarConvert(is, "KDoc")
			case lang.Rust:
				ch, why = f.rustConvert(is)
			case lang.Python:
				if defs == nil {
					defs = pyDefsByName(f.tree.Root())
				}
				ch, why = f.pyConvert(is, defs)
			}
		default:
			why = "not fixable: " + is.Message
		}
		if why != "" {
			skipped = append(skipped, check.Skipped{Start: is.Start, End: is.End, Reason: why})
			continue
		}
		ch.at, ch.end, ch.still, ch.finds = is.Start, is.End, is.Message, []check.Finding{is.Finding}
		changes = append(changes, ch)
	}
	return changes, skipped
}

// missingWords is the refusal for a declaration with nothing to convert.
func missingWords(is DocIssue, form string) string {
	return fmt.Sprintf("%s %s has no comment to convert; write its %s by hand (the fixer never invents words)", is.Kind, is.Name, form)
}

// goReattach re-attaches a comment group that blank lines separate from
// its declaration, when it starts with the declared name.
func (f *commentFile) goReattach(is DocIssue) (change, string) {
	l := f.lineOf(is.Outer)
	j := l - 1
	for j >= 0 && strings.TrimSpace(f.lineText(j)) == "" {
		j--
	}
	if j == l-1 || j < 0 {
		return change{}, missingWords(is, "doc comment, starting with \""+is.Name+" \",")
	}
	run := f.runAbove(j + 1)
	if len(run) == 0 || run[len(run)-1].last != j {
		return change{}, missingWords(is, "doc comment, starting with \""+is.Name+" \",")
	}
	for _, k := range run {
		if f.isDirective(k) {
			return change{}, "the comment above is a tool directive, which works only where it stands; write the doc comment by hand"
		}
	}
	lines, _ := f.runLines(run)
	first := ""
	if len(lines) > 0 {
		first = lines[0]
	}
	for _, a := range []string{"A ", "An ", "The ", "This "} {
		if is.Kind == "type" {
			first = strings.TrimPrefix(first, a)
		}
	}
	if !strings.HasPrefix(first, is.Name+" ") {
		return change{}, fmt.Sprintf("the comment above, detached by a blank line, does not start with %q, so it may not be this declaration's; write or move the doc comment by hand", is.Name+" ")
	}
	return change{edits: check.Edits{{Start: f.starts[j+1], End: f.starts[l], New: ""}}, lo: run[0].start, hi: is.Outer}, ""
}

// opensFile reports a comment with only blanks before it: a licence or
// file header, not a declaration's documentation.
func (f *commentFile) opensFile(k cmt) bool { return blank(f.src[:k.start]) }

// slashStarConvert turns the comments directly above a type or member
// into one /** */ comment: a Javadoc or a KDoc (form), which both
// languages read the same way.
func (f *commentFile) slashStarConvert(is DocIssue, form string) (change, string) {
	line := f.lineOf(is.Outer)
	if !blank(f.src[f.starts[line]:is.Outer]) {
		return change{}, missingWords(is, form)
	}
	run := f.runAbove(line)
	lines, why := f.runLines(run)
	text := strings.Join(lines, "\n")
	switch {
	case why != "":
		return change{}, why
	case len(lines) == 0:
		return change{}, missingWords(is, form)
	case f.opensFile(run[0]):
		return change{}, "the comment above opens the file (a licence or file header), not the declaration's documentation; write the " + form + " by hand"
	case strings.Contains(text, "*/") || strings.Contains(text, "/*"):
		return change{}, "the comment's text contains /* or */, which would end or nest the " + form + " comment"
	case !hasSentence(lines):
		return change{}, notADescription("comment above", is.Kind+" "+is.Name, form)
	}
	first, last := run[0], run[len(run)-1]
	return change{edits: check.Edits{{Start: first.start, End: last.end, New: starBlock("/**", lines, indentOf(f.src, first.start), f.lb)}}, lo: first.start, hi: is.Outer}, ""
}

// rustConvert turns the ordinary comments directly above an item (its
// attributes may stand between) into /// lines: the run that ends at the
// item, up to a comment rustdoc would not read as its documentation
// (a //// separator, a //! line, a file's opening header).
func (f *commentFile) rustConvert(is DocIssue) (change, string) {
	var above []cmt
	for _, k := range f.list {
		if k.start >= is.Outer && k.start < is.Start && k.alone {
			above = append(above, k)
		}
	}
	var run []cmt
	why := ""
	for i := len(above) - 1; i >= 0 && why == ""; i-- {
		k := above[i]
		switch t := f.text(k); {
		case f.opensFile(k):
			why = "the comment above opens the file (a licence or file header), not the item's documentation; write the /// doc comment by hand"
		case strings.HasPrefix(t, "////"):
			why = "the comment above starts with ////, which rustdoc does not read as documentation; write the /// doc comment by hand"
		case strings.HasPrefix(t, "//!") || strings.HasPrefix(t, "/*!"):
			why = "the comment above is an inner doc comment (//!), which documents the enclosing module; write the item's /// doc comment by hand"
		case strings.HasPrefix(t, "/*") && !closedBlock(t):
			why = "the comment above is an unterminated block comment; fix it by hand"
		default:
			run = append([]cmt{k}, run...)
		}
	}
	if len(run) == 0 {
		if why == "" {
			why = missingWords(is, "/// doc comment")
		}
		return change{}, why
	}
	var edits check.Edits
	for _, k := range run {
		if t := f.text(k); strings.HasPrefix(t, "//") {
			edits = append(edits, check.Edit{Start: k.start, End: k.start + 2, New: "///"})
		} else {
			edits = append(edits, check.Edit{Start: k.start, End: k.end, New: asLines("///", blockCommentLines(t), indentOf(f.src, k.start), f.lb)})
		}
	}
	return change{edits: edits, lo: run[0].start, hi: is.Start}, ""
}

// pyDefsByName maps each def/class's name offset to its node.
func pyDefsByName(root syntax.Node) map[int]syntax.Node {
	defs := map[int]syntax.Node{}
	root.Walk(func(n syntax.Node) bool {
		if t := n.Type(); t == "function_definition" || t == "class_definition" {
			if name := n.Field("name"); name.Valid() {
				defs[name.Start()] = n
			}
		}
		return true
	})
	return defs
}

// pyConvert gives a definition the docstring made of its #
func (f *commentFile) pyConvert(is DocIssue, defs map[int]syntax.Node) (change, string) {
	if is.Kind == "module" || is.Kind == "package" {
		return change{}, "a module docstring needs words of its own (a header comment is usually a licence, a shebang or a tool's directive); write it by hand"
	}
	n, ok := defs[is.Start]
	if !ok {
		return change{}, "not a definition the fixer can find (" + is.Message + ")"
	}
	return f.docstring(n)
}

// ---- helpers shared with other fixers in internal/fix (copied)
func skipAll(fs []check.Finding, why string) []check.Skipped {
	out := make([]check.Skipped, len(fs))
	for i, f := range fs {
		out[i] = check.Skipped{Start: f.Start, End: f.End, Reason: why}
	}
	return out
}

func isWS(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

func lineStartOf(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

func indentOf(src []byte, off int) string {
	s := lineStartOf(src, off)
	e := s
	for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
		e++
	}
	return string(src[s:e])
}

// lineBreak keeps a CRLF file CRLF.
func lineBreak(src []byte) string {
	if bytes.Contains(src, []byte("\r\n")) {
		return "\r\n"
	}
	return "\n"
}

// byteSpan is a half-open byte range.
type byteSpan struct{ start, end int }

// opaqueSpans are the strings and comments: a line starting inside one
// belongs to its text.
func opaqueSpans(root syntax.Node) []byteSpan {
	var out []byteSpan
	root.Walk(func(n syntax.Node) bool {
		t := n.Type()
		if strings.Contains(t, "comment") || strings.Contains(t, "string") || strings.Contains(t, "heredoc") || t == "template_literal" {
			out = append(out, byteSpan{n.Start(), n.End()})
			return false
		}
		return true
	})
	return out
}

func insideSpan(sp []byteSpan, off int) bool {
	for _, s := range sp {
		if s.start < off && off < s.end {
			return true
		}
	}
	return false
}

// mapBack maps an offset of the edited text to the original: text an
// edit inserted maps to the start of the range it replaced.
func mapBack(sorted check.Edits, off int) int {
	delta := 0
	for _, e := range sorted {
		at := e.Start + delta
		if off < at {
			break
		}
		if off < at+len(e.New) {
			return e.Start
		}
		delta += len(e.New) - (e.End - e.Start)
	}
	return off - delta
}

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
