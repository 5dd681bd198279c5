package datastruct

// The analysis the three rules share, one per unit and language. The
// MultiCodeIF evaluator
// (src/evaluation/data_structure.py) first drops every token Pygments calls
// a Comment, then either walks Python's ast (for Python) or collects every
// tree-sitter type_identifier (Java, C++, Go, Rust), and for operations
// looks for calls by name. We parse the original source once and subtract
// what Pygments would have dropped, instead of lexing with chroma and
// parsing a second time: the removed spans are located with tree-sitter
// plus the few lexical rules where Pygments' idea of a comment is wider
// (C/C++ preprocessor lines, Rust attributes and macro variables) or
// narrower (Rust doc comments are strings to Pygments).

import (
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// callSite is one call site, with the nodes whose text the evaluator
// compares with an operation name.
type callSite struct {
	call  check.Span
	names []check.Span
	// scoped: C++ qualified callee; the evaluator compares the text after
	// the last "::" of the whole callee.
	scoped bool
}

// analysis is everything the three rules need from one unit.
type analysis struct {
	lang lang.ID
	src  []byte
	// parseErr is set when the evaluator's parser rejects the code
	// (Python's ast.parse; tree-sitter never rejects).
	parseErr string
	removed  []check.Span
	// structs maps a found structure to its occurrences: for Python the
	// evaluator's names (list, collections.deque, ...), otherwise the
	// lowercased text of every type_identifier.
	structs map[string][]check.Span
	// overlooked are structures the evaluator overlooks: Python literals,
	// heapq use and names imported from queue, Go built-in and qualified
	// types, Rust path constructors; a reading counts them per language
	// (python-constructions, go-builtin-types, rust-path-constructors).
	overlooked map[string][]check.Span
	calls      []callSite

	stripped []byte       // src without removed spans, built on demand
	idx      *charOffsets // character index of stripped, built on demand
	gone     []int        // gone[i]: bytes removed by removed[:i]
}

// queries capture, in document order, only the nodes the analysis
// reads: a query runs inside tree-sitter, far faster than walking every
// node through cgo. type_identifier is what the evaluator's own query
// captures.
var queries = map[lang.ID]string{
	lang.Python: `[(comment) (call) (import_statement) (import_from_statement) (print_statement) (exec_statement)
		(list) (list_comprehension) (dictionary) (dictionary_comprehension) (set) (set_comprehension) (tuple)] @n`,
	lang.Java: `[(line_comment) (block_comment) (type_identifier) (method_invocation)] @n`,
	lang.CPP: `[(comment) (string_literal) (raw_string_literal) (char_literal) (system_lib_string)
		(type_identifier) (call_expression)] @n`,
	lang.Go: `[(comment) (type_identifier) (call_expression)
		(map_type) (slice_type) (array_type) (channel_type) (struct_type) (qualified_type)] @n`,
	lang.Rust: `[(line_comment) (block_comment) (string_literal) (raw_string_literal) (char_literal)
		(type_identifier) (call_expression) (attribute_item) (inner_attribute_item) (use_declaration)
		(scoped_identifier) (scoped_type_identifier)] @n`,
}

// languages are the languages data_structure.py dispatches to.
var languages = map[lang.ID]bool{lang.Python: true, lang.Java: true, lang.CPP: true, lang.Go: true, lang.Rust: true}

// analyze parses the unit once per language and caches the analysis.
func analyze(u *check.Unit, id lang.ID) (*analysis, error) {
	return check.MemoErr(u, "ds:"+string(id), func() (*analysis, error) {
		t, err := u.Tree(id)
		if err != nil {
			return nil, err
		}
		return newAnalysis(id, u.Src, t.Root(), t.HasError(), work.Of(u)), nil
	})
}

// newAnalysis charges m per node it visits and per byte of the text
// passes (bracket depth, directives, macro variables, removed spans).
func newAnalysis(id lang.ID, src []byte, root syntax.Node, hasErr bool, m *work.Meter) *analysis {
	m.Add(3 * len(src))
	a := &analysis{lang: id, src: src, structs: map[string][]check.Span{}, overlooked: map[string][]check.Span{}}
	var protected []check.Span // string and comment nodes: no preprocessor line starts inside them
	py := &pyVisitor{a: a, aliases: map[string]string{}}
	useEnd := 0 // end of the Rust use declaration being walked
	visit := func(n syntax.Node) {
		m.Add(1)
		typ := n.Type()
		switch {
		case isComment(id, typ):
			protected = append(protected, check.Span{Start: n.Start(), End: n.End()})
			if r, drop := commentRemoval(id, n, src); drop {
				a.removed = append(a.removed, r)
			}
			return
		case isString(id, typ):
			protected = append(protected, check.Span{Start: n.Start(), End: n.End()})
			return
		}
		switch id {
		case lang.Python:
			py.visit(n, typ)
		case lang.Rust:
			if typ == "attribute_item" || typ == "inner_attribute_item" {
				// Pygments lexes #[...] as Comment.Preproc, except the
				// string literals inside, which it keeps.
				a.removed = append(a.removed, minusStrings(n, check.Span{Start: n.Start(), End: n.End()})...)
			}
			if typ == "use_declaration" {
				// An import alone is not a use of the structure.
				useEnd = n.End()
			}
			if (typ == "scoped_identifier" || typ == "scoped_type_identifier") && n.Start() >= useEnd {
				rustPathHead(a, n)
			}
		case lang.Go:
			goBuiltinKind(a, n, typ)
		}
		if typ == "type_identifier" {
			k := strings.ToLower(n.Text())
			a.structs[k] = append(a.structs[k], check.Span{Start: n.Start(), End: n.End()})
		}
		if c, ok := callSiteOf(id, n, typ); ok {
			a.calls = append(a.calls, c)
		}
	}
	if hasErr && deeplyNested(src) {
		// Query cursors go quadratic on error-recovery trees with
		// thousands of unclosed brackets; a plain walk stays linear (but
		// is some three times slower than a query on ordinary code).
		root.Walk(func(n syntax.Node) bool { visit(n); return true })
	} else {
		for _, cp := range syntax.MustQuery(id, queries[id]).Captures(root) {
			visit(cp.Node)
		}
	}
	if id == lang.Python {
		if hasErr {
			a.parseErr = "the code does not parse as Python (the evaluator's ast.parse would raise SyntaxError)"
		} else if py.legacy {
			a.parseErr = "the code uses Python 2 print/exec statements (the evaluator's ast.parse would raise SyntaxError)"
		}
	}
	m.Add((len(protected) + len(a.removed)) * (1 + work.Log(len(protected)+len(a.removed))))
	protected = check.MergeSpans(protected)
	switch id {
	case lang.CPP:
		a.removed = append(a.removed, cppDirectives(src, protected)...)
	case lang.Rust:
		a.removed = append(a.removed, rustMacroVars(src, protected)...)
	}
	a.removed = check.MergeSpans(a.removed)
	return a
}

// deeplyNested reports whether brackets ever nest more than 256 deep
// (a rough count that ignores strings and comments).
func deeplyNested(src []byte) bool {
	depth := 0
	for _, b := range src {
		switch b {
		case '(', '[', '{':
			if depth++; depth > 256 {
				return true
			}
		case ')', ']', '}':
			depth--
		}
	}
	return false
}

func isComment(id lang.ID, typ string) bool {
	switch id {
	case lang.Java, lang.Rust:
		return typ == "line_comment" || typ == "block_comment"
	}
	return typ == "comment"
}

func isString(id lang.ID, typ string) bool {
	switch typ {
	case "string_literal", "raw_string_literal", "char_literal", "system_lib_string":
		return id == lang.CPP || id == lang.Rust
	}
	return false
}
