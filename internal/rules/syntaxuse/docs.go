package syntaxuse

import "github.com/iflint/iflint/internal/check"

// paperAgreement is what the three rules' paper reading was measured
// against: the paper's own verdicts.
func paperAgreement(function string) check.Agreement {
	return check.Agreement{Tool: "MultiCodeIF's evaluator, multicodeif profile", Rules: function,
		Measured: "55/55 (100%) of gpt-4o's round-0 answers (TestAgreementWithPublishedVerdicts); the stored feedback rounds reproduce the published per-round rates (TestRepairHistoryMatchesPublished)"}
}

var advancedSyntaxDoc = &check.Doc{
	Summary: "The code uses the required language feature (list comprehension, generator and yield, async/await, match expression, closures, defer, ...).",
	Why: "A task that asks for a construct (a generator to stream results, defer to release a lock, pattern matching over an enum) is not done " +
		"by code that reaches the same result another way; the rule finds the construct in the syntax tree, not in comments or strings.",
	Options: []check.Option{
		{Name: "language", Values: "Python, JavaScript, TypeScript, Go, Kotlin, Rust", Doc: "the language of the code"},
		{Name: "feature", Values: "per language, as `iflint rules -values` lists them (e.g. Python: list comprehension, generator and yield, decorators, walrus operator; Go: goroutine and channel, defer statement, select statement, generics)",
			Doc: "the feature the code must use, compared case-insensitively; a misspelt feature is a configuration error with a did-you-mean"},
	},
	Fails:  check.Example{Spec: "python;list comprehension", File: "squares.py", Code: "def squares(n):\n    out = []\n    for i in range(n):\n        out.append(i * i)\n    return out\n"},
	Passes: check.Example{Spec: "python;list comprehension", File: "squares.py", Code: "def squares(n):\n    return [i * i for i in range(n)]\n"},
	Agrees: []check.Agreement{paperAgreement("check_advanced_syntax"),
		{Tool: "the lint profile's further features and languages", Rules: "-", Measured: "not measured"}},
}

var functionDoc = &check.Doc{
	Summary: "The code calls the required function or method (strings.Split, std::to_string, Collections.max), or never calls a forbidden one (\"!System.exit\").",
	Why: "A task may require a specific API (the standard library's instead of a hand-written loop) or forbid one (eval, System.exit, " +
		"unwrap in library code); the rule finds calls in the syntax tree, so a name in a comment, a string or a reference is not a call.",
	Options: []check.Option{
		{Name: "language", Values: "Python, Java, JavaScript, TypeScript, Go, Rust, C, C++, C#", Doc: "the language of the code"},
		{Name: "function", Values: "a name, optionally qualified (\"strings.Split\", \"f64::sqrt\"); \"!name\" forbids it",
			Doc: "a required call is matched by the name's last segment, on any receiver or namespace; a forbidden qualified name must match the call as written (its trailing segments), a forbidden bare name every call of that name"},
	},
	Fails:  check.Example{Spec: "go;strings.Split", File: "fields.go", Code: "package fields\n\nfunc Fields(s string) []string {\n\tvar out []string\n\tout = append(out, s)\n\treturn out\n}\n"},
	Passes: check.Example{Spec: "go;strings.Split", File: "fields.go", Code: "package fields\n\nimport \"strings\"\n\nfunc Fields(s string) []string {\n\treturn strings.Split(s, \",\")\n}\n"},
	Agrees: []check.Agreement{paperAgreement("check_function"),
		{Tool: "the lint profile's call reading and forbidden calls", Rules: "-", Measured: "not measured"}},
}

var libraryDoc = &check.Doc{
	Summary: "The code imports the required library or package (tokio, gorilla/mux, httpx), or never imports a forbidden one (\"!pickle\").",
	Why: "A project standardises on its libraries (one HTTP client, one logger) and bans some (pickle on untrusted data, a deprecated " +
		"package); the rule reads import declarations, not mentions.",
	Options: []check.Option{
		{Name: "language", Values: "Python, JavaScript, TypeScript, Go, Rust, Java, Kotlin, C#, C, C++", Doc: "the language of the code"},
		{Name: "library", Values: "a package, module or crate name (\"requests\", \"github.com/gin-gonic/gin\", \"tokio\"); \"!name\" forbids it",
			Doc: "a required library is matched as each language names packages (Python top-level package, Go path elements, Rust crate in either spelling); a forbidden one matches the library or any part of it, as flake8-tidy-imports, no-restricted-imports and depguard do"},
	},
	Fails:  check.Example{Spec: "python;requests", File: "fetch.py", Code: "import urllib.request\n\n\ndef fetch(url):\n    return urllib.request.urlopen(url).read()\n"},
	Passes: check.Example{Spec: "python;requests", File: "fetch.py", Code: "import requests\n\n\ndef fetch(url):\n    return requests.get(url).content\n"},
	Agrees: []check.Agreement{paperAgreement("check_library"),
		{Tool: "the lint profile's import reading and forbidden libraries (flake8-tidy-imports, eslint no-restricted-imports, depguard, checkstyle IllegalImport)", Rules: "banned modules and imports", Measured: "not measured"}},
}
