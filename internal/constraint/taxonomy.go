// Package constraint holds the MultiCodeIF taxonomy (9 categories, 27
// constraint types) and the typed Constraint value that checkers, judges,
// fixers and reports share.
package constraint

import (
	"fmt"
	"sort"
)

// Category is one of the 9 MultiCodeIF categories.
type Category string

const (
	Interface     Category = "interface"
	Environment   Category = "environment"
	DataStructure Category = "data_structure"
	Algorithm     Category = "algorithm"
	CodingStyle   Category = "coding_style"
	CodeQuality   Category = "code_quality"
	Scenario      Category = "scenario"
	CodeContext   Category = "code_context"
	Exemplar      Category = "exemplar"
)

// Categories lists the categories in the paper's order.
var Categories = []Category{Interface, Environment, DataStructure, Algorithm, CodingStyle, CodeQuality, Scenario, CodeContext, Exemplar}

// Method says how a type is decided: by a rule on the syntax tree (with a
// toolchain or static analysis for language_version), or by an LLM judge.
// No type needs both: where the paper mixes them, the rule part decides.
type Method string

const (
	ByRule  Method = "rule"
	ByJudge Method = "llm"
)

// Type is one of the 27 constraint types.
type Type string

const (
	InputType       Type = "input_type"
	InputOrder      Type = "input_order"
	InputRange      Type = "input_range"
	OutputType      Type = "output_type"
	OutputOrder     Type = "output_order"
	OutputRange     Type = "output_range"
	LanguageType    Type = "language_type"
	LanguageVer     Type = "language_version"
	AdvancedSyntax  Type = "advanced_syntax"
	Function        Type = "function"
	Library         Type = "library"
	Framework       Type = "framework"
	DSType          Type = "data_structure_type"
	DSSize          Type = "data_structure_size"
	DSOperation     Type = "data_structure_operation"
	AlgorithmType   Type = "algorithm_type"
	TimeComplexity  Type = "time_complexity"
	SpaceComplexity Type = "space_complexity"
	Naming          Type = "naming_convention"
	Indentation     Type = "indentation_spacing"
	Braces          Type = "brace_block_formatting"
	Comments        Type = "comment_formatting"
	Declaration     Type = "declaration_style"
	Quality         Type = "code_quality"
	ScenarioType    Type = "scenario"
	Context         Type = "code_context"
	Example         Type = "exemplar"
)

// Info documents one type. Doc is the one paragraph reused by the README,
// finding messages and judge prompts.
type Info struct {
	Type     Type
	Category Category
	Method   Method
	// Dataset names the MultiCodeIF task file holding this type.
	Dataset string
	Doc     string
}

