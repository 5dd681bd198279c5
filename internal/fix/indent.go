package fix

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// FixIndentation is the Fixer of indentation_spacing. It re-indents every
// code line to depth×unit and fixes operator/comma spacing on the lines
// the rule reports. Depth comes from the nesting of the lines' columns
// (Python's INDENT/DEDENT algorithm), which is exactly block structure in
// Python and the author's structure elsewhere. Where that guess is wrong
// (a file whose indentation is already inconsistent), the result changes
// the syntax tree's shape and verification rejects it.
func FixIndentation(u *check.Unit, c constraint.Constraint, r check.Result) (Edits, []Skipped, error) {
	if r.Verdict != check.Fail || c.Indent == nil {
		return nil, nil, nil
	}
	t, err := u.Tree(c.Lang)
	if err != nil {
		return nil, nil, fmt.Errorf("indentation fix: parse as %s: %w", c.Lang, err)
	}
	opaque := opaqueSpans(t.Root())
	var edits Edits
	var skipped []Skipped
	if needsReindent(r) {
		var brackets []byteSpan
		if c.Lang == lang.Python {
			brackets = bracketSpans(t.Root())
		}
		edits = reindent(u.Src, opaque, brackets, c.Indent)
	}
	if c.Spacing != constraint.SpacingAny {
		es, sk := fixSpacing(u.Src, t.Root(), r, c.Spacing == constraint.SpacingRequired)
		edits = append(edits, es...)
		skipped = append(skipped, sk...)
	}
	if len(edits) == 0 {
		return nil, mergeSkipped(skipped, remaining(nil, r)), nil
	}
	out, err := edits.Apply(u.Src)
	if err != nil {
		return nil, nil, fmt.Errorf("indentation fix: own edits: %w", err)
	}
	// Whether the result keeps the block structure is not decided here:
	// verification's syntax stage rejects any whitespace-only candidate
	// that changes the tree's shape, whichever fixer (or model) made it.
	// The rule keeps one finding per line, so a line can hide a second
	// offender we could not fix; report whatever still fails.
	rest := check.Run(check.NewUnit(u.Ctx, u.Path, out, check.Lint), c)
	return edits, mergeSkipped(skipped, remaining(edits, rest)), nil
}

func needsReindent(r check.Result) bool {
	for _, f := range r.Findings {
		if strings.HasPrefix(f.Message, "line indented") {
			return true
		}
	}
	return false
}

// byteSpan is a half-open byte range.
type byteSpan struct{ start, end int }

// opaqueSpans are the strings and comments: a line starting inside one
// belongs to its text, so its leading blanks are content, not indentation.
func opaqueSpans(root syntax.Node) []byteSpan {
	var out []byteSpan
	root.Walk(func(n syntax.Node) bool {
		t := n.Type()
		if strings.Contains(t, "comment") || strings.Contains(t, "string") || strings.Contains(t, "heredoc") || t == "template_literal" {
			out = append(out, byteSpan{n.Start(), n.End()})
			return false
		}
		return true
	})
	return out
}

func insideSpan(sp []byteSpan, off int) bool {
	for _, s := range sp {
		if s.start < off && off < s.end {
			return true
		}
	}
	return false
}

// reindent rewrites the leading blanks of each code line to depth units.
// Tabs count to the next multiple of 8, as Python's tokenizer counts them.
//
// A line that starts inside brackets opened on an earlier line (Python's
// implicit line joining; brackets is empty for other languages) is not a
// statement: its indentation means nothing to the block structure, so it
// never enters the depth stack, and it is hung one unit per enclosing
// bracket below the statement it continues. Pushing it on the stack would
// shift every later statement of the block one level deeper.
func reindent(src []byte, opaque, brackets []byteSpan, in *constraint.Indent) Edits {
	unit := "\t"
	if !in.Tabs {
		unit = strings.Repeat(" ", in.Width)
	}
	var edits Edits
	stack := []int{0}
	stmt := "" // the new indentation of the statement being continued
	for ls := 0; ls < len(src); {
		le := bytes.IndexByte(src[ls:], '\n')
		if le < 0 {
			le = len(src)
		} else {
			le += ls
		}
		lead, col := ls, 0
		for lead < le && (src[lead] == ' ' || src[lead] == '\t') {
			if src[lead] == '\t' {
				col = col/8*8 + 8
			} else {
				col++
			}
			lead++
		}
		blank := lead == le || src[lead] == '\r'
		if !blank && !insideSpan(opaque, ls) {
			var want string
			if hang := hangDepth(src, brackets, lead); hang > 0 {
				want = stmt + strings.Repeat(unit, hang)
			} else if hang == 0 && len(brackets) > 0 && insideBracketLine(brackets, lead) {
				want = stmt // a closing bracket lines up with its statement
			} else {
				for len(stack) > 1 && stack[len(stack)-1] > col {
					stack = stack[:len(stack)-1]
				}
				if stack[len(stack)-1] < col {
					stack = append(stack, col)
				}
				want = strings.Repeat(unit, len(stack)-1)
				stmt = want
			}
			if string(src[ls:lead]) != want {
				edits = append(edits, Edit{ls, lead, want})
			}
		}
		ls = le + 1
	}
	return edits
}

