package signature

// Shared machinery of the four input/output rules (input_type,
// input_order, output_type, output_order): reading the spec the way the
// MultiCodeIF evaluator does, locating the constrained function, and
// turning its parameter and return types into the text the evaluator
// matches against.
//
// The evaluator first strips comments (Pygments) and then reads type
// nodes' source text; here comments are skipped while collecting a node's
// text, which gives the same strings without re-lexing the file.

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// ioSpec is a constraint as the evaluator sees it. In the MultiCodeIF
// profile the kinds are the raw spec fields (the evaluator neither trims
// list elements nor normalizes "Struct: X"); in Lint they are the parsed,
// trimmed items.
//
// Divergence (lint profile): "Struct: Name" requires a type containing
// "Name"; the evaluator looks for " Name" with the space and so fails
// every parameter typed plainly Name.
type ioSpec struct {
	lang  string // lowercased language spelling: selects the evaluator's checker
	id    lang.ID
	fn    string
	kinds []string
}

// ioParseSpec reads c. For the order types the list is split the way the
// evaluator does it, quirks included: strip('[]') eats every leading and
// trailing bracket, so "[[]int,error]" yields ["int", "error"].
func ioParseSpec(u *check.Unit, c constraint.Constraint, order bool) ioSpec {
	s := ioSpec{lang: strings.ToLower(strings.TrimSpace(c.LangName)), id: c.Lang, fn: c.Name, kinds: c.Items}
	if s.lang == "" {
		s.lang = string(c.Lang)
	}
	if u.Profile != check.MultiCodeIF {
		return s
	}
	parts := strings.Split(c.Spec, ";")
	if len(parts) != 3 {
		return s
	}
	s.lang, s.fn = strings.ToLower(parts[0]), parts[1]
	if order {
		s.kinds = strings.Split(strings.Trim(parts[2], "[]"), ",")
	} else {
		s.kinds = []string{parts[2]}
	}
	return s
}

// ioSupported reports whether the evaluator has a checker for the
// language spelling (it dispatches on check_<lang>_<type>; any other
// spelling raises, which scores as a failure).
func ioSupported(s ioSpec, u *check.Unit, langs ...string) bool {
	want := s.lang
	if u.Profile != check.MultiCodeIF {
		want = string(s.id)
	}
	for _, l := range langs {
		if want == l {
			return true
		}
	}
	return false
}

// ioUnsupported is the verdict for a language or kind the evaluator has
// no table for: it raises, which counts as a failure.
// Divergence (lint profile): such constraints are reported Unverified
// rather than failed, since nothing about the code was judged.
func ioUnsupported(u *check.Unit, format string, args ...any) check.Result {
	reason := fmt.Sprintf(format, args...)
	if u.Profile == check.MultiCodeIF {
		return check.Failed(reason + " (the reference evaluator raises here, scored as a failure)")
	}
	return check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: reason}
}

// ioMayDefine is a cheap test that src could define fn: it must contain
// the name and, where a definition always carries one, the keyword. When
// it cannot, every checker fails anyway ("not defined"), so the parse is
// skipped; that keeps huge foreign-language inputs cheap.
func ioMayDefine(src []byte, id lang.ID, fn string) bool {
	if fn == "" || !bytes.Contains(src, []byte(fn)) {
		return false
	}
	if kw, ok := map[lang.ID]string{lang.Python: "def", lang.Rust: "fn", lang.Go: "func"}[id]; ok {
		return bytes.Contains(src, []byte(kw))
	}
	return true
}

// ioRoot parses the unit; ok is false when no tree could be built.
func ioRoot(u *check.Unit, id lang.ID) (syntax.Node, bool) {
	t, err := u.Tree(id)
	if err != nil || t == nil {
		return syntax.Node{}, false
	}
	return t.Root(), true
}

