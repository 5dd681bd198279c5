package comments

import "github.com/iflint/iflint/internal/check"

// doc is comment_formatting's documentation as data.
var doc = &check.Doc{
	Summary: "Comments take the required form: single-line, multi-line, inline or block comments, or a language's " +
		"documentation comments (GoDoc, Javadoc, KotlinDoc, Rustdoc, Python docstrings) on its public declarations.",
	Why: "A project's comment form is part of its reading contract: documentation tools (godoc, javadoc, rustdoc, " +
		"Sphinx, Dokka) only see documentation in their form, and a reviewer reads one comment style faster than a mix.",
	Options: []check.Option{
		{Name: "language", Values: "any language iflint reads; the documentation styles are read in their own language (GoDoc in Go, Javadoc in Java, KotlinDoc in Kotlin, Rustdoc in Rust, Python docstring in Python)", Doc: "The language whose files the constraint governs."},
		{Name: "style", Values: "Single-line comment, Multi-line comment, Inline comment, Block comment, GoDoc, Javadoc, KotlinDoc, Rustdoc, Python docstring", Doc: "The comment form required. In the lint profile the documentation styles are their ecosystem linters' \"public declarations are documented\" (revive exported, checkstyle MissingJavadoc*/JavadocMethod, detekt UndocumentedPublic*, rustc missing_docs, pydocstyle D100-D107 and D419); the comment kinds are the paper's token tests, every offending comment listed."},
	},
	Fails:  check.Example{Spec: "go;GoDoc", File: "parse.go", Code: "package parse\n\n// Parse parses.\nfunc Parse() {}\n\nfunc Format() {}\n"},
	Passes: check.Example{Spec: "go;GoDoc", File: "parse.go", Code: "package parse\n\n// Parse parses.\nfunc Parse() {}\n\n// Format formats.\nfunc Format() {}\n"},
	Fix: "Re-spells existing comments, never writes words: block comments become // lines (single-line), runs of // " +
		"lines one /* */ block (multi-line), a comment alone on its line moves to the end of the code line below " +
		"(inline), a trailing comment moves above its line (block); the comments directly above an undocumented " +
		"declaration become its /** */ Javadoc or KDoc, its /// Rustdoc or its docstring, and a GoDoc comment that blank " +
		"lines detach from its declaration is re-attached. Tool directives, comments holding /* or */, comments " +
		"without a sentence and every missing or misworded doc comment are left alone, with the reason.",
	FixSafety: "Safe for comments that are never executed: a conversion is kept only if the file parses no worse and " +
		"the re-checked rule no longer reports what it was asked to fix. Unsafe where a comment may become a test: " +
		"a Rust doc comment's code block is a doctest `cargo test` runs, a docstring's \">>>\" example one a doctest " +
		"runner runs, and a Go Example function's \"// Output:\" comment is its test.",
	Agrees: []check.Agreement{
		{Tool: "revive", Rules: "exported ↔ GoDoc", Measured: "134 labelled cases, 100%; real repositories hugo 4,630 and prometheus 4,024 declarations, 100%"},
		{Tool: "checkstyle", Rules: "MissingJavadocMethod ↔ Javadoc", Measured: "243 labelled cases, 100%"},
		{Tool: "checkstyle", Rules: "JavadocMethod ↔ Javadoc", Measured: "441 labelled cases, 100%; with MissingJavadocType/Method on commons-lang 12,154 and gson 4,194 declarations, 100%"},
		{Tool: "pydocstyle", Rules: "D100-D107, D419 ↔ Python docstring", Measured: "scrapy 3,396 and flask 574 declarations, 100%"},
		{Tool: "rustc", Rules: "missing_docs ↔ Rustdoc", Measured: "12 items of iflint's own Rust goldens, 100% (labelled only; not run on real repositories, which need their crates' dependencies)"},
		{Tool: "detekt", Rules: "UndocumentedPublicClass, UndocumentedPublicFunction ↔ KotlinDoc", Measured: "not measured (detekt could not be run here)"},
	},
}