// bracketSpans are the spans from an opening bracket to just after its
// closing one, for nodes that begin with one (calls' argument lists,
// parameter lists, list/dict/set/tuple displays, subscripts, and
// parenthesized expressions).
func bracketSpans(root syntax.Node) []byteSpan {
	var out []byteSpan
	root.Walk(func(n syntax.Node) bool {
		if k := n.ChildCount(); k >= 2 {
			first, last := n.Child(0), n.Child(k-1)
			switch first.Type() + last.Type() {
			case "()", "[]", "{}":
				out = append(out, byteSpan{first.Start(), last.End()})
			}
		}
		return true
	})
	return out
}

// hangDepth counts the brackets that enclose off, were opened before it
// and are not closed by the character at off itself.
func hangDepth(src []byte, brackets []byteSpan, off int) int {
	n := 0
	for _, b := range brackets {
		if b.start < off && off < b.end-1 {
			n++
		}
	}
	return n
}

// insideBracketLine reports whether off is a closing bracket of a span
// opened earlier: the line continues a statement, at its level.
func insideBracketLine(brackets []byteSpan, off int) bool {
	for _, b := range brackets {
		if b.start < off && off == b.end-1 {
			return true
		}
	}
	return false
}

// TreeShape renders a tree's node types and nesting without positions,
// so two sources with the same structure (whitespace aside) compare equal.
func TreeShape(root syntax.Node) string {
	var sb strings.Builder
	var rec func(n syntax.Node)
	rec = func(n syntax.Node) {
		sb.WriteString("(" + n.Type())
		for i := 0; i < n.ChildCount(); i++ {
			rec(n.Child(i))
		}
		sb.WriteString(")")
	}
	rec(root)
	return sb.String()
}

// remaining turns the findings of a re-check of out (src with edits
// applied) into Skipped entries located in src.
func remaining(edits Edits, r check.Result) []Skipped {
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b Edit) int { return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End)) })
	var sk []Skipped
	for _, f := range r.Findings {
		s := mapBack(sorted, f.Start)
		sk = append(sk, Skipped{s, max(s, mapBack(sorted, f.End)), "not safely fixable: " + f.Message})
	}
	return sk
}

// mapBack maps an offset of the edited text to the original: text an
// edit inserted maps to the start of the range it replaced.
func mapBack(sorted Edits, off int) int {
	delta := 0
	for _, e := range sorted {
		at := e.Start + delta
		if off < at {
			break
		}
		if off < at+len(e.New) {
			return e.Start
		}
		delta += len(e.New) - (e.End - e.Start)
	}
	return off - delta
}

// binaryParents are the node types whose operator child tree-sitter
// marks as a binary (or assignment) operator across the grammars.
func binaryParent(t string) bool {
	switch t {
	case "binary_expression", "binary_operator", "comparison_operator", "boolean_operator",
		"assignment", "assignment_expression", "assignment_statement",
		// Kotlin names each precedence level.
		"additive_expression", "multiplicative_expression", "comparison_expression",
		"equality_expression", "conjunction_expression", "disjunction_expression":
		return true
	}
	return false
}

var genericList = map[string]bool{"type_arguments": true, "type_parameters": true,
	"template_argument_list": true, "template_parameter_list": true}

var spacingOps = map[string]bool{"=": true, "+": true, "-": true, "*": true, "/": true, "%": true,
	"==": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true, "&&": true, "||": true}

