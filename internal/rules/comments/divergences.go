package comments

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

var (
	// listsEveryComment is the comment kinds' one difference in detail.
	listsEveryComment = &check.Divergence{
		Type: constraint.Comments, Name: "lists-every-comment",
		Paper: "The single-line, multi-line and inline comment checks stop at the first offending comment (or line) and report only it.",
		Lint:  "Every offending comment is reported, with no cap, so a fix or a reviewer sees them all at once.",
	}
	// docsAsLinters is where the profiles differ in kind: the
	// documentation styles are two implementations (paper_docs.go and
	// doclint); compose asks it which one produced its findings.
	docsAsLinters = &check.Divergence{
		Type: constraint.Comments, Name: "documentation-as-linters",
		Paper: "GoDoc, Javadoc, KotlinDoc, Rustdoc and Python docstrings are the evaluator's token and line tests: some /** */ " +
			"comment exists, every line starting a declaration follows a // comment naming it, only /// comments, every def " +
			"and class has a docstring.",
		Lint: "Each is its ecosystem linter's \"public declarations are documented\": revive's exported rule, checkstyle's " +
			"MissingJavadoc*/JavadocMethod, rustc's missing_docs, pydocstyle's D1xx and detekt's UndocumentedPublic*, " +
			"declaration by declaration.",
	}
)

var divergences = []*check.Divergence{listsEveryComment, docsAsLinters}

// kindReading is how the comment kinds read, by profile: the
// divergences decided once at the rule's entry.
type kindReading struct {
	// listEvery: report every offending comment, not just the first.
	listEvery bool
}

func kindReadingFor(p check.Profile) kindReading {
	return kindReading{listEvery: listsEveryComment.In(p)}
}
