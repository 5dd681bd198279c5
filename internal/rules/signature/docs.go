package signature

import "github.com/iflint/iflint/internal/check"

// paperAgreement is what each rule's paper reading was measured against:
// the paper's own verdicts.
func paperAgreement(function string) []check.Agreement {
	return []check.Agreement{
		{Tool: "MultiCodeIF's evaluator, multicodeif profile", Rules: function,
			Measured: "55/55 (100%) of gpt-4o's round-0 answers (TestAgreementWithPublishedVerdicts); the stored feedback rounds reproduce the published per-round rates (TestRepairHistoryMatchesPublished)"},
		{Tool: "the lint profile's departures (divergences)", Rules: "-", Measured: "not measured"},
	}
}

var (
	kindValues = "List, Set, Map, Tuple, Matrix, Tree, Graph, String, JSONObject, Boolean, Integer, Float, or Struct:<Name>"
	fnOption   = check.Option{Name: "function", Values: "a function or method name", Doc: "the function whose signature is constrained; every definition of that name is read"}
)

var inputTypeDoc = &check.Doc{
	Summary: "The named function takes a parameter of the required kind (Map, List, Tuple, Struct:Name, ...), matched against the parameter's declared type or annotation.",
	Why:     "An interface fixed by the task (a function taking a list of orders, a matrix, a config struct) is what callers are written against; a different parameter type breaks them.",
	Options: []check.Option{
		{Name: "language", Values: "Python, Java, C++, Rust", Doc: "the language of the code"},
		fnOption,
		{Name: "kind", Values: kindValues, Doc: "the kind one parameter must have, matched with the evaluator's per-language type names (Python: prefix of the annotation; others: substring of the type)"},
	},
	Fails:  check.Example{Spec: "python;total;List", File: "orders.py", Code: "def total(count: int) -> int:\n    return count\n"},
	Passes: check.Example{Spec: "python;total;List", File: "orders.py", Code: "def total(prices: list[float]) -> float:\n    return sum(prices)\n"},
	Agrees: paperAgreement("check_input_type"),
}

var inputOrderDoc = &check.Doc{
	Summary: "The named function's parameters have the required kinds in the required order, one listed kind per parameter.",
	Why:     "Callers pass arguments by position: the same types in another order compile in some languages and silently swap values.",
	Options: []check.Option{
		{Name: "language", Values: "Python, Java, C++, Rust", Doc: "the language of the code"},
		fnOption,
		{Name: "kinds", Values: "a bracketed list such as [int,str] or [Matrix,Graph]: type names or " + kindValues, Doc: "the parameters' kinds in order, compared case-insensitively with each parameter's type"},
	},
	Fails:  check.Example{Spec: "python;paginate;[int,int]", File: "pages.py", Code: "def paginate(page: int, size: str):\n    return page, size\n"},
	Passes: check.Example{Spec: "python;paginate;[int,int]", File: "pages.py", Code: "def paginate(page: int, size: int):\n    return page, size\n"},
	Agrees: paperAgreement("check_input_order"),
}

var outputTypeDoc = &check.Doc{
	Summary: "The named function's declared return type is of the required kind.",
	Why:     "What a function returns is its contract with every caller; a Map where a List was asked for is a different API.",
	Options: []check.Option{
		{Name: "language", Values: "Python, Java, C++, Rust", Doc: "the language of the code"},
		fnOption,
		{Name: "kind", Values: kindValues, Doc: "the kind the return type must have"},
	},
	Fails:  check.Example{Spec: "java;load;Map", File: "Store.java", Code: "import java.util.List;\n\nclass Store {\n    List<String> load() {\n        return List.of();\n    }\n}\n"},
	Passes: check.Example{Spec: "java;load;Map", File: "Store.java", Code: "import java.util.Map;\n\nclass Store {\n    Map<String, Integer> load() {\n        return Map.of();\n    }\n}\n"},
	Agrees: paperAgreement("check_output_type"),
}

var outputOrderDoc = &check.Doc{
	Summary: "The named function returns several values (a tuple or multiple results) whose kinds appear in the required order.",
	Why:     "Multiple results are read by position ((value, error) in Go, tuples in Python and Rust); swapping them breaks every caller.",
	Options: []check.Option{
		{Name: "language", Values: "Python, Rust, Go", Doc: "the language of the code"},
		fnOption,
		{Name: "kinds", Values: "a bracketed list such as [int,error] or [Vec<String>,usize]", Doc: "the returned values' types in order; a value matches when it and the listed kind contain one another as text"},
	},
	Fails:  check.Example{Spec: "go;parse;[int,error]", File: "parse.go", Code: "package parse\n\nfunc parse(s string) (string, error) {\n\treturn s, nil\n}\n"},
	Passes: check.Example{Spec: "go;parse;[int,error]", File: "parse.go", Code: "package parse\n\nfunc parse(s string) (int, error) {\n\treturn len(s), nil\n}\n"},
	Agrees: paperAgreement("check_output_order"),
}