// ioText is n's source text without the comments inside it.
func ioText(n syntax.Node) string {
	if !n.Valid() {
		return ""
	}
	text := n.Text()
	if !strings.ContainsAny(text, "/#") {
		return text // no comment can hide in it
	}
	var comments [][2]int
	n.Walk(func(m syntax.Node) bool {
		if ioIsComment(m) {
			comments = append(comments, [2]int{m.Start() - n.Start(), m.End() - n.Start()})
			return false
		}
		return true
	})
	if len(comments) == 0 {
		return text
	}
	var b strings.Builder
	at := 0
	for _, c := range comments {
		if c[0] < at || c[1] > len(text) {
			continue
		}
		b.WriteString(text[at:c[0]])
		at = c[1]
	}
	b.WriteString(text[at:])
	return b.String()
}

func ioIsComment(n syntax.Node) bool {
	switch n.Type() {
	case "comment", "line_comment", "block_comment":
		return true
	}
	return false
}

// ioParam is one parameter (or return type) as the evaluator sees it.
type ioParam struct {
	Type  string      // the type text the evaluator matches
	Node  syntax.Node // the node a finding points at
	Array bool        // C++: the declarator has [] (int a[])
	// Bare is a Python parameter without annotation; its Type is "None".
	Bare bool
}

// ioFunc is one definition of the constrained function.
type ioFunc struct {
	Node   syntax.Node // the whole definition
	Name   syntax.Node
	Params syntax.Node // the parameter list
	Ret    syntax.Node // the return type, if written
}

// ioFuncs lists the definitions named fn in the evaluator's visiting
// order: pre-order for tree-sitter walks, breadth-first for Python's
// ast.walk.
//
// lint selects the Lint profile's reading of C++ declarators.
func ioFuncs(root syntax.Node, id lang.ID, src []byte, fn string, lint bool) []ioFunc {
	var out []ioFunc
	for _, n := range ioDefinitions(root, id, src, fn) {
		switch id {
		case lang.Python:
			if ioIsAsyncDef(n) {
				continue
			}
			if name := n.Field("name"); name.Valid() && name.Text() == fn {
				out = append(out, ioFunc{n, name, n.Field("parameters"), n.Field("return_type")})
			}
		case lang.Java, lang.Go:
			ret := "type"
			if id == lang.Go {
				ret = "result"
			}
			if name := n.Field("name"); name.Valid() && name.Text() == fn {
				out = append(out, ioFunc{n, name, n.Field("parameters"), n.Field(ret)})
			}
		case lang.Rust:
			if name := n.Field("name"); name.Valid() && name.Text() == fn {
				out = append(out, ioFunc{n, name, n.Field("parameters"), n.Field("return_type")})
			}
		case lang.CPP:
			// The evaluator looks only at a plain declarator: a function
			// returning a pointer or reference is not found.
			d := n.Field("declarator")
			if !d.Valid() {
				continue
			}
			if lint {
				d = ioCppUnwrap(d)
			}
			var name syntax.Node
			switch d.Type() {
			case "function_declarator":
				name = d.Field("declarator")
			case "identifier":
				name = d
			}
			if name.Valid() && name.Text() == fn {
				out = append(out, ioFunc{n, name, d.Field("parameters"), n.Field("type")})
			}
		}
	}
	if id == lang.Python {
		// ast.walk is breadth-first: shallower definitions come first.
		depth := make(map[int]int, len(out))
		for _, f := range out {
			depth[f.Node.Start()] = ioPyDepth(f.Node)
		}
		sort.SliceStable(out, func(i, j int) bool { return depth[out[i].Node.Start()] < depth[out[j].Node.Start()] })
	}
	return out
}

// ioDefinitionType is the node type of a function definition per language.
var ioDefinitionType = map[lang.ID]string{
	lang.Python: "function_definition",
	lang.Java:   "method_declaration",
	lang.CPP:    "function_definition",
	lang.Rust:   "function_item",
	lang.Go:     "function_declaration",
}

