package signature

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Where the lint profile reads a signature task otherwise than the
// paper's evaluator (src/evaluation/input_output.py). Each has a golden
// of its name under testdata/<type>/. The first three are the same
// departure in the machinery the four rules share, declared once per
// type.

func specAsParsed(t constraint.Type) *check.Divergence {
	return &check.Divergence{Type: t, Name: "spec-as-parsed",
		Paper: "reads the answer's raw fields: it dispatches on the language as spelled (only python, java, cpp, rust and go have a checker), keeps spaces around listed kinds, strips every leading and trailing bracket of a list (\"[[]int,error]\" reads as int, error) and looks for \"Struct: Name\" with its space, so a type named plainly Name never matches",
		Lint:  "reads the parsed constraint: the language by any of its names (C++, cpp), kinds trimmed, lists split at top-level commas only, \"Struct: Name\" as Name"}
}

func unsupportedUnverified(t constraint.Type) *check.Divergence {
	return &check.Divergence{Type: t, Name: "unsupported-unverified",
		Paper: "raises for a language or kind it has no table for, which scores as a failure",
		Lint:  "reports it unverified, with the reason: nothing about the code was judged (input_order still fails a parameter of a known kind that does not match)"}
}

func pointerReturns(t constraint.Type) *check.Divergence {
	return &check.Divergence{Type: t, Name: "pointer-returns",
		Paper: "finds a C++ function only through a bare function declarator, so one returning a pointer or reference (Node* reverse(Node* head)) is \"not defined\"",
		Lint:  "looks through pointer and reference declarators and finds it"}
}

var (
	inputTypeSpec        = specAsParsed(constraint.InputType)
	inputTypeUnsupported = unsupportedUnverified(constraint.InputType)
	inputTypePointers    = pointerReturns(constraint.InputType)

	outputTypeSpec        = specAsParsed(constraint.OutputType)
	outputTypeUnsupported = unsupportedUnverified(constraint.OutputType)
	outputTypePointers    = pointerReturns(constraint.OutputType)

	inputOrderSpec        = specAsParsed(constraint.InputOrder)
	inputOrderUnsupported = unsupportedUnverified(constraint.InputOrder)
	inputOrderPointers    = pointerReturns(constraint.InputOrder)
	pythonAbstractKinds   = &check.Divergence{Type: constraint.InputOrder, Name: "python-abstract-kinds",
		Paper: "compares a Python parameter's annotation with the kind's name as a prefix, so str never satisfies String nor int Integer",
		Lint:  "matches an abstract kind (String, Boolean, Integer, Float, JSONObject, ...) with its Python types, as input_type does"}
	javaArrayMatrix = &check.Divergence{Type: constraint.InputOrder, Name: "java-array-matrix",
		Paper: "rejects a Java array of arrays (int[][]) as a Matrix: its `not (A and B) or C` binds otherwise than meant",
		Lint:  "accepts int[][] as a matrix, as input_type does"}
	javaAdjacencyGraph = &check.Divergence{Type: constraint.InputOrder, Name: "java-adjacency-graph",
		Paper: "rejects Java adjacency types (adjList, AdjMatrix) as a Graph: `not 'graph' in t or 'adj' in t` again",
		Lint:  "accepts them, as in every other language and in input_type"}

	outputOrderSpec        = specAsParsed(constraint.OutputOrder)
	outputOrderUnsupported = unsupportedUnverified(constraint.OutputOrder)
	topLevelCommas         = &check.Divergence{Type: constraint.OutputOrder, Name: "top-level-commas",
		Paper: "splits Python and Rust return types at every comma, generic arguments included (and stops Python's list at the first \"]\"), so Tuple[List[int], int] reads as \"List[int\" and \"int\"; a unit return type () is one empty value that every kind contains",
		Lint:  "splits at top-level commas only: Tuple[List[int], int] and (HashMap<String, i32>, usize) are two values each, Vec<(i16, i8)> one, and () none"}
	goSingleResult = &check.Divergence{Type: constraint.OutputOrder, Name: "go-single-result",
		Paper: "reads a Go function's single unnamed result only when it is a bare type name, and fails []int, *User or map[string]int",
		Lint:  "reads any single unnamed result as one value"}
)

// reading is how a profile reads a signature task: the divergences'
// decisions, taken once at the rule's entry and handed to the shared
// machinery. A rule leaves the fields that are not its own false.
type reading struct {
	parsedSpec            bool // spec-as-parsed
	unsupportedUnverified bool // unsupported-unverified
	pointerReturns        bool // pointer-returns
	pythonAbstractKinds   bool // python-abstract-kinds (input_order)
	javaArrayMatrix       bool // java-array-matrix (input_order)
	javaAdjacencyGraph    bool // java-adjacency-graph (input_order)
	topLevelCommas        bool // top-level-commas (output_order)
	goSingleResult        bool // go-single-result (output_order)
}

func inputTypeReading(p check.Profile) reading {
	return reading{parsedSpec: inputTypeSpec.In(p), unsupportedUnverified: inputTypeUnsupported.In(p), pointerReturns: inputTypePointers.In(p)}
}

func outputTypeReading(p check.Profile) reading {
	return reading{parsedSpec: outputTypeSpec.In(p), unsupportedUnverified: outputTypeUnsupported.In(p), pointerReturns: outputTypePointers.In(p)}
}

func inputOrderReading(p check.Profile) reading {
	return reading{parsedSpec: inputOrderSpec.In(p), unsupportedUnverified: inputOrderUnsupported.In(p), pointerReturns: inputOrderPointers.In(p),
		pythonAbstractKinds: pythonAbstractKinds.In(p), javaArrayMatrix: javaArrayMatrix.In(p), javaAdjacencyGraph: javaAdjacencyGraph.In(p)}
}

func outputOrderReading(p check.Profile) reading {
	return reading{parsedSpec: outputOrderSpec.In(p), unsupportedUnverified: outputOrderUnsupported.In(p),
		topLevelCommas: topLevelCommas.In(p), goSingleResult: goSingleResult.In(p)}
}
