package datastruct

import "github.com/iflint/iflint/internal/check"

// agreement is what each rule's paper reading was measured against: the
// paper's own verdicts.
func agreement(function string) []check.Agreement {
	return []check.Agreement{
		{Tool: "MultiCodeIF's evaluator, multicodeif profile", Rules: function,
			Measured: "55/55 (100%) of gpt-4o's round-0 answers (TestAgreementWithPublishedVerdicts); the stored feedback rounds reproduce the published per-round rates (TestRepairHistoryMatchesPublished)"},
		{Tool: "the lint profile's departures (divergences)", Rules: "-", Measured: "not measured"},
	}
}

var (
	languageOption  = check.Option{Name: "language", Values: "Python, Java, C++, Go, Rust", Doc: "the language of the code"}
	structureOption = check.Option{Name: "structure", Values: "a type or structure name (TreeSet, VecDeque, collections.deque, std::priority_queue, map, chan)",
		Doc: "compared case-insensitively with the types the code names (Python: the structures it constructs)"}
)

var typeDoc = &check.Doc{
	Summary: "The code uses the required data structure type (TreeSet, VecDeque, collections.deque, std::priority_queue).",
	Why:     "The structure often is the requirement: ordered iteration from a TreeSet, O(1) pops from both ends of a deque, a heap for the k smallest; a list that happens to work is a different program.",
	Options: []check.Option{languageOption, structureOption},
	Fails:   check.Example{Spec: "java;TreeSet", File: "Names.java", Code: "import java.util.*;\n\nclass Names {\n    Set<String> sorted(List<String> xs) {\n        return new HashSet<>(xs);\n    }\n}\n"},
	Passes:  check.Example{Spec: "java;TreeSet", File: "Names.java", Code: "import java.util.*;\n\nclass Names {\n    Set<String> sorted(List<String> xs) {\n        return new TreeSet<>(xs);\n    }\n}\n"},
	Agrees:  agreement("check_data_structure_type"),
}

var sizeDoc = &check.Doc{
	Summary: "The required data structure is used and its required size or capacity appears in the code (outside comments).",
	Why:     "A bounded buffer, a fixed-size pool or a pre-sized map is part of the design (memory, back-pressure); the size must be in the code, not in a comment.",
	Options: []check.Option{languageOption, structureOption,
		{Name: "size", Values: "a non-negative whole number", Doc: "the size, found as text in the code without comments (as the evaluator does: 100 is found in 1000)"}},
	Fails:  check.Example{Spec: "go;chan;200", File: "jobs.go", Code: "package jobs\n\nfunc New() chan int {\n\t// room for 200 jobs\n\treturn make(chan int, 100)\n}\n"},
	Passes: check.Example{Spec: "go;chan;200", File: "jobs.go", Code: "package jobs\n\nfunc New() chan int {\n\treturn make(chan int, 200)\n}\n"},
	Agrees: agreement("check_data_structure_size"),
}

var operationDoc = &check.Doc{
	Summary: "The code uses the required data structure and calls each listed operation (push and pop, append and popleft).",
	Why:     "Using a stack means pushing and popping it; the operations show the structure is used as the task intends, not merely declared.",
	Options: []check.Option{languageOption, structureOption,
		{Name: "operations", Values: "a list such as ['push','pop'] or ['append','popleft']; \"not <op>\" forbids a call", Doc: "each must be called somewhere, by name (the last segment of a qualified name), on any receiver"}},
	Fails:  check.Example{Spec: "python;collections.deque;['append','popleft']", File: "queue.py", Code: "import collections\n\nq = collections.deque()\nq.append(1)\nq.pop()\n"},
	Passes: check.Example{Spec: "python;collections.deque;['append','popleft']", File: "queue.py", Code: "import collections\n\nq = collections.deque()\nq.append(1)\nq.popleft()\n"},
	Agrees: agreement("check_data_structure_operation"),
}
