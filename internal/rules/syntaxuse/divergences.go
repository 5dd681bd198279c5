package syntaxuse

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Where the lint profile reads a syntax task otherwise than the paper's
// evaluator (src/evaluation/syntax.py). Each has a golden of its name
// under testdata/<type>/. Each rule takes the decisions once, at its
// entry, into a reading its helpers receive.

// unsupportedUnverified is the same departure for each of the three
// types: the evaluator answers False for what it has no checker for.
func unsupportedUnverified(t constraint.Type) *check.Divergence {
	return &check.Divergence{Type: t, Name: "unsupported-unverified",
		Paper: "answers False for a language (or feature) it has no checker for, whatever the code",
		Lint:  "reports it unverified, with the reason: nothing about the code was judged"}
}

var (
	moreFeatures = &check.Divergence{Type: constraint.AdvancedSyntax, Name: "more-features",
		Paper: "knows a fixed list of features: Python comprehensions and yield; JavaScript async/await, arrow functions and spread; Go goroutines with channels and defer; Kotlin lambdas and when; Rust match, if let and closures; any other feature, and every TypeScript one, fails",
		Lint:  "also checks Python generator expressions, lambdas, decorators, context managers, the walrus operator and match; JavaScript and TypeScript destructuring, template literals, optional chaining, classes and generators; TypeScript's generics and interfaces; Go select and generics; Rust traits, lifetimes and macros"}
	featureUnsupported = unsupportedUnverified(constraint.AdvancedSyntax)
)

// featureReading is how a profile reads an advanced_syntax task.
type featureReading struct {
	moreFeatures          bool // more-features
	unsupportedUnverified bool // unsupported-unverified
}

func featureReadingOf(p check.Profile) featureReading {
	return featureReading{moreFeatures: moreFeatures.In(p), unsupportedUnverified: featureUnsupported.In(p)}
}

var (
	methodNameOnly = &check.Divergence{Type: constraint.Function, Name: "method-name-only",
		Paper: "accepts any identifier child of a Java method invocation, so the receiver in `max.foo()` counts as a call of max",
		Lint:  "looks at the method's name only"}
	turbofishCalls = &check.Divergence{Type: constraint.Function, Name: "turbofish-calls",
		Paper: "ignores Rust calls with explicit type arguments (`iter.map::<T>(..)`, `parse::<i32>()`)",
		Lint:  "counts them: they are calls of map and parse"}
	templateCalls = &check.Divergence{Type: constraint.Function, Name: "template-calls",
		Paper: "compares a C++ callee with its template arguments attached, so `std::max<int>(a, b)` and `get<0>(t)` are not calls of max and get",
		Lint:  "drops the template arguments before comparing"}
	genericCalls = &check.Divergence{Type: constraint.Function, Name: "generic-calls",
		Paper: "misses C# generic calls such as `list.Max<int>()` or `Enumerable.Repeat<T>(..)`",
		Lint:  "counts them"}
	callLanguages = &check.Divergence{Type: constraint.Function, Name: "more-languages",
		Paper: "checks calls in Python, Java, JavaScript, Rust, Go, C++ and C# only; TypeScript and C answers fail",
		Lint:  "checks TypeScript and C calls too, read like JavaScript's and C++'s"}
	callUnsupported = unsupportedUnverified(constraint.Function)
)

// callReading is how a profile reads a function task: which calls count.
type callReading struct {
	methodNameOnly        bool // method-name-only
	turbofish             bool // turbofish-calls
	templateCalls         bool // template-calls
	genericCalls          bool // generic-calls
	moreLanguages         bool // more-languages
	unsupportedUnverified bool // unsupported-unverified
}

func callReadingOf(p check.Profile) callReading {
	return callReading{
		methodNameOnly:        methodNameOnly.In(p),
		turbofish:             turbofishCalls.In(p),
		templateCalls:         templateCalls.In(p),
		genericCalls:          genericCalls.In(p),
		moreLanguages:         callLanguages.In(p),
		unsupportedUnverified: callUnsupported.In(p),
	}
}

var (
	topLevelPackage = &check.Divergence{Type: constraint.Library, Name: "top-level-package",
		Paper: "compares a Python `import a.b` by its whole dotted name, so `import matplotlib.pyplot as plt` does not use matplotlib",
		Lint:  "compares the top-level package, as it does for `from` imports"}
	relativePaths = &check.Divergence{Type: constraint.Library, Name: "relative-paths",
		Paper: "tests whether a JavaScript or TypeScript import path contains the library's name, so `./gotcha.js` imports the library got",
		Lint:  "skips relative and absolute paths: they name the project's own files, not packages"}
	wholePathElements = &check.Divergence{Type: constraint.Library, Name: "whole-path-elements",
		Paper: "tests a case-sensitive substring of a Go import path: \"Gin\" misses github.com/gin-gonic/gin while \"ent\" is found in .../client",
		Lint:  "compares whole path elements, ignoring case and major-version suffixes: \"gin\" is an element of the gin path, \"ent\" of entgo.io/ent, \"yaml\" of gopkg.in/yaml.v3"}
	crateSpellings = &check.Divergence{Type: constraint.Library, Name: "crate-spellings",
		Paper: "looks for the crate's name as written in use and extern crate declarations only",
		Lint:  "also accepts the crate as code spells it ('_' for '-': async_std for async-std) and a crate used through paths alone, with no use declaration (`#[tokio::main]`, `serde_json::to_string`), as Rust 2018 allows"}
	importLanguages = &check.Divergence{Type: constraint.Library, Name: "more-languages",
		Paper: "checks imports in Python, JavaScript, TypeScript, Go and Rust only; Java, Kotlin, C#, C and C++ answers fail",
		Lint:  "also reads Java and Kotlin imports, C# using directives and C and C++ includes"}
	importUnsupported = unsupportedUnverified(constraint.Library)
)

// importReading is how a profile reads a library task: which imports
// name the library.
type importReading struct {
	topLevelPackage       bool // top-level-package
	relativePaths         bool // relative-paths
	wholePathElements     bool // whole-path-elements
	crateSpellings        bool // crate-spellings
	moreLanguages         bool // more-languages
	unsupportedUnverified bool // unsupported-unverified
}

func importReadingOf(p check.Profile) importReading {
	return importReading{
		topLevelPackage:       topLevelPackage.In(p),
		relativePaths:         relativePaths.In(p),
		wholePathElements:     wholePathElements.In(p),
		crateSpellings:        crateSpellings.In(p),
		moreLanguages:         importLanguages.In(p),
		unsupportedUnverified: importUnsupported.In(p),
	}
}