// ioDefinitions lists, in document (pre-)order, the definition nodes that
// may be named fn. A definition named fn contains the text fn, so the
// walk skips every subtree whose span holds no occurrence of it; on real
// code that leaves a handful of nodes to visit from Go.
func ioDefinitions(root syntax.Node, id lang.ID, src []byte, fn string) []syntax.Node {
	typ, ok := ioDefinitionType[id]
	if !ok || !root.Valid() || fn == "" {
		return nil
	}
	var hits []int
	for at := 0; at <= len(src); {
		i := bytes.Index(src[at:], []byte(fn))
		if i < 0 {
			break
		}
		hits = append(hits, at+i)
		at += i + 1
	}
	if len(hits) == 0 {
		return nil
	}
	holds := func(n syntax.Node) bool {
		i := sort.SearchInts(hits, n.Start())
		return i < len(hits) && hits[i]+len(fn) <= n.End()
	}
	var out []syntax.Node
	root.Walk(func(n syntax.Node) bool {
		if !holds(n) {
			return false
		}
		t := n.Type()
		if t == typ {
			out = append(out, n)
		}
		// A Python def is a statement: only compound statements can hold
		// one, so expressions and simple statements are not entered.
		return id != lang.Python || ioPyCompound[t]
	})
	return out
}

// ioPyCompound are the Python nodes whose children may be statements.
var ioPyCompound = map[string]bool{
	"module": true, "block": true, "function_definition": true, "class_definition": true,
	"decorated_definition": true, "if_statement": true, "elif_clause": true, "else_clause": true,
	"for_statement": true, "while_statement": true, "try_statement": true, "except_clause": true,
	"except_group_clause": true, "finally_clause": true, "with_statement": true,
	"match_statement": true, "case_clause": true, "ERROR": true,
}

// ioParams lists f's parameters the evaluator reads: Python's args.args
// (annotation text, "None" when absent), Java formal_parameter, C++
// parameter_declaration (not ones with defaults), Rust parameter (not
// self). Parameters without a type are skipped except in Python.
func ioParams(f ioFunc, id lang.ID) []ioParam {
	var out []ioParam
	if !f.Params.Valid() {
		return out
	}
	if id == lang.Python {
		return ioPyArgs(f.Params)
	}
	want := map[lang.ID]string{lang.Java: "formal_parameter", lang.CPP: "parameter_declaration", lang.Rust: "parameter"}[id]
	for i := 0; i < f.Params.ChildCount(); i++ {
		p := f.Params.Child(i)
		if p.Type() != want {
			continue
		}
		t := p.Field("type")
		if !t.Valid() {
			continue
		}
		text := ioText(t)
		if id == lang.Rust {
			text = strings.TrimSpace(text)
		}
		arr := false
		if id == lang.CPP {
			arr = p.Field("declarator").Any(func(m syntax.Node) bool { return m.Type() == "array_declarator" })
		}
		out = append(out, ioParam{Type: text, Node: p, Array: arr})
	}
	return out
}

// ioCppUnwrap looks through the pointer and reference
// declarators of a function returning T* or T&.
// Divergence (lint profile): such functions (Node* reverse(Node* head))
// are found; the evaluator only sees a bare function declarator and so
// reports them as not defined.
func ioCppUnwrap(d syntax.Node) syntax.Node {
	for d.Valid() && (d.Type() == "pointer_declarator" || d.Type() == "reference_declarator") {
		next := d.Field("declarator")
		if !next.Valid() {
			// reference_declarator has no field names: take its declarator child.
			for i := d.NamedChildCount() - 1; i >= 0; i-- {
				if c := d.NamedChild(i); strings.HasSuffix(c.Type(), "declarator") {
					next = c
					break
				}
			}
		}
		d = next
	}
	return d
}

func ioIsAsyncDef(n syntax.Node) bool {
	return n.ChildCount() > 0 && n.Child(0).Type() == "async"
}

// ioPyDepth is the depth of a def in Python's ast (Module = 0), counting
// the tree-sitter ancestors that are ast nodes of their own.
func ioPyDepth(n syntax.Node) int {
	d := 1
	for p := n.Parent(); p.Valid(); p = p.Parent() {
		switch p.Type() {
		case "function_definition", "class_definition", "if_statement", "elif_clause",
			"for_statement", "while_statement", "try_statement", "except_clause",
			"except_group_clause", "with_statement", "match_statement", "case_clause":
			d++
		}
	}
	return d
}