// mergeSkipped adds the re-check's leftovers to the reasons already given,
// keeping one entry per line (the more specific, earlier reason wins).
func mergeSkipped(given, rest []Skipped) []Skipped {
	out := given
	for _, r := range rest {
		dup := false
		for _, g := range given {
			if g.Start >= r.Start && g.Start <= r.End {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b Skipped) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// fixSpacing fixes the commas and binary operators that break the rule on
// the lines it reports. Any finding marks its line: the rule keeps one
// finding per line, so an indentation finding can hide a spacing one.
// Operators are tree tokens under a binary or assignment node, so
// strings, comments, generics, pointers, unary minus, "->" and "::" are
// never touched; an offending token of another kind is Skipped.
func fixSpacing(src []byte, root syntax.Node, r check.Result, required bool) (Edits, []Skipped) {
	lines := map[int]bool{}
	for _, f := range r.Findings {
		lines[bytes.Count(src[:f.Start], []byte("\n"))] = true
	}
	var edits Edits
	var skipped []Skipped
	root.Walk(func(n syntax.Node) bool {
		// Strings are walked too: their interpolated expressions are code
		// the rule checks, and their text is never an operator token.
		t := n.Type()
		if strings.Contains(t, "comment") {
			return false
		}
		if n.ChildCount() > 0 || !lines[bytes.Count(src[:n.Start()], []byte("\n"))] {
			return true
		}
		s, e := n.Start(), n.End()
		switch {
		case t == ",":
			es, why := spaceAfter(src, e, required)
			edits = append(edits, es...)
			if why != "" {
				skipped = append(skipped, Skipped{s, e, why})
			}
		case !spacingOps[t] || !breaksSpacing(src, s, e, required) || genericList[n.Parent().Type()]:
			// The rule (lint profile) does not count generic angle
			// brackets as operators either.
		case !binaryParent(n.Parent().Type()):
			skipped = append(skipped, Skipped{s, e, fmt.Sprintf("%q belongs to %s, not a binary operator; spacing left alone", t, n.Parent().Type())})
		default:
			edits = append(edits, spaceAround(src, s, e, required)...)
		}
		return true
	})
	return edits, skipped
}

// breaksSpacing mirrors the rule's test of an operator at src[s:e]:
// required spacing fails "a+b", forbidden spacing fails "a + b".
func breaksSpacing(src []byte, s, e int, required bool) bool {
	if required {
		return wordAt(src, s-1) && wordAt(src, e)
	}
	i, j := s, e
	for spaceAt(src, i-1) && i > 0 {
		i--
	}
	for spaceAt(src, j) && j < len(src) {
		j++
	}
	return i < s && j > e && wordAt(src, i-1) && wordAt(src, j)
}

func blankAt(src []byte, i int) bool {
	return i >= 0 && i < len(src) && (src[i] == ' ' || src[i] == '\t')
}

func spaceAt(src []byte, i int) bool {
	return i < 0 || i >= len(src) || blankAt(src, i) || src[i] == '\n' || src[i] == '\r'
}

// wordAt mirrors the rule's \w test on one byte (non-ASCII counts as word).
func wordAt(src []byte, i int) bool {
	if i < 0 || i >= len(src) {
		return false
	}
	b := src[i]
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// spaceAfter spaces (or unspaces) a comma ending at e. A comma that ends
// its line is refused when spacing is forbidden: the rule counts the line
// break as a space, and joining lines is not a spacing fix.
func spaceAfter(src []byte, e int, required bool) (Edits, string) {
	if required {
		if !spaceAt(src, e) {
			return Edits{{e, e, " "}}, ""
		}
		return nil, ""
	}
	j := e
	for blankAt(src, j) {
		j++
	}
	switch {
	case j >= len(src):
		return nil, ""
	case src[j] == '\n' || src[j] == '\r':
		if textAfter(src, j) {
			return nil, "comma ends its line; removing the line break would join lines"
		}
		return nil, ""
	case j > e:
		return Edits{{e, j, ""}}, ""
	}
	return nil, ""
}

// textAfter reports whether non-space text follows offset j.
func textAfter(src []byte, j int) bool {
	return len(bytes.TrimSpace(src[j:])) > 0
}

// spaceAround spaces (or unspaces) the operator src[s:e]. Blanks are only
// removed between word characters, so no two tokens can fuse ("- -x").
func spaceAround(src []byte, s, e int, required bool) Edits {
	if required {
		// The rule only fails a word on both sides ("a+b"), so only then
		// is there anything to fix.
		var out Edits
		if !spaceAt(src, s-1) {
			out = append(out, Edit{s, s, " "})
		}
		if !spaceAt(src, e) {
			out = append(out, Edit{e, e, " "})
		}
		return out
	}
	i, j := s, e
	for blankAt(src, i-1) {
		i--
	}
	for blankAt(src, j) {
		j++
	}
	if i == s && j == e || !wordAt(src, i-1) || !wordAt(src, j) {
		return nil
	}
	var out Edits
	if i < s {
		out = append(out, Edit{i, s, ""})
	}
	if j > e {
		out = append(out, Edit{e, j, ""})
	}
	return out
}
