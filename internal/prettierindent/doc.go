// Package prettierindent reads how prettier indents JavaScript and
// TypeScript: for every line of a file, the indentation prettier's
// printer gives it, read from tree-sitter's tree (syntax.FlatTree)
// instead of from a document prettier builds and prints.
//
// Prettier prints a document of groups, indents and aligns; a line's
// indentation is the sum of the indents and aligns around the point
// where the line breaks, whatever column the enclosing node started
// in. The reading keeps that model: the walk (walk.go) hands every node
// the indentation prettier prints it at (ind.go renders it as prettier's
// generateInd does, tabs or spaces, aligns included), and each node's
// printer rule (rules.go) says at which indentation its own tokens and
// its children sit: a block's statements and a broken bracket's
// contents one indent in, hugged last arguments not, the operands after
// the first of a broken binary chain one indent in except where
// prettier leaves them flat (conditions in parentheses, assignments'
// right-hand sides), a broken member chain's links one indent in,
// ternaries' `?` and `:` one indent in with their branches aligned two
// columns further, and so on.
//
// Which groups break is read from the file itself: a group is broken
// where its line breaks are. So the reading says where each line
// belongs given the line breaks the file has, and a file prettier
// printed is one where every line stands there. Lines prettier leaves
// alone are not judged: the insides of template literals (their
// substitutions included) and of strings, and block comments whose
// lines do not all start with `*`.
//
// The layout rule (internal/rules/layout) calls Judge for the lint
// profile's JavaScript and TypeScript indentation when the spec names
// the prettier reading (`typescript;spaces:2;prettier`); ReadConfig reads
// the repository's prettier options for `iflint init` (config.go).
//
// Licence: prettier is distributed under the MIT licence; a reading of
// its printer is a derivative of its source, so its copyright and
// permission notice travel with this package (LICENSE, beside this file).
package prettierindent
