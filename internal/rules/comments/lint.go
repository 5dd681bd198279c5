package comments

import (
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
)

// checkLint is the lint profile's comment_formatting: the documentation
// styles as each ecosystem's established linter reads them (GoDoc as
// revive, Javadoc as checkstyle, Rustdoc as rustc, Python docstrings as
// pydocstyle, KDoc as detekt: package doclint, lint_docs.go), the
// comment kinds as the paper reads them, every offending comment listed.
// Each finding carries its fix (fix_attach.go).
func checkLint(u *check.Unit, c constraint.Constraint) check.Result {
	style := strings.ToLower(c.Name)
	if ds, ok := doclint.StyleFor(style); ok {
		return checkDocStyle(u, ds)
	}
	if r, ok := checkKind(u, c, style); ok {
		attachKindFixes(u, c, &r)
		return r
	}
	return unknownStyle(c)
}

// lintReads is what a documentation rule's verdict reads beyond the
// file: Rustdoc's reading of the crate's module tree (see doclint).
func lintReads(u *check.Unit, c constraint.Constraint) string {
	if ds, ok := doclint.StyleFor(strings.ToLower(c.Name)); ok {
		return ds.Reads(u)
	}
	return ""
}
