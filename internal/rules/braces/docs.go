package braces

import "github.com/iflint/iflint/internal/check"

// doc is brace_block_formatting's documentation as data.
var doc = &check.Doc{
	Summary: "Blocks follow the required brace style: K&R or 1TBS (a block's opening brace ends its header's line; " +
		"1TBS also keeps else/catch/finally on the closing brace's line) or Allman (opening brace on a line of its own).",
	Why: "One brace style reads as one hand wrote the code; mixed styles make every block a small puzzle and every " +
		"diff noisier. Only blocks that follow a header are governed: bare blocks, initializer blocks, blocks passed " +
		"as arguments and literals (arrays, objects, initializer lists, Kotlin lambdas) are values or statements of " +
		"their own, which no brace style places.",
	Options: []check.Option{
		{Name: "language", Values: "Java, Go, C, C++, JavaScript, TypeScript, Rust, C#, Kotlin (read from the syntax tree); any other language is read as text", Doc: "The language whose files the constraint governs."},
		{Name: "style", Values: "K&R (also kr), 1TBS (also otbs), Allman", Doc: "K&R and 1TBS: the opening brace ends the header's line; 1TBS also keeps else/catch/finally on the closing brace's line. Allman: the opening brace, and else/catch/finally, start lines of their own."},
	},
	Fails:  check.Example{Spec: "java;K&R", File: "A.java", Code: "class A\n{\n    int f(int x) {\n        return x;\n    }\n}\n"},
	Passes: check.Example{Spec: "java;K&R", File: "A.java", Code: "class A {\n    int f(int x) {\n        return x;\n    }\n}\n"},
	Fix: "Moves the flagged brace or keyword: an opening brace to its header's line (K&R, 1TBS) or onto a line of its " +
		"own at the header's indentation (Allman); a multi-line block's first or last statement off the brace's line; " +
		"else/catch/finally onto or off the closing brace's line. Every edit changes only the blanks between the " +
		"flagged token and its neighbour. A brace with a comment or a preprocessor line between it and its header, " +
		"Allman in Go, and braces of languages read as text are left alone, with the reason.",
	FixSafety: "Safe: blanks change, no token moves from one statement to another. A fix is kept only if the reparsed " +
		"file keeps its syntax tree's shape (a brace whose meaning depends on its line, as in JavaScript after " +
		"`return`, is caught) and the rule then reports exactly the other placements it reported before. In Go a K&R " +
		"move mends what semicolon insertion broke, so there the result need only parse.",
	Agrees: []check.Agreement{
		{Tool: "checkstyle", Rules: "LeftCurly eol ↔ K&R", Measured: "256 of 256 labelled lines (100%); 265/298 (88.9%) with the exclusions counted"},
		{Tool: "checkstyle", Rules: "LeftCurly nl ↔ Allman", Measured: "150 of 150 labelled lines (100%); 151/152 (99.3%) with the exclusions counted"},
		{Tool: "eslint", Rules: "brace-style 1tbs ↔ 1TBS", Measured: "92 of 92 labelled cases (100%); 109/111 (98.2%) with the exclusions counted"},
		{Tool: "eslint", Rules: "brace-style allman ↔ Allman", Measured: "23 of 23 labelled cases (100%); 28/33 (84.8%) with the exclusions counted"},
	},
}
