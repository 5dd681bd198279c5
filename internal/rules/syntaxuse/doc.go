// Package syntaxuse decides the three "uses" types of the paper's
// syntax evaluator: advanced_syntax (the code uses a language feature),
// function (it calls a function, or never calls a forbidden one) and
// library (it imports a library, or never imports a forbidden one).
//
// Each rule reads the tree-sitter parse (internal/syntax) through
// tree-sitter queries (search.go), after a look at the raw bytes that
// settles most absent names without parsing; advanced_syntax falls back
// to the chroma port of Pygments (internal/lex) for tokens on a broken
// tree, as the evaluator's token checks see them. Python code that does
// not parse satisfies nothing (python_syntax_error.go). The rules are in
// advanced_syntax.go, function.go and library.go, the forbidden forms in
// function_forbidden.go and library_forbidden.go; feature_names.go is the
// feature vocabulary the configuration validates specs against.
//
// Both profiles run the same code; where the lint profile reads a task
// otherwise than the paper's evaluator, the difference is a named
// divergence (divergences.go) with a golden of its name. The family has
// no fixer.
package syntaxuse