// ioPyArgs returns the positional-or-keyword parameters (ast args.args):
// those after a "/" separator (the ones before it are positional-only)
// and before any "*", "*args" or "**kwargs".
func ioPyArgs(params syntax.Node) []ioParam {
	var out []ioParam
	for i := 0; i < params.ChildCount(); i++ {
		p := params.Child(i)
		switch p.Type() {
		case "positional_separator":
			out = out[:0]
			continue
		case "keyword_separator", "list_splat_pattern", "dictionary_splat_pattern":
			return out
		case "identifier", "default_parameter":
			out = append(out, ioParam{Type: "None", Node: p, Bare: true})
		case "typed_parameter", "typed_default_parameter":
			if c := p.NamedChild(0); c.Valid() && (c.Type() == "list_splat_pattern" || c.Type() == "dictionary_splat_pattern") {
				return out
			}
			t := p.Field("type")
			out = append(out, ioParam{Type: ioPyUnparse(t), Node: p})
		}
	}
	return out
}

// ioPyUnparse renders an annotation the way Python's ast.unparse does for
// the forms annotations take: canonical spacing (", " and " | "),
// redundant parentheses dropped, strings in single quotes.
func ioPyUnparse(n syntax.Node) string {
	if !n.Valid() {
		return ""
	}
	named := func() []syntax.Node {
		var out []syntax.Node
		for i := 0; i < n.NamedChildCount(); i++ {
			if c := n.NamedChild(i); !ioIsComment(c) {
				out = append(out, c)
			}
		}
		return out
	}
	join := func(ns []syntax.Node) string {
		parts := make([]string, len(ns))
		for i, c := range ns {
			parts[i] = ioPyUnparse(c)
		}
		return strings.Join(parts, ", ")
	}
	switch n.Type() {
	case "type", "parenthesized_expression":
		if cs := named(); len(cs) == 1 {
			return ioPyUnparse(cs[0])
		}
	case "identifier", "integer", "float", "true", "false":
		return n.Text()
	case "none":
		return "None"
	case "ellipsis":
		return "..."
	case "attribute":
		return ioPyUnparse(n.Field("object")) + "." + n.Field("attribute").Text()
	case "generic_type":
		if cs := named(); len(cs) == 2 {
			return ioPyUnparse(cs[0]) + ioPyUnparse(cs[1])
		}
	case "type_parameter":
		return "[" + join(named()) + "]"
	case "subscript":
		var subs []syntax.Node
		for i := 0; i < n.ChildCount(); i++ {
			if n.FieldNameForChild(i) == "subscript" {
				subs = append(subs, n.Child(i))
			}
		}
		return ioPyUnparse(n.Field("value")) + "[" + join(subs) + "]"
	case "list":
		return "[" + join(named()) + "]"
	case "tuple":
		cs := named()
		if len(cs) == 1 {
			return "(" + ioPyUnparse(cs[0]) + ",)"
		}
		return "(" + join(cs) + ")"
	case "binary_operator", "union_type":
		cs := named()
		if len(cs) == 2 {
			op := "|"
			if o := n.Field("operator"); o.Valid() {
				op = o.Text()
			}
			return ioPyUnparse(cs[0]) + " " + op + " " + ioPyUnparse(cs[1])
		}
	case "member_type":
		if cs := named(); len(cs) == 2 {
			return ioPyUnparse(cs[0]) + "." + ioPyUnparse(cs[1])
		}
	case "string":
		if s, ok := ioPyString(n); ok {
			if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
				return `"` + s + `"`
			}
			return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
		}
	}
	return strings.Join(strings.Fields(ioText(n)), " ")
}

// ioPyString is a plain string literal's content (no interpolation).
func ioPyString(n syntax.Node) (string, bool) {
	var b strings.Builder
	for i := 0; i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch c.Type() {
		case "string_start", "string_end":
			if strings.ContainsAny(strings.ToLower(c.Text()), "fb") {
				return "", false
			}
		case "string_content":
			b.WriteString(c.Text())
		default:
			return "", false
		}
	}
	return b.String(), true
}

