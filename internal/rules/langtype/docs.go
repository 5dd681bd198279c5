package langtype

import "github.com/iflint/iflint/internal/check"

var languageTypeDoc = &check.Doc{
	Summary: "The code is written in the required programming language, as identified from the code itself.",
	Why: "A task that asks for Rust is not done by a Python answer, however good; an assistant that drifts into a " +
		"neighbouring language (TypeScript for JavaScript, C++ for C) is caught before review.",
	Options: []check.Option{
		{Name: "language", Values: "a language name or alias: Python, Java, JavaScript (js), TypeScript (ts), Go (golang), Rust, C, C++ (cpp), C#, Kotlin, Haskell, Lua, Julia, Prolog, CoffeeScript, Ruby, ...",
			Doc: "the language the code must be written in; the lint profile resolves aliases, the paper's evaluator compares the name as written, lowercased"},
	},
	Fails:  check.Example{Spec: "python", File: "answer.txt", Code: "fn main() {\n    let mut v = Vec::new();\n    v.push(1);\n    println!(\"{:?}\", v);\n}\n"},
	Passes: check.Example{Spec: "python", File: "answer.txt", Code: "import os\n\nclass Walker:\n    def __init__(self, root):\n        self.root = root\n"},
	Agrees: []check.Agreement{
		{Tool: "MultiCodeIF's evaluator (Guesslang 2.2.2), multicodeif profile", Rules: "check_language_type",
			Measured: "63/63 (100%) of gpt-4o's round-0 answers (TestAgreementWithPublishedVerdicts); the stored feedback rounds 54/63, 55/63, 56/63 as published (TestRepairHistoryMatchesPublished)"},
		{Tool: "file extensions of real repositories, lint profile", Rules: "the language a file's extension names",
			Measured: "455 of 508 whole files from 11 repositories named right (Guesslang's model: 451); TestLanguageTypeRealCode"},
	},
}
