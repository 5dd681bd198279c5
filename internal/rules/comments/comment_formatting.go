package comments

// comment_formatting decides the comment style a constraint names. The
// comment kinds (single-line, multi-line, inline and block comments)
// follow MultiCodeIF's evaluator in both profiles
// (comment_formatting_kinds.go). The documentation styles differ in kind
// between the profiles: multicodeif reads them as the evaluator does
// (comment_formatting_paper_docs.go), while lint reads GoDoc, Javadoc,
// Rustdoc, Python docstrings and KDoc as each ecosystem's established
// linter does (doc_comments.go and doc_<language>.go).

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

var CommentsRule = &check.Rule{Type: constraint.Comments, Paper: checkComments, Lint: checkComments}

func checkComments(u *check.Unit, c constraint.Constraint) check.Result {
	style := strings.ToLower(c.Name)
	if u.Profile == check.Lint {
		// Divergence (lint profile): documentation styles are the
		// ecosystem linters' "every public declaration is documented",
		// not the evaluator's token tests.
		if ds, ok := DocStyleFor(style); ok {
			return checkDocStyle(u, ds)
		}
	}
	switch style {
	case "single-line comment", "multi-line comment":
		return checkCommentKind(u, c.Lang, style == "single-line comment")
	case "inline comment":
		return checkInlineComments(u, c.Lang)
	case "block comment":
		return checkBlockComments(u)
	case "python docstring":
		return checkDocstrings(u)
	case "javadoc":
		return checkSlashStarDoc(u, lang.Java, "Javadoc")
	case "kotlindoc":
		return checkSlashStarDoc(u, lang.Kotlin, "KDoc")
	case "godoc":
		return checkGoDoc(u)
	case "rustdoc":
		return checkRustdoc(u)
	}
	return check.Failed(fmt.Sprintf("unsupported comment style %q (MultiCodeIF knows single-line, multi-line, inline and block comments, Python docstring, Javadoc, GoDoc, Rustdoc and KotlinDoc)", c.Name))
}