// ioPyParseOK approximates "ast.parse succeeds" by an error-free tree.
func ioPyParseOK(root syntax.Node) bool { return !root.HasError() }

// ioFinding points at n, or at nothing when n is absent.
func ioFinding(n syntax.Node, format string, args ...any) []check.Finding {
	if !n.Valid() {
		return nil
	}
	return []check.Finding{{Start: n.Start(), End: n.End(), Message: fmt.Sprintf(format, args...)}}
}

// ioFuncSpan is where a finding about a function as a whole points: its
// signature (name through parameters), not its body.
func ioFuncSpan(f ioFunc) syntax.Node {
	if f.Params.Valid() {
		return f.Params
	}
	return f.Name
}

// ioQuote quotes s for a message, eliding the middle of very long texts.
func ioQuote(s string) string {
	if r := []rune(s); len(r) > 80 {
		s = string(r[:40]) + "…" + string(r[len(r)-30:])
	}
	return fmt.Sprintf("%q", s)
}

// ioQuoteAll quotes each of ss, comma-separated.
func ioQuoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = ioQuote(s)
	}
	return strings.Join(q, ", ")
}

// ioPlural is n with the noun, pluralized unless n is 1.
func ioPlural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// ioReturnText is f's return type as the evaluator reads it.
func ioReturnText(f ioFunc, id lang.ID) string {
	switch id {
	case lang.Python:
		return ioPyUnparse(f.Ret)
	case lang.Rust:
		return strings.TrimSpace(ioText(f.Ret))
	}
	return ioText(f.Ret)
}

// ioKindList renders kinds for a message: trimmed, comma-separated.
func ioKindList(kinds []string) string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = strings.TrimSpace(k)
	}
	return strings.Join(out, ", ")
}

// ioTypeTarget is what input_type and output_type share: the spec's one
// kind, known to the evaluator's type tables, in a language they cover,
// and the definitions of the named function. A non-nil Result ends the
// check with it.
func ioTypeTarget(u *check.Unit, c constraint.Constraint) (ioSpec, string, []ioFunc, *check.Result) {
	s := ioParseSpec(u, c, false)
	fail := func(r check.Result) (ioSpec, string, []ioFunc, *check.Result) { return s, "", nil, &r }
	if len(s.kinds) != 1 {
		return fail(check.Failed(string(c.Type) + " needs exactly one kind"))
	}
	kind := s.kinds[0]
	if !ioKindKnown(kind) {
		return fail(ioUnsupported(u, "no type mapping for kind %q", kind))
	}
	if !ioSupported(s, u, "python", "java", "cpp", "rust") {
		return fail(ioUnsupported(u, "%s is not checked for %s", c.Type, c.LangName))
	}
	funcs, r := ioDefinitionsOf(u, c, s)
	if r != nil {
		return s, kind, nil, r
	}
	return s, kind, funcs, nil
}

// ioDefinitionsOf finds the constrained function's definitions, or the
// failing result that every interface rule gives when there are none:
// the function is absent, or the code does not parse (the evaluator's
// ast.parse raises for Python).
func ioDefinitionsOf(u *check.Unit, c constraint.Constraint, s ioSpec) ([]ioFunc, *check.Result) {
	fail := func(msg string) ([]ioFunc, *check.Result) { r := check.Failed(msg); return nil, &r }
	if !ioMayDefine(u.Src, s.id, s.fn) {
		return fail("no function named " + ioQuote(s.fn) + " is defined")
	}
	root, ok := ioRoot(u, s.id)
	if !ok {
		return fail("code could not be parsed as " + c.LangName)
	}
	if s.id == lang.Python && !ioPyParseOK(root) {
		return fail("code is not valid Python (syntax error)")
	}
	funcs := ioFuncs(root, s.id, u.Src, s.fn, u.Profile != check.MultiCodeIF)
	if len(funcs) == 0 {
		return fail("no function named " + ioQuote(s.fn) + " is defined")
	}
	return funcs, nil
}
