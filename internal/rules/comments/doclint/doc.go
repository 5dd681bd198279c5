// Package doclint reads documentation comments as each ecosystem's
// established linter does, declaration by declaration: GoDoc as revive's
// exported rule (godoc.go, godoc_decls.go), Javadoc as checkstyle's
// MissingJavadocType, MissingJavadocMethod and JavadocMethod (javadoc.go,
// javadoc_tags.go), KDoc as detekt's UndocumentedPublicClass and
// UndocumentedPublicFunction (kdoc.go), Python docstrings as pydocstyle's
// D100-D107 and D419 (docstrings.go, with docstring_value.go for what
// ast.get_docstring reads) and Rustdoc as rustc's missing_docs
// (rustdoc.go). Each Style is option-free, states its scope in its Doc,
// and lists every Issue with the declaration it is about (styles.go).
//
// It is the lint profile's half of comment_formatting (package comments
// turns a Report into a verdict and each Issue's into a finding with its
// fix), and is read directly by internal/infer (which documentation
// convention a repository follows) and benchmark/peers/docpeers
// (agreement with the linters themselves).
package doclint
