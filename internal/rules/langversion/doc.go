// Package langversion decides language_version: does the code compile
// with the required Python, Java or Rust version?
//
// version.go is the rule's entry: it reads the version, compiles with
// the version's toolchain when one is installed (compile.go, through
// internal/toolchain, which finds compilers and caches their runs), and
// otherwise runs the language's static analysis on the tree-sitter
// parse: python.go (what py_compile rejects, plus what fails at import),
// java.go (javac on a lone file: features and APIs by JDK, packages a
// classpath-less javac resolves), rust.go and rust_std.go (rustc on a
// lone file: features and APIs by Rust version, the crates, modules,
// macros and attributes a dependency-less rustc knows). A syntax error
// is an issue in every language (syntax_errors.go).
//
// Both profiles run the same code; where the lint profile reads a task
// otherwise than the paper's evaluator, the difference is a named
// divergence (divergences.go) with a golden of its name. The family has
// no fixer: rewriting code for an older version is an LLM's job.
package langversion
