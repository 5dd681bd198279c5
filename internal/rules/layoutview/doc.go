// Package layoutview is the text the paper's evaluator judges layout
// on, shared by the two layout rules' paper readings (indentation_spacing
// in internal/rules/layout, brace_block_formatting in
// internal/rules/braces) and by the braces lint reading's view.
//
// The evaluator strips comments (and, for indentation, strings) with
// Pygments and then works line by line with Python's regular
// expressions. This package strips the same spans using tree-sitter
// nodes (spans.go: SpansFor), adjusted where Pygments' token boundaries
// differ from tree-sitter's in a way that changes lines:
//
//   - C, C++ and Rust line comments swallow their newline in Pygments, so
//     removing one joins the next line onto the comment's line;
//   - C/C++ preprocessor directive lines are Pygments comments (newline
//     included), and "#if 0" blocks are comments up to their #else/#endif
//     (preproc.go);
//   - Rust doc comments (///, //!, /** */, /*! */) are Pygments strings,
//     not comments, and attributes (#[...]) are comments;
//   - interpolated expressions in Python f-strings, JavaScript template
//     literals and Kotlin string templates are code, not string.
//
// view.go builds the text without those spans, mapped back to source
// offsets (PaperView as the evaluator removes them, LintView keeping
// every line break); text.go has Python's character classes and line
// splitting, which the evaluator's regular expressions see; findings.go
// keeps one finding per line, as the evaluator counts lines.
package layoutview
