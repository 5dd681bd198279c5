// Package comments decides comment_formatting: whether a file's
// comments take the required form (single-line, multi-line, inline or
// block comments) or its public declarations carry their language's
// documentation comments (GoDoc, Javadoc, KotlinDoc, Rustdoc, Python
// docstrings), and fixes what a re-spelling of existing comments can.
//
// The Rule (family.go) chooses by profile:
//
//   - the comment kinds are one implementation in both profiles
//     (kinds.go), on the token types of internal/pygments, the view of
//     a source that the Pygments lexer gives MultiCodeIF's evaluator;
//     they differ in detail (divergences.go: lint lists every offending
//     comment).
//   - the documentation styles differ in kind: paper.go and
//     paper_docs.go read them as the evaluator does (tokens, raw lines,
//     the syntax tree for docstrings); lint.go and lint_docs.go give the
//     verdicts of package doclint, which reads them as revive's exported
//     rule, checkstyle's MissingJavadoc*/JavadocMethod, detekt's
//     UndocumentedPublic*, pydocstyle's D1xx and rustc's missing_docs do.
//
// Each divergence has a golden of its name under
// testdata/comment_formatting/; the rule's documentation is data in
// docs.go.
//
// Every finding carries its fix (fix_attach.go): what to convert and
// whether converting it can change what the program does, or why there
// is nothing to convert. The Rule's Composer (fix.go) plans the edits on
// the file's comments (fix_file.go, fix_text.go, fix_source.go): kinds
// in fix_kinds.go, the paper's documentation in fix_paper_docs.go, the
// lint rules' in fix_lint_docs.go, docstrings in fix_docstrings.go; and
// proves them by re-checking (fix_settle.go). Its goldens are
// testdata/comment_formatting/fix/.
package comments
