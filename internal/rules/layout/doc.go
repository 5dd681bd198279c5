// Package layout is the layout family: indentation_spacing, which
// decides whether lines are indented with the required unit and whether
// operators and commas are spaced as required, and fixes what it finds.
//
// Its two profiles differ in kind, so they are two readings:
//
//   - paper.go is MultiCodeIF's evaluator: the text without comments and
//     strings (internal/rules/layoutview, shared with the braces family's
//     paper reading), judged line by line with the evaluator's regular
//     expressions.
//   - lint.go reads the syntax tree as each language's formatter or
//     linter does: Go as gofmt prints it (lint_go.go), Python as
//     pycodestyle checks it (lint_python.go, on the port in
//     internal/pycodestyle), JavaScript and TypeScript as eslint's indent
//     rule decides (lint_indent.go, on the port in internal/eslintindent)
//     or, when the spec names the prettier reading, as prettier prints
//     them (lint_prettier.go, on internal/prettierindent),
//     and Java, C, C++, Rust, Kotlin and C# by a tree model of what
//     checkstyle, clang-format and rustfmt accept (model*.go; C and C++
//     as clang-format lays them out when the constraint carries the
//     repository's .clang-format, model_c.go on internal/cpreproc);
//     operator and comma spacing by the languages' own rules
//     (internal/rules/layoutspacing). Python's fixes re-indent by the
//     plan of internal/pyreindent.
//
// Both read the tree as a syntax.FlatTree, and the line model the ports
// share is internal/srclines; neither port imports this package.
//
// Every finding carries its fix. The lint reading computes, for each
// issue, what clears it (a line's new leading blanks and the block that
// moves with it, or a spacing edit, or why there is none); fix_carry.go
// turns that into the finding's check.Fix, and for the paper reading's
// findings looks up the lint reading's issue of the same line
// (indentation) or operator (spacing) when they are made
// (paper_findings.go). Compose (fix.go, fix_indent.go, fix_spacing.go)
// combines the fixes of any subset of findings, reading only what they
// carry.
//
// rule.go declares the rule, docs.go its documentation.
package layout
