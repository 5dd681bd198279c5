package langversion

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Rules lists the family's rules, one per constraint type.
var Rules = []*check.Rule{Rule}

// Rule decides whether the code compiles with the requested language
// version. With an installed toolchain it compiles the code the way the
// paper's evaluator does (py_compile, javac, rustc --emit=metadata);
// otherwise it reports a best-effort static verdict: the code must parse
// and use no syntax or standard-library feature newer than the version.
// Both profiles run the same code; they differ in the named divergences.
var Rule = &check.Rule{
	Type:        constraint.LanguageVer,
	Paper:       checkVersion,
	Lint:        checkVersion,
	Doc:         languageVersionDoc,
	Divergences: []*check.Divergence{fixedVersionTable, javaFileName, rustEdition, importTimeChecks, compileTimeout},
}
