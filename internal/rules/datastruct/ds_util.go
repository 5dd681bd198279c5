package datastruct

// Shared analysis for the data_structure_* rules. The MultiCodeIF evaluator
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
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// dsCall is one call site, with the nodes whose text the evaluator
// compares with an operation name.
type dsCall struct {
	call  check.Span
	names []check.Span
	// scoped: C++ qualified callee; the evaluator compares the text after
	// the last "::" of the whole callee.
	scoped bool
}

// dsAnalysis is everything the three rules need from one unit.
type dsAnalysis struct {
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
	// lintStructs are Python structures the evaluator overlooks (literals,
	// heapq use, names imported from queue); only the Lint profile reads them.
	lintStructs map[string][]check.Span
	calls       []dsCall

	stripped []byte     // src without removed spans, built on demand
	idx      *dsOffsets // character index of stripped, built on demand
	gone     []int      // gone[i]: bytes removed by removed[:i]
}

// dsQueries capture, in document order, only the nodes the analysis
// reads: a query runs inside tree-sitter, far faster than walking every
// node through cgo. type_identifier is what the evaluator's own query
// captures.
var dsQueries = map[lang.ID]string{
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

// dsLanguages are the languages data_structure.py dispatches to.
var dsLanguages = map[lang.ID]bool{lang.Python: true, lang.Java: true, lang.CPP: true, lang.Go: true, lang.Rust: true}

// dsFields returns the language and structure name as the rule must read
// them. The evaluator splits the answer on ';' without trimming, so in the
// MultiCodeIF profile " stack" stays " stack" (and never matches).
//
// Divergence (lint profile): the name is trimmed, as the spec parser
// does (testdata: data_structure_type/python_spaced_name).
func dsFields(u *check.Unit, c constraint.Constraint) (id lang.ID, name string, ok bool, why string) {
	name = c.Name
	if u.Profile == check.MultiCodeIF {
		if parts := strings.Split(c.Spec, ";"); len(parts) >= 2 {
			name = parts[1]
		}
		// The evaluator looks up check_<language.lower()>_...; only these
		// spellings have a checker.
		raw := strings.ToLower(c.LangName)
		if raw == "" {
			raw = string(c.Lang)
		}
		switch raw {
		case "python", "java", "cpp", "go", "rust":
		default:
			return c.Lang, name, false, fmt.Sprintf("the MultiCodeIF evaluator has no data-structure checker for language %q (it supports python, java, cpp, go, rust)", c.LangName)
		}
	}
	if !dsLanguages[c.Lang] {
		return c.Lang, name, false, fmt.Sprintf("data-structure checks support Python, Java, C++, Go and Rust, not %q", c.LangName)
	}
	return c.Lang, name, true, ""
}

// dsAnalyze parses the unit once per language and caches the analysis.
func dsAnalyze(u *check.Unit, id lang.ID) (*dsAnalysis, error) {
	return check.MemoErr(u, "ds:"+string(id), func() (*dsAnalysis, error) {
		t, err := u.Tree(id)
		if err != nil {
			return nil, err
		}
		return newDSAnalysis(id, u.Src, t.Root(), t.HasError()), nil
	})
}

func newDSAnalysis(id lang.ID, src []byte, root syntax.Node, hasErr bool) *dsAnalysis {
	a := &dsAnalysis{lang: id, src: src, structs: map[string][]check.Span{}, lintStructs: map[string][]check.Span{}}
	var protected []check.Span // string and comment nodes: no preprocessor line starts inside them
	py := &dsPyVisitor{a: a, aliases: map[string]string{}}
	useEnd := 0 // end of the Rust use declaration being walked
	visit := func(n syntax.Node) {
		typ := n.Type()
		switch {
		case dsIsComment(id, typ):
			protected = append(protected, check.Span{Start: n.Start(), End: n.End()})
			if r, drop := dsCommentRemoval(id, n, src); drop {
				a.removed = append(a.removed, r)
			}
			return
		case dsIsString(id, typ):
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
				a.removed = append(a.removed, dsMinusStrings(n, check.Span{Start: n.Start(), End: n.End()})...)
			}
			if typ == "use_declaration" {
				// An import alone is not a use of the structure.
				useEnd = n.End()
			}
			if (typ == "scoped_identifier" || typ == "scoped_type_identifier") && n.Start() >= useEnd {
				dsRustPathHead(a, n)
			}
		case lang.Go:
			dsGoKind(a, n, typ)
		}
		if typ == "type_identifier" {
			k := strings.ToLower(n.Text())
			a.structs[k] = append(a.structs[k], check.Span{Start: n.Start(), End: n.End()})
		}
		if c, ok := dsCallSite(id, n, typ); ok {
			a.calls = append(a.calls, c)
		}
	}
	if hasErr && dsDeeplyNested(src) {
		// Query cursors go quadratic on error-recovery trees with
		// thousands of unclosed brackets; a plain walk stays linear (but
		// is some three times slower than a query on ordinary code).
		root.Walk(func(n syntax.Node) bool { visit(n); return true })
	} else {
		for _, cp := range syntax.MustQuery(id, dsQueries[id]).Captures(root) {
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
	protected = check.MergeSpans(protected)
	switch id {
	case lang.CPP:
		a.removed = append(a.removed, dsCppDirectives(src, protected)...)
	case lang.Rust:
		a.removed = append(a.removed, dsRustMacroVars(src, protected)...)
	}
	a.removed = check.MergeSpans(a.removed)
	return a
}

// dsDeeplyNested reports whether brackets ever nest more than 256 deep
// (a rough count that ignores strings and comments).
func dsDeeplyNested(src []byte) bool {
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

func dsIsComment(id lang.ID, typ string) bool {
	switch id {
	case lang.Java, lang.Rust:
		return typ == "line_comment" || typ == "block_comment"
	}
	return typ == "comment"
}

func dsIsString(id lang.ID, typ string) bool {
	switch typ {
	case "string_literal", "raw_string_literal", "char_literal", "system_lib_string":
		return id == lang.CPP || id == lang.Rust
	}
	return false
}

// dsCommentRemoval says which bytes Pygments drops for a comment node.
func dsCommentRemoval(id lang.ID, n syntax.Node, src []byte) (check.Span, bool) {
	sp := check.Span{Start: n.Start(), End: n.End()}
	text := src[sp.Start:sp.End]
	line := bytes.HasPrefix(text, []byte("//"))
	if id == lang.Rust {
		// Doc comments are String.Doc to Pygments' Rust lexer: kept.
		switch {
		case bytes.HasPrefix(text, []byte("//!")), bytes.HasPrefix(text, []byte("/*!")):
			return sp, false
		case bytes.HasPrefix(text, []byte("///")) && (len(text) == 3 || text[3] != '/'):
			return sp, false
		case bytes.HasPrefix(text, []byte("/**")) && (len(text) == 3 || (text[3] != '/' && text[3] != '*')):
			return sp, false
		}
	}
	// The C++ and Rust lexers' line-comment tokens include the newline.
	if line && (id == lang.CPP || id == lang.Rust) && sp.End < len(src) && src[sp.End] == '\n' {
		sp.End++
	}
	return sp, true
}

// dsMinusStrings returns sp without the string literals inside n.
func dsMinusStrings(n syntax.Node, sp check.Span) []check.Span {
	var out []check.Span
	cur := sp.Start
	for _, s := range n.Find("string_literal") {
		if s.Start() > cur {
			out = append(out, check.Span{Start: cur, End: s.Start()})
		}
		if s.End() > cur {
			cur = s.End()
		}
	}
	if cur < sp.End {
		out = append(out, check.Span{Start: cur, End: sp.End})
	}
	return out
}

// dsCppDirectives finds preprocessor lines, which Pygments' C++ lexer
// classifies as Comment.Preproc: from '#' through the end of the
// directive (backslash continuations and /* */ comments included), and
// "#if 0" blocks through their matching #else/#elif/#endif.
func dsCppDirectives(src []byte, protected []check.Span) []check.Span {
	var out []check.Span
	for i := 0; i < len(src); {
		j := i
		for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\f' || src[j] == '\v' || src[j] == '\r') {
			j++
		}
		if j < len(src) && src[j] == '#' && !dsInside(protected, j) {
			var end int
			if dsIf0(src[j:]) {
				end = dsCppIf0End(src, j)
			} else {
				end = dsCppMacroEnd(src, j)
			}
			out = append(out, check.Span{Start: j, End: end})
			i = end
			if i > 0 && src[i-1] != '\n' {
				i = dsNextLine(src, i)
			}
			continue
		}
		i = dsNextLine(src, i)
	}
	return out
}

func dsIf0(s []byte) bool {
	if !bytes.HasPrefix(s, []byte("#if")) {
		return false
	}
	s = s[3:]
	k := 0
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	return k > 0 && k < len(s) && s[k] == '0'
}

func dsNextLine(src []byte, i int) int {
	if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
		return i + k + 1
	}
	return len(src)
}

// dsCppMacroEnd follows Pygments' "macro" state from the '#' at i.
func dsCppMacroEnd(src []byte, i int) int {
	for i < len(src) {
		switch {
		case bytes.HasPrefix(src[i:], []byte("/*")):
			k := bytes.Index(src[i+2:], []byte("*/"))
			if k < 0 {
				// An unterminated /* is not a comment in the macro state;
				// the '/' is preprocessor text and the line goes on.
				i++
				continue
			}
			i += k + 4
		case bytes.HasPrefix(src[i:], []byte("//")):
			return dsNextLine(src, i)
		case src[i] == '\n':
			if i > 0 && src[i-1] == '\\' {
				i++
				continue
			}
			return i + 1
		default:
			i++
		}
	}
	return len(src)
}

// dsCppIf0End follows Pygments' "if0" state: nested #if push, #else/#elif
// and #endif pop, everything else is comment.
func dsCppIf0End(src []byte, i int) int {
	depth := 1
	i = dsNextLine(src, i)
	for i < len(src) && depth > 0 {
		line := bytes.TrimLeft(src[i:dsNextLine(src, i)], " \t\r\f\v")
		switch {
		case bytes.HasPrefix(line, []byte("#if")):
			depth++
		case bytes.HasPrefix(line, []byte("#else")), bytes.HasPrefix(line, []byte("#elif")), bytes.HasPrefix(line, []byte("#endif")):
			depth--
		}
		i = dsNextLine(src, i)
	}
	return i
}

// dsRustMacroVars finds "$name", "$(" and friends outside strings and
// comments, which Pygments' Rust lexer calls Comment.Preproc.
func dsRustMacroVars(src []byte, protected []check.Span) []check.Span {
	var out []check.Span
	for i := bytes.IndexByte(src, '$'); i >= 0; {
		if !dsInside(protected, i) {
			j := i + 1
			switch {
			case j < len(src) && (src[j] == '_' || dsIsLetter(src[j])):
				for j < len(src) && (src[j] == '_' || dsIsLetter(src[j]) || (src[j] >= '0' && src[j] <= '9')) {
					j++
				}
			case j < len(src) && (src[j] == '(' || src[j] == ')'):
				j++
				if j < len(src) && src[j] == ',' {
					j++
				}
			case j < len(src) && src[j] == ',':
				j++
			}
			out = append(out, check.Span{Start: i, End: j})
		}
		k := bytes.IndexByte(src[i+1:], '$')
		if k < 0 {
			break
		}
		i += k + 1
	}
	return out
}

func dsIsLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// dsInside reports whether offset p lies inside one of the sorted,
// non-overlapping spans.
func dsInside(spans []check.Span, p int) bool {
	k := sort.Search(len(spans), func(i int) bool { return spans[i].Start > p }) - 1
	return k >= 0 && p < spans[k].End
}

// isRemoved reports whether sp lies entirely within dropped text.
func (a *dsAnalysis) isRemoved(sp check.Span) bool {
	k := sort.Search(len(a.removed), func(i int) bool { return a.removed[i].End > sp.Start })
	return k < len(a.removed) && a.removed[k].Start <= sp.Start && sp.End <= a.removed[k].End
}

// code returns the source as the evaluator sees it after remove_comments.
func (a *dsAnalysis) code() []byte {
	if a.stripped != nil || len(a.removed) == 0 {
		if a.stripped == nil {
			a.stripped = a.src
		}
		return a.stripped
	}
	b := make([]byte, 0, len(a.src))
	cur := 0
	for _, r := range a.removed {
		b = append(b, a.src[cur:r.Start]...)
		cur = r.End
	}
	a.stripped = append(b, a.src[cur:]...)
	return a.stripped
}

// strippedOffset maps an offset of src (outside removed text) to the
// stripped code.
func (a *dsAnalysis) strippedOffset(p int) int {
	if a.gone == nil {
		a.gone = make([]int, len(a.removed)+1)
		for i, r := range a.removed {
			a.gone[i+1] = a.gone[i] + r.End - r.Start
		}
	}
	k := sort.Search(len(a.removed), func(i int) bool { return a.removed[i].Start >= p })
	// removed[:k] start before p; only removed[k-1] can contain p.
	g := a.gone[k]
	if k > 0 && a.removed[k-1].End > p {
		g -= a.removed[k-1].End - p
	}
	return p - g
}

// evalText is the text the evaluator compares for a node: it slices the
// decoded str of the stripped code with tree-sitter's *byte* offsets, so
// every non-ASCII character before the node shifts the slice.
//
// Divergence (lint profile): the node's own bytes are read, so calls
// after a non-ASCII character are still seen (testdata:
// data_structure_operation/java_nonascii_offsets).
func (a *dsAnalysis) evalText(sp check.Span, p check.Profile) string {
	if p != check.MultiCodeIF || dsIsASCII(a.src) {
		return string(a.src[sp.Start:sp.End])
	}
	x := a.offsets()
	s, e := x.charPos(a.strippedOffset(sp.Start)), x.charPos(a.strippedOffset(sp.End))
	if e < s {
		e = s
	}
	return string(x.norm[s:e])
}

// dsOffsets indexes the stripped code as the evaluator's second parse
// sees it: carriage returns of CRLF dropped by Pygments' normalization
// (ASCII, but once dropped they no longer count as characters), and the
// byte position of every character.
type dsOffsets struct {
	norm      []byte
	crs       []int // stripped offsets of dropped carriage returns
	charStart []int // byte offset in norm of each character, plus len(norm)
}

func (a *dsAnalysis) offsets() *dsOffsets {
	if a.idx != nil {
		return a.idx
	}
	code := a.code()
	x := &dsOffsets{norm: make([]byte, 0, len(code))}
	for i := 0; i < len(code); i++ {
		if code[i] == '\r' && i+1 < len(code) && code[i+1] == '\n' {
			x.crs = append(x.crs, i)
			continue
		}
		x.norm = append(x.norm, code[i])
	}
	for i := 0; i < len(x.norm); {
		x.charStart = append(x.charStart, i)
		_, n := utf8.DecodeRune(x.norm[i:])
		i += n
	}
	x.charStart = append(x.charStart, len(x.norm))
	a.idx = x
	return x
}

// charPos maps a stripped byte offset, used as a character index the way
// Python slicing does, to a byte position in norm (clamped like a slice).
func (x *dsOffsets) charPos(off int) int {
	off -= sort.SearchInts(x.crs, off)
	if off < 0 {
		off = 0
	}
	if off >= len(x.charStart) {
		return len(x.norm)
	}
	return x.charStart[off]
}

func dsIsASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
