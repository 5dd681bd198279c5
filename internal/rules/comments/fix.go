package comments

// The comment fixer (compose, the rule's Composer) only re-spells
// comments: it changes their delimiters, moves a comment to the line
// above or below, or turns Python # lines into a docstring, always
// keeping the words, so a missing or badly worded comment is Skipped,
// never written.
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

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/syntax"
)

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
	var changes []change
	var skipped []check.Skipped
	if ds, doc := doclint.StyleFor(c.Name); doc && docsAsLinters.In(u.Profile) {
		// The lint profile's documentation rules differ in kind from the
		// paper's: fix what they report, declaration by declaration.
		f.lintDoc = ds
		changes, skipped = f.planLintDoc(ds, r.Findings)
	} else {
		if doc {
			f.prof = u.Profile // the paper's documentation styles, re-checked as the paper reads them
		}
		changes, skipped = style.plan(f, r.Findings)
	}
	settle := f.settle
	if len(r.Findings) == 0 && style.whole && f.lintDoc == nil {
		settle = f.settleFirst
	}
	edits, skipped, err := settle(changes, skipped)
	if err == nil && f.err != nil {
		// A re-check panicked: an internal failure, never an answer.
		return nil, nil, f.err
	}
	return edits, skipped, err
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
