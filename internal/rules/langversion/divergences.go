package langversion

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Where the lint profile reads a version task otherwise than the paper's
// evaluator (src/evaluation/language_version.py). Each has a golden of
// its name under testdata/language_version/.
var (
	fixedVersionTable = &check.Divergence{Type: constraint.LanguageVer, Name: "fixed-version-table",
		Paper: "accepts only the versions of its fixed table (Python 3.8, 3.10, 3.13; JDK 11, 17, 21; Rust 1.60.0 to 1.87.0) and only Python, Java and Rust: any other version or language fails, whatever the code",
		Lint:  "judges any version on its merits, by compiling or by the static analysis; a language without a version checker is unverified, since nothing about the code was judged"}
	javaFileName = &check.Divergence{Type: constraint.LanguageVer, Name: "java-file-name",
		Paper: "writes every answer to Test.java, so a public class of any other name fails to compile",
		Lint:  "names the file after its public type, as javac requires and as every Java project does"}
	rustEdition = &check.Divergence{Type: constraint.LanguageVer, Name: "rust-edition",
		Paper: "runs rustc without --edition, i.e. edition 2015, where async fn, async blocks and .await are errors",
		Lint:  "compiles (and statically judges) the code as edition 2021, cargo's default for years"}
	importTimeChecks = &check.Divergence{Type: constraint.LanguageVer, Name: "import-time-checks",
		Paper: "only byte-compiles Python (py_compile), which never imports a module nor evaluates an annotation",
		Lint:  "also flags imports of standard modules that version lacks (removed, or not yet added) and X | Y unions in evaluated annotations before 3.10: the code would fail as soon as it runs"}
	compileTimeout = &check.Divergence{Type: constraint.LanguageVer, Name: "compile-timeout",
		Paper: "counts a compiler that runs past 10 seconds as a failure",
		Lint:  "reports the timeout unverified: a slow or loaded machine says nothing about the version (golden under toolchain/, run with a fake compiler)"}
)

// reading is how a profile reads a version task: the divergences'
// decisions, taken once at the rule's entry and handed to the compile
// and the static analyses.
type reading struct {
	anyVersion        bool // fixed-version-table
	fileAfterClass    bool // java-file-name
	edition2021       bool // rust-edition
	importTime        bool // import-time-checks
	timeoutUnverified bool // compile-timeout
}

func readingOf(p check.Profile) reading {
	return reading{
		anyVersion:        fixedVersionTable.In(p),
		fileAfterClass:    javaFileName.In(p),
		edition2021:       rustEdition.In(p),
		importTime:        importTimeChecks.In(p),
		timeoutUnverified: compileTimeout.In(p),
	}
}
