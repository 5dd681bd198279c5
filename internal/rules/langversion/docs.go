package langversion

import "github.com/iflint/iflint/internal/check"

var languageVersionDoc = &check.Doc{
	Summary: "The code compiles with the required language version: with that version's toolchain when one is installed, otherwise by a static analysis of version-gated syntax and standard-library APIs, reported as such.",
	Why: "Code that needs a newer compiler than the one a project ships with (a match statement on Python 3.8, a record on JDK 11, " +
		"let-else on Rust 1.60) breaks the build on the machines that matter; the static analysis catches it without installing every version.",
	Options: []check.Option{
		{Name: "language", Values: "Python, Java or Rust (other languages are accepted and reported unverified)", Doc: "the language whose version is constrained"},
		{Name: "version", Values: "Python 2.0-2.7 or 3.0-3.15 (\"3.8\", \"python3.11\"); Java 1.0-1.8 or 5-26 (\"jdk11\", \"17\", \"java 21\"); Rust 1.0-1.99 (\"1.74.0\")",
			Doc: "the version the code must compile with; a toolchain of that version is used when installed (pyenv, /usr/lib/jvm, rustup)"},
	},
	Fails:  check.Example{Spec: "python;3.8", File: "shapes.py", Code: "def area(shape):\n    match shape:\n        case (w, h):\n            return w * h\n        case r:\n            return 3.14159 * r * r\n"},
	Passes: check.Example{Spec: "python;3.10", File: "shapes.py", Code: "def area(shape):\n    match shape:\n        case (w, h):\n            return w * h\n        case r:\n            return 3.14159 * r * r\n"},
	Agrees: []check.Agreement{
		{Tool: "MultiCodeIF's evaluator (py_compile, javac, rustc), multicodeif profile", Rules: "check_language_version",
			Measured: "58/58 (100%) of gpt-4o's round-0 answers by the static analysis, no toolchain installed (TestAgreementWithPublishedVerdicts); with toolchains, all 216 compiles of the 6-model replay agree with the static analysis"},
		{Tool: "the lint profile's departures (import-time checks, edition 2021, file named after its class)", Rules: "-", Measured: "not measured"},
	},
}
