// Package naming decides naming_convention: whether the names a file
// declares follow the case convention (snake_case, camelCase,
// PascalCase, UPPER_CASE, kebab-case, Go's MixedCaps) its spec sets for
// their kind, and renames those that do not.
//
// The two profiles share nothing but the spec, so they are two
// implementations chosen by Rule{Paper, Lint} (family.go), with no
// divergence in detail between them:
//
//   - paper.go, paper_names.go: MultiCodeIF's evaluator, quirks
//     included. Classes and functions come from its tree-sitter
//     queries, variables are Pygments Name tokens (internal/pygments, the
//     token view the evaluator saw), conventions its ASCII regular
//     expressions.
//   - lint.go: every declaration, at every site, held to its kind's
//     convention as the language's linter reads it. The declaration
//     model is declarations.go, driven by one embedded query per language
//     (queries/naming/<lang>.scm) with bindings.go for destructuring and
//     C declarators, languages.go for what a query cannot say,
//     exemptions.go for spellings a language forces; conventions.go
//     holds the case tests (Go's as revive's var-naming).
//
// Both attach to each finding its rename (fix.go, fix_*.go, respell.go):
// the edits that respell the name and every identifier of the file
// spelled like it, or the reason it is refused; Compose combines the
// renames of the findings it is given. docs.go is the rule's
// documentation as data.
//
// Other packages read the lint profile's model through Declarations,
// Targets, Supported, HasAlternates, Exemptions, IsIdentifier and MemberName: internal/verify's rename safety proof, internal/infer's
// convention inference, `iflint rules -values` and benchmark/peers/naming.
package naming
