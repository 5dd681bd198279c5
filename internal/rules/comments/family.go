package comments

import (
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Rules lists the family's rules, one per constraint type.
var Rules = []*check.Rule{
	Rule,
}

// Rule decides comment_formatting. The comment kinds (single-line,
// multi-line, inline and block comments) are one implementation in both
// profiles (kinds.go), differing in detail; the documentation styles
// differ in kind: the paper reads them as MultiCodeIF's evaluator does
// (paper_docs.go), lint as each ecosystem's linter does (doclint).
var Rule = &check.Rule{
	Type:        constraint.Comments,
	Paper:       checkPaper,
	Lint:        checkLint,
	Compose:     compose,
	Doc:         doc,
	Divergences: divergences,
	LintReads:   lintReads,
}

// unknownStyle fails a style neither profile knows.
func unknownStyle(c constraint.Constraint) check.Result {
	return check.Failed(fmt.Sprintf("unsupported comment style %q (MultiCodeIF knows single-line, multi-line, inline and block comments, Python docstring, Javadoc, GoDoc, Rustdoc and KotlinDoc)", c.Name))
}

// checkKind decides the comment kinds, the same in both profiles but for
// the divergences kindReading holds; ok is false for another style.
func checkKind(u *check.Unit, c constraint.Constraint, style string) (check.Result, bool) {
	opt := kindReadingFor(u.Profile)
	switch style {
	case "single-line comment", "multi-line comment":
		return checkCommentKind(u, c.Lang, style == "single-line comment", opt), true
	case "inline comment":
		return checkInlineComments(u, c.Lang, opt), true
	case "block comment":
		return checkBlockComments(u), true
	}
	return check.Result{}, false
}
