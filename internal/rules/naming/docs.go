package naming

// naming_convention's documentation as data: `iflint rules` and
// docs/rules/naming_convention.md are generated from ruleDoc, and
// TestDocExamples holds its examples to the lint rule. The agreement
// figures are the ones measured by benchmark/peers/naming (README,
// "Agreement with established linters", Naming).

import (
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

var ruleDoc = &check.Doc{
	Summary: "Declared names follow the case convention the spec sets for their kind: classes, functions, methods, variables, constants and the rest.",
	Why: "A team that agrees on how names are spelled reads a name's kind from its spelling, and reviews stop arguing about it. " +
		"The lint profile checks the names the code declares, each at every declaration site, never names it only refers to " +
		"(an imported library's class, a called function, an attribute of a foreign object), and reads each convention as the " +
		"language's own linter does: pep8-naming, checkstyle, eslint's camelcase, revive's var-naming, rustc's lints. " +
		"Names a language or framework forces (dunders, overrides, test functions, `main`) are exempt.",
	Options: []check.Option{
		{
			Name:   "language",
			Values: strings.Join(modelledLanguages(), ", "),
			Doc:    "the spec's first field; the lint profile has a declaration model (queries/naming/<language>.scm) for these",
		},
		{
			Name:   "kind",
			Values: strings.Join(kindNames(), ", "),
			Doc: "which declarations a rule governs (`class:PascalCase`); `type` is `class`. A kind without a rule of its own " +
				"follows the kind it falls back to (enum → class, method → function, parameter → variable), and a later rule " +
				"for a kind replaces an earlier one",
		},
		{
			Name:   "convention",
			Values: strings.Join(constraint.Conventions, ", "),
			Doc: "how a kind's names are spelled; letter case is Unicode letter case, and leading or trailing underscores " +
				"are not part of it except in Java and Go",
		},
	},
	Fails: check.Example{
		Spec: "python;class:PascalCase,function:snake_case,variable:snake_case",
		File: "shapes.py",
		Code: "class shape_area:\n    def computeArea(self, width):\n        totalWidth = width * 2\n        return totalWidth\n",
	},
	Passes: check.Example{
		Spec: "python;class:PascalCase,function:snake_case,variable:snake_case",
		File: "shapes.py",
		Code: "class ShapeArea:\n    def compute_area(self, width):\n        total_width = width * 2\n        return total_width\n",
	},
	Fix: "Renames the declaration together with every identifier of the file spelled like it (strings and comments are " +
		"never touched), to the convention's spelling with acronyms kept whole (`parseHTTPRequest` → `parse_http_request`, " +
		"`get_URL` → `getURL`; Go: `user_id` → `userID`). It refuses, with the reason, names other files may see (exported " +
		"API, imports, keyword arguments of functions defined elsewhere, methods of a class extending one defined " +
		"elsewhere), spellings a language or framework forces, and renames that would collide with a name the file " +
		"uses, a keyword or builtin, or another rename to the same spelling.",
	FixSafety: "Unsafe. The rename keeps every binding inside the file (old and new spellings map one to one), but " +
		"whatever refers to the name by its spelling is out of its sight: another file, reflection (getattr, JSON keys " +
		"of a Go field), a string. `iflint fix` keeps a rename only when the repository's tests pass, or without tests " +
		"when the safety stage proves the name local: a function's local or a file-private name no other file of the " +
		"repository mentions.",
	Agrees: []check.Agreement{
		{
			Tool:     "pep8-naming",
			Rules:    "N801, N802, N806, N815, N816",
			Measured: "99.3% (139 of 140 labelled cases of its testsuite); 99.79% of 24,716 declarations in scrapy, flask and requests (flake8 5.0.4, pep8-naming 0.10.0)",
		},
		{
			Tool:     "checkstyle 8.36",
			Rules:    "TypeName, MethodName, LocalVariableName, MemberName, ConstantName",
			Measured: "100% (81 of 81 declarations checkstyle covers in its naming-check inputs); 100% of 23,422 declarations in commons-lang and gson",
		},
		{
			Tool:     "eslint",
			Rules:    "camelcase",
			Measured: "100% (130 of 130 cases of its tests); 99.98% of 85,404 declarations in webpack and express; with typescript-eslint, 100.00% of 27,743 declarations in vuejs/core",
		},
		{
			Tool:     "revive v1.17.0",
			Rules:    "var-naming",
			Measured: "100% of 113,014 declarations in hugo and prometheus",
		},
	},
}

// modelledLanguages are the spec names of the languages the lint
// profile has a declaration model for, sorted.
func modelledLanguages() []string {
	var out []string
	for id := range namingLangs {
		if Supported(id) {
			out = append(out, string(id))
		}
	}
	sort.Strings(out)
	return out
}
