package comments

import (
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// checkPaper is comment_formatting as MultiCodeIF's evaluator decides
// it: the comment kinds (kinds.go), stopping at the first offence, and
// the documentation styles on tokens, lines or the tree as the evaluator
// reads them (paper_docs.go). Each finding carries its fix
// (fix_attach.go).
func checkPaper(u *check.Unit, c constraint.Constraint) check.Result {
	style := strings.ToLower(c.Name)
	if r, ok := checkKind(u, c, style); ok {
		attachKindFixes(u, c, &r)
		return r
	}
	var r check.Result
	switch style {
	case "python docstring":
		r = checkDocstrings(u)
	case "javadoc":
		r = checkSlashStarDoc(u, lang.Java, "Javadoc")
	case "kotlindoc":
		r = checkSlashStarDoc(u, lang.Kotlin, "KDoc")
	case "godoc":
		r = checkGoDoc(u)
	case "rustdoc":
		r = checkRustdoc(u)
	default:
		return unknownStyle(c)
	}
	attachPaperDocFixes(u, c, style, &r)
	return r
}
