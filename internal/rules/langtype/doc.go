// Package langtype decides language_type: is the code written in the
// required programming language?
//
// The two profiles differ in kind and share no code. The paper's
// evaluator (paper.go) asks Guesslang 2.2.2's model — internal/guesslang,
// a pure-Go port of github.com/yoeo/guesslang with its trained weights —
// for its single reliable guess and compares raw lowercase names, errors
// included. The lint profile (lint.go) identifies the language from the
// code itself: weighted idioms of each language (features.go, found line
// by line through an Aho-Corasick hint scanner, hints.go), how cleanly
// each candidate tree-sitter grammar parses the code (internal/syntax),
// and go-enry's Bayesian classifier as a tie-breaker; it resolves
// aliases such as "cpp" or "golang" before comparing.
//
// The family has no divergences in detail and no fixer: a file in the
// wrong language is rewritten by an LLM, not by a deterministic edit.
package langtype
