package layout

import "github.com/iflint/iflint/internal/check"

// indentationDoc is indentation_spacing's documentation. The agreement
// numbers are those benchmark/peers/layout.sh measured on the peers' own
// labelled inputs, and those of the real-repository runs, as README's
// "Indentation and spacing" section records them.
var indentationDoc = &check.Doc{
	Summary: "Lines are indented with the required unit (tabs, or n spaces per level) and, when asked, infix operators and commas are (or are not) surrounded by blanks.",
	Why: "Indentation is how a reader sees a program's structure, and in Python it is the structure: a line indented with the wrong unit or " +
		"to the wrong depth misleads the reader, and a tab among spaces can move a Python statement into another block. The lint " +
		"profile holds each language to what its own formatter or linter accepts (gofmt, pycodestyle, eslint's indent, the " +
		"conventions of checkstyle, clang-format and rustfmt), so a file those tools accept passes.",
	Options: []check.Option{
		{Name: "language", Values: "a language iflint parses: python, go, java, c, c++, c#, javascript, typescript, rust, kotlin, ...",
			Doc: "the files the constraint applies to"},
		{Name: "unit", Values: "tabs | spaces:<n> (n from 1 to 16)",
			Doc: "one tab per level, or n spaces per level (Go's gofmt tabs count as n spaces each)"},
		{Name: "spacing", Values: "spacing | no spacing | omitted",
			Doc: "spacing: infix operators and commas surrounded by blanks as the language's tools print them; no spacing: no blanks around operators and after commas; omitted: spacing is not checked"},
		{Name: "reading", Values: "prettier | omitted (JavaScript and TypeScript only)",
			Doc: "prettier: each line indented as prettier prints it (the unit as its useTabs and tabWidth), for code prettier formats; omitted: eslint's indent rule; `iflint init` writes prettier where the repository uses prettier"},
	},
	Fails:  check.Example{Spec: "python;spaces:4;spacing", File: "area.py", Code: "def area(w,h):\n  return w * h\n"},
	Passes: check.Example{Spec: "python;spaces:4;spacing", File: "area.py", Code: "def area(w, h):\n    return w * h\n"},
	Fix: "Re-indents the flagged line to the column the rule wants and shifts the lines that stand with it (its block) by the same " +
		"amount, so the block keeps its shape (a Python block's statements move together); adds or removes the blanks around the " +
		"flagged operator or comma. Each finding's fix is its own: given some findings, only their lines and blocks change. " +
		"A finding the rule cannot fix says why: a Python dedent to no enclosing level, a line that starts inside a string, an " +
		"alignment PEP 8 leaves to the author. Under the multicodeif profile a finding is fixed with the lint reading's fix for the " +
		"same line (indentation) or the same operator (spacing), and left with the reason when the lint reading sees nothing there.",
	FixSafety: "Safe: the fix changes blanks only, and the fix loop keeps it only when the file's syntax tree keeps its shape, " +
		"so no statement moves into another block and no token is joined to another. A line that starts inside a string is left as it is.",
	Agrees: []check.Agreement{
		{Tool: "gofmt", Rules: "indentation, and blanks around operators and commas (go/format's output)",
			Measured: "Go's go/printer and cmd/gofmt testdata: 50 of 50 .golden files pass; 48 of 48 .input files flagged where the gofmt binary " +
				"changes a line's indentation (3 excluded, mislabelled); hugo (905 files) and prometheus (727), gofmt-clean, have no finding"},
		{Tool: "pycodestyle", Rules: "E101, W191, E111-E117, E121, E122, E124, E125, E127-E129, E131, E225, E227, E228, E231, E251, E252",
			Measured: "pycodestyle's testing/data cases by their markers: E1/W19 128 of 128 (100%), E2 140 of 141 (99.3%); relabelled by running " +
				"pycodestyle 2.10: 128 of 128 and 141 of 141 (100%); black-formatted scrapy (485 files) and flask (83) have no finding"},
		{Tool: "eslint", Rules: "indent (default options, SwitchCase 0 or 1, member chains at their object's level accepted); space-infix-ops and comma-spacing",
			Measured: "eslint's tests/lib/rules/indent.js: 787 of 793 cases agree (99.2%; 297 excluded: non-default options, custom parsers, " +
				"tree-sitter syntax errors); on webpack's lib/ eslint (indent: [tab, {SwitchCase: 1}]) and this rule report 3,674 and 3,661 lines, " +
				"3,657 of them the same; on vuejs/core's packages/*/src/**/*.ts eslint with typescript-eslint reports 325 lines and this rule 320, all among them"},
		{Tool: "prettier 3", Rules: "the indentation of every line given its line breaks (the prettier reading: `typescript;spaces:2;prettier`)",
			Measured: "benchmark/mutation (prettier-formatted files, seeded re-indentations): vuejs/core 196 of 196 mutations caught, zustand 94 of 94, " +
				"webpack lib/ (useTabs) 139 of 139, webpack-dev-server 153 of 153, no finding on the formatted files, every fix giving back prettier's bytes; " +
				"per line on prettier's line breaks (benchmark/peers/prettier.sh): vuejs/core 99.998% of 134,639 lines, zustand 100% of 8,053, " +
				"ky 100% of 11,799 (1,440 flagged by both), got 99.98% of 17,180 (7,417 flagged by both)"},
		{Tool: "checkstyle 8.36", Rules: "Indentation (default options; basicOffset 2, caseIndent 2, arrayInitIndent 2 for gson) and FileTabCharacter (eachLine)",
			Measured: "per non-blank line, both tools on the same files: jsoup src/main 99.977% (25,960 lines; 129 lines both report, 3 only checkstyle, " +
				"3 only iflint), jsoup src/test 99.966% (23,858), gson gson/src/main 100% (17,666), gson extras 100% (1,422), gson gson/src/test 99.703% " +
				"(25,915; the 77 lines checkstyle alone reports are lambdas after a cast, as google-java-format lays them out), commons-lang src/main 99.042% " +
				"(96,344; mostly a block after `} else // comment`); benchmark/peers/layoutjava/compare.py reproduces each"},
		{Tool: "clang-format, rustfmt", Rules: "continuation and alignment conventions, rustfmt's layouts",
			Measured: "benchmark/mutation (formatter-clean files, seeded re-indentations): C on cJSON 65.9% of mutations caught, C++ on nlohmann/json " +
				"55.6%, Rust on clap 87.5%; rustfmt-clean tokio (793 files) and ripgrep (110) have no finding"},
	},
}
