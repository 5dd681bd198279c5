package datastruct

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// Where the lint profile reads a data-structure task otherwise than the
// paper's evaluator (src/evaluation/data_structure.py). Each has a
// golden of its name under testdata/<type>/. The first four are the same
// departure in the structure search the three rules share, declared
// once per type.

func specAsParsed(t constraint.Type) *check.Divergence {
	return &check.Divergence{Type: t, Name: "spec-as-parsed",
		Paper: "splits the answer on ';' without trimming, so \" stack\" keeps its space and never matches, and dispatches on the language as spelled (python, java, cpp, go, rust)",
		Lint:  "reads the parsed constraint: the name trimmed, the language by any of its names"}
}

func pythonConstructions(t constraint.Type) *check.Divergence {
	return &check.Divergence{Type: t, Name: "python-constructions",
		Paper: "sees a Python structure only in calls such as list() or collections.deque(), so literals and comprehensions, `import heapq` and names imported from queue do not count, and \"deque\" does not name collections.deque: a heapq task can never pass",
		Lint:  "counts [] {} () literals and comprehensions as list, dict, set and tuple, importing heapq as heapq, names imported from queue, and matches \"deque\", \"OrderedDict\", \"Counter\" and \"defaultdict\" with the collections names"}
}

func goBuiltinTypes(t constraint.Type) *check.Divergence {
	return &check.Divergence{Type: t, Name: "go-builtin-types",
		Paper: "collects type_identifiers only, which Go's built-in structures (map[K]V, []T, [N]T, chan T, struct{...}) and qualified types (bytes.Buffer, sync.Map) are not: every such Go task fails",
		Lint:  "recognises them, by kind (map, slice, array, chan, struct) and by qualified or short name"}
}

func rustPathConstructors(t constraint.Type) *check.Divergence {
	return &check.Divergence{Type: t, Name: "rust-path-constructors",
		Paper: "collects type_identifiers only, so HashMap::new() without a type annotation names no structure",
		Lint:  "also counts the type in front of \"::\" in paths outside use declarations"}
}

var (
	typeSpec        = specAsParsed(constraint.DSType)
	typePython      = pythonConstructions(constraint.DSType)
	typeGo          = goBuiltinTypes(constraint.DSType)
	typeRust        = rustPathConstructors(constraint.DSType)
	sizeSpec        = specAsParsed(constraint.DSSize)
	sizePython      = pythonConstructions(constraint.DSSize)
	sizeGo          = goBuiltinTypes(constraint.DSSize)
	sizeRust        = rustPathConstructors(constraint.DSSize)
	caseInsensitive = &check.Divergence{Type: constraint.DSSize, Name: "case-insensitive-size",
		Paper: "compares a Rust or Go answer's structure name as written with lowercased type names, so a name with capitals (BTreeMap) never matches",
		Lint:  "compares case-insensitively, as every other data-structure check does"}
	operationSpec   = specAsParsed(constraint.DSOperation)
	operationPython = pythonConstructions(constraint.DSOperation)
	operationGo     = goBuiltinTypes(constraint.DSOperation)
	operationRust   = rustPathConstructors(constraint.DSOperation)
	notAndPhrases   = &check.Divergence{Type: constraint.DSOperation, Name: "not-and-phrases",
		Paper: "looks for a function literally called \"not clear\" or \"for loop\" when a multi-level answer lists a negation or a phrase, and always fails",
		Lint:  "checks \"not <op>\" as the call's absence (each call is a finding) and leaves phrases that name no function unverified"}
	characterOffsets = &check.Divergence{Type: constraint.DSOperation, Name: "character-offsets",
		Paper: "slices the decoded source with tree-sitter's byte offsets, so after a non-ASCII character every call name it reads is shifted and missed",
		Lint:  "reads each call's own bytes"}
)

// reading is how a profile reads a data-structure task: the
// divergences' decisions, taken once at the rule's entry. A rule leaves
// the fields that are not its own false.
type reading struct {
	parsedSpec           bool // spec-as-parsed
	pythonConstructions  bool // python-constructions
	goBuiltinTypes       bool // go-builtin-types
	rustPathConstructors bool // rust-path-constructors
	caseInsensitiveSize  bool // case-insensitive-size (size)
	notAndPhrases        bool // not-and-phrases (operation)
	nodeBytes            bool // character-offsets (operation)
}

// countsOverlooked reports whether the reading counts, in language id,
// the structures the evaluator overlooks.
func (r reading) countsOverlooked(id lang.ID) bool {
	switch id {
	case lang.Python:
		return r.pythonConstructions
	case lang.Go:
		return r.goBuiltinTypes
	case lang.Rust:
		return r.rustPathConstructors
	}
	return false
}

func typeReading(p check.Profile) reading {
	return reading{parsedSpec: typeSpec.In(p), pythonConstructions: typePython.In(p), goBuiltinTypes: typeGo.In(p), rustPathConstructors: typeRust.In(p)}
}

func sizeReading(p check.Profile) reading {
	return reading{parsedSpec: sizeSpec.In(p), pythonConstructions: sizePython.In(p), goBuiltinTypes: sizeGo.In(p), rustPathConstructors: sizeRust.In(p),
		caseInsensitiveSize: caseInsensitive.In(p)}
}

func operationReading(p check.Profile) reading {
	return reading{parsedSpec: operationSpec.In(p), pythonConstructions: operationPython.In(p), goBuiltinTypes: operationGo.In(p), rustPathConstructors: operationRust.In(p),
		notAndPhrases: notAndPhrases.In(p), nodeBytes: characterOffsets.In(p)}
}