var infos = []Info{
	{InputType, Interface, ByRule, "input_output_input_type", "The named function takes a parameter of the required kind (e.g. Map, List, Tuple, Struct:Name); the kind is matched against the parameter's declared type, or its annotation in dynamically typed languages."},
	{InputOrder, Interface, ByRule, "input_output_input_order", "The named function's parameters have the required kinds in the required order, one listed kind per parameter."},
	{InputRange, Interface, ByJudge, "input_output_input_range", "The function accepts exactly the described range or cardinality of inputs (value bounds, sizes, allowed members); judged against a reference implementation."},
	{OutputType, Interface, ByRule, "input_output_output_type", "The named function returns a value of the required kind, as declared by its return type or shown by what it returns."},
	{OutputOrder, Interface, ByRule, "input_output_output_order", "The named function returns several values (a tuple or multiple results) whose kinds appear in the required order."},
	{OutputRange, Interface, ByJudge, "input_output_output_range", "The returned values stay within the described range or precision (e.g. two decimal digits, values in [0, 100]); judged against a reference implementation."},
	{LanguageType, Environment, ByRule, "syntax_language_type", "The code is written in the required programming language, as identified from the code itself."},
	{LanguageVer, Environment, ByRule, "syntax_language_version", "The code compiles with the required language version (e.g. Python 3.8, JDK 11, Rust 1.74): with that toolchain when installed, otherwise by a static analysis of version-gated syntax, reported as such."},
	{AdvancedSyntax, Environment, ByRule, "syntax_advanced_syntax", "The code uses the required language feature (e.g. list comprehension, generator and yield, async/await, match expression, closures, defer)."},
	{Function, Environment, ByRule, "syntax_function", "The code calls the required function or method (e.g. strings.Split, std::to_string, Collections.max)."},
	{Library, Environment, ByRule, "syntax_library", "The code imports the required library or package (e.g. tokio, gorilla/mux, httpx)."},
	{Framework, Environment, ByJudge, "syntax_framework", "The code is built on the required framework and uses it idiomatically; judged against the framework's description."},
	{DSType, DataStructure, ByRule, "data_structure_type", "The code uses the required data structure type (e.g. TreeSet, VecDeque, collections.deque, std::priority_queue)."},
	{DSSize, DataStructure, ByRule, "data_structure_size", "The required data structure is created with, or bounded to, the required size or capacity."},
	{DSOperation, DataStructure, ByRule, "data_structure_operation", "The code uses the required data structure and performs the listed operations on it (e.g. push and pop)."},
	{AlgorithmType, Algorithm, ByJudge, "algorithm_type", "The code solves the task with the required kind of algorithm (e.g. dynamic programming, greedy, binary search)."},
	{TimeComplexity, Algorithm, ByJudge, "algorithm_time_complexity", "The code's time complexity is within the required bound (e.g. O(n log n) or better)."},
	{SpaceComplexity, Algorithm, ByJudge, "algorithm_space_complexity", "The code's extra space is within the required bound (e.g. O(1))."},
	{Naming, CodingStyle, ByRule, "code_convention_naming_convention", "Declared names follow the required case convention per kind: classes/structs, functions and variables (PascalCase, camelCase, snake_case, kebab-case, UPPER_CASE)."},
	{Indentation, CodingStyle, ByRule, "code_convention_indentation_spacing", "Lines are indented with the required unit (tabs, or spaces of the required width per level), and infix operators and commas are (or are not) surrounded by spaces as required; in the lint profile both follow the language's own formatter or linter (gofmt for Go, pycodestyle for Python, eslint's indent for JavaScript and TypeScript, rustfmt's, checkstyle's and clang-format's conventions elsewhere)."},
	{Braces, CodingStyle, ByRule, "code_convention_brace_block_formatting", "Blocks follow the required brace style: K&R or 1TBS (a block's opening brace ends its header's line; 1TBS also keeps else/catch/finally on the closing brace's line) or Allman (opening brace on a line of its own). Blocks without a header and literals are not governed."},
	{Comments, CodingStyle, ByRule, "code_convention_comment_formatting", "Comments use the required form: single-line, inline, block or multi-line comments, or documentation comments (Javadoc, GoDoc, Rustdoc, KDoc, Python docstrings)."},
	{Declaration, CodingStyle, ByJudge, "code_convention_declaration_style", "Declarations follow the required style (e.g. explicit types instead of inference, constants at the top, ordered class members); judged against a reference implementation."},
	{Quality, CodeQuality, ByJudge, "non_functional_requirements", "The code meets the non-functional requirement (thread safety, robustness, performance, maintainability) shown by the reference implementation."},
	{ScenarioType, Scenario, ByJudge, "situation", "The code fits the described usage scenario and behaves like the reference implementation for it."},
	{Context, CodeContext, ByJudge, "code_contextual", "The code fits into the given surrounding code: it reuses the provided types and functions and keeps their contracts."},
	{Example, Exemplar, ByJudge, "example", "The code follows the style and structure of the given example implementation."},
}

var byType = func() map[Type]*Info {
	m := map[Type]*Info{}
	for i := range infos {
		m[infos[i].Type] = &infos[i]
	}
	return m
}()

var byDataset = func() map[string]*Info {
	m := map[string]*Info{}
	for i := range infos {
		m[infos[i].Dataset] = &infos[i]
	}
	return m
}()

// All returns the 27 types in taxonomy order.
func All() []Info { return append([]Info(nil), infos...) }

// Lookup returns the Info of a type.
func Lookup(t Type) (Info, bool) {
	in, ok := byType[t]
	if !ok {
		return Info{}, false
	}
	return *in, true
}

// Known reports whether t is one of the 27 types.
func (t Type) Known() bool { _, ok := byType[t]; return ok }

// Category returns the type's category ("" for unknown types).
func (t Type) Category() Category {
	if in, ok := byType[t]; ok {
		return in.Category
	}
	return ""
}

// Method returns how the type is decided.
func (t Type) Method() Method {
	if in, ok := byType[t]; ok {
		return in.Method
	}
	return ""
}

// Doc returns the type's documentation paragraph.
func (t Type) Doc() string {
	if in, ok := byType[t]; ok {
		return in.Doc
	}
	return ""
}

// FromDataset maps a MultiCodeIF task file name (without .json) to its type.
func FromDataset(file string) (Type, error) {
	in, ok := byDataset[file]
	if !ok {
		return "", fmt.Errorf("unknown MultiCodeIF task file %q: expected one of the 27 single-level files (e.g. %q)", file, "syntax_library")
	}
	return in.Type, nil
}

// DatasetFiles lists the 27 task file names, sorted.
func DatasetFiles() []string {
	out := make([]string, 0, len(infos))
	for _, in := range infos {
		out = append(out, in.Dataset)
	}
	sort.Strings(out)
	return out
}
