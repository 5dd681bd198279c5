// Package braces decides brace_block_formatting: whether the blocks of a
// file put their braces as the required style says (K&R, 1TBS, Allman),
// and fixes the placements that break it.
//
// The two profiles differ in kind, chosen by the Rule (family.go):
//
//   - paper.go is the paper's reading (multicodeif): lines of text with
//     comments removed, the first "{" and "}" of each line, as
//     MultiCodeIF's evaluator reads them. It reads the text through
//     internal/rules/layoutview, the layout family's view of a source
//     with its comments (and, for lint, literals) blanked out.
//   - lint.go is the lint profile: the syntax-tree reading (reading.go,
//     with headers.go for which header a block belongs to, tokens.go for
//     the braces, keywords and comments a tree-sitter query finds,
//     languages.go and literals.go for each grammar's node types), as
//     checkstyle's LeftCurly/RightCurly and eslint's brace-style read
//     braces. Languages without a tree reading keep the text reading,
//     with the lint profile's corrections.
//
// The corrections are named in divergences.go, each with a golden of its
// name under testdata/brace_block_formatting/. The rule's documentation
// is data in docs.go.
//
// Every finding carries its fix (fix.go): the edits that move that brace
// or keyword alone (fix_edits.go), or why it cannot be moved. The paper's
// findings carry the tree reading's fix of the same brace. The Rule's
// Composer combines the given findings' fixes and keeps those that prove
// out (fix_verify.go); its goldens are testdata/brace_block_formatting/fix/.
//
// Problems, the tree reading's list of placements, is exported for
// benchmark/peers/braces, which compares it with checkstyle and eslint.
package braces
