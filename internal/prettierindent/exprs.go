package prettierindent

import (
	"strings"

	"github.com/iflint/iflint/internal/syntax"
)

// unparen strips tree-sitter's parenthesized_expression nodes.
func unparen(n syntax.FlatRef) syntax.FlatRef {
	for n.Valid() && n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1 {
		n = n.NamedChild(0)
	}
	return n
}

// parentOf is n's parent, looking through parentheses.
func parentOf(n syntax.FlatRef) syntax.FlatRef {
	p := n.Parent()
	for p.Valid() && p.Type() == "parenthesized_expression" {
		p = p.Parent()
	}
	return p
}

// chainTypes are the links of a member chain.
var chainTypes = set("call_expression", "member_expression", "subscript_expression", "non_null_expression")

// chainInner is the chain node a link hangs from (its object or callee).
func chainInner(n syntax.FlatRef) syntax.FlatRef {
	switch n.Type() {
	case "call_expression":
		return n.Field("function")
	case "member_expression", "subscript_expression":
		return n.Field("object")
	case "non_null_expression":
		return n.NamedChild(0)
	}
	return syntax.FlatRef{}
}

// chain prints a member chain (printMemberChain): when it breaks, every
// link from the first one that starts a line (`.then(...)`) on is one
// indent in, arguments and all; the head and the links before stay.
func (w *walker) chain(n syntax.FlatRef, at ind) {
	var links []syntax.FlatRef // outermost first
	cur := n
	for chainTypes[cur.Type()] {
		in := chainInner(cur)
		if !in.Valid() {
			break
		}
		links = append(links, cur)
		cur = in
	}
	head := cur
	firstBreak := -1
	for _, l := range links {
		if l.Type() != "member_expression" {
			continue
		}
		for k := 0; k < l.ChildCount(); k++ {
			c := l.Child(k)
			if c.Type() == "." || c.Type() == "?." || c.Type() == "optional_chain" {
				if w.startsLine(c.Start()) && (firstBreak < 0 || c.Start() < firstBreak) {
					firstBreak = c.Start()
				}
				break
			}
		}
	}
	if len(links) == 0 {
		w.kids(n, func(syntax.FlatRef) ind { return at })
		return
	}
	if head.Type() == "binary_expression" {
		// tree-sitter-typescript reads `a && b!.c` as `(a && b)!.c`:
		// the binary is the chain's head without parentheses, where
		// prettier (on TypeScript's tree) sees the chain as its right
		// operand. Judge the binary where the chain stands.
		w.assign(head.Start(), at)
		w.binaryAt(head, at, n)
	} else {
		w.place(head, at)
	}
	for i := len(links) - 1; i >= 0; i-- {
		l := links[i]
		inner := chainInner(l)
		lvl := at
		if firstBreak >= 0 && w.linkStart(l, inner) >= firstBreak {
			lvl = at.in()
		}
		if i > 0 {
			w.assign(l.Start(), at)
		}
		for k := 0; k < l.ChildCount(); k++ {
			c := l.Child(k)
			switch {
			case c.Index() == inner.Index():
				continue
			case w.field(c) == "index" && w.startsLine(c.Start()):
				// a[\n  i\n]: a broken subscript indents its index.
				w.place(c, lvl.in())
				continue
			}
			w.place(c, lvl)
		}
	}
}

// linkStart is where link l's own tokens start, after inner.
func (w *walker) linkStart(l, inner syntax.FlatRef) int {
	for k := 0; k < l.ChildCount(); k++ {
		if c := l.Child(k); c.Start() >= inner.End() && c.Index() != inner.Index() && !isComment(c.Type()) {
			return c.Start()
		}
	}
	return l.End()
}

// precedence of binary operators, as prettier's getPrecedence.
var precedence = map[string]int{
	"|>": 0, "??": 1, "||": 2, "&&": 3, "|": 4, "^": 5, "&": 6,
	"==": 7, "===": 7, "!=": 7, "!==": 7,
	"<": 8, ">": 8, "<=": 8, ">=": 8, "in": 8, "instanceof": 8,
	">>": 9, "<<": 9, ">>>": 9, "+": 10, "-": 10, "*": 11, "/": 11, "%": 11, "**": 12,
}

// shouldFlatten is prettier's: whether a left operand with operator
// nodeOp prints as part of its parent's chain (parentOp).
func shouldFlatten(parentOp, nodeOp string) bool {
	pp, ok1 := precedence[parentOp]
	np, ok2 := precedence[nodeOp]
	switch {
	case !ok1 || !ok2 || pp != np, parentOp == "**", pp == 7, pp == 9:
		return false
	case (nodeOp == "%") != (parentOp == "%") && pp == 11, nodeOp != parentOp && pp == 11:
		return false
	}
	return true
}

func opOf(n syntax.FlatRef) string {
	if op := n.Field("operator"); op.Valid() {
		return op.Type()
	}
	return ""
}

// binary prints a chain of binary operators (printBinaryishExpression):
// the operands after the first are one indent in when the chain breaks,
// unless the chain's place already indents it or keeps it flat (a
// condition in parentheses, the right-hand side of an assignment, a
// return's argument, an arrow's body, a ternary's part).
func (w *walker) binary(n syntax.FlatRef, at ind) { w.binaryAt(n, at, n) }

// binaryAt prints n's chain where the node place stands (n itself, or
// the chain whose misparsed head it is).
func (w *walker) binaryAt(n syntax.FlatRef, at ind, place syntax.FlatRef) {
	op := opOf(n)
	var rights []syntax.FlatRef // innermost first
	var ops []syntax.FlatRef
	left := n
	for {
		r, o := left.Field("right"), left.Field("operator")
		rights = append([]syntax.FlatRef{r}, rights...)
		ops = append([]syntax.FlatRef{o}, ops...)
		l := left.Field("left")
		if l.Type() == "binary_expression" && shouldFlatten(op, opOf(l)) {
			left = l
			continue
		}
		left = l
		break
	}
	broken := false
	for _, r := range rights {
		broken = broken || w.startsLine(r.Start())
	}
	rest := at
	if broken && !w.binaryFlat(place) {
		rest = at.in()
	}
	// The tokens between operands (comments) and the operators.
	w.place(left, at)
	for k := range rights {
		w.placeBetween(ops[k], rights[k], rest)
	}
}

// placeBetween places an operator, the comments around it and its
// right operand.
func (w *walker) placeBetween(op, right syntax.FlatRef, at ind) {
	p := op.Parent()
	for k := 0; k < p.ChildCount(); k++ {
		c := p.Child(k)
		if c.Start() >= op.Start() && c.End() <= right.End() && w.field(c) != "left" {
			w.place(c, at)
		}
	}
}

// binaryFlat reports whether prettier prints n's chain without
// indenting the operands after the first.
func (w *walker) binaryFlat(n syntax.FlatRef) bool {
	raw := n.Parent()
	p := parentOf(n)
	if raw.Type() == "parenthesized_expression" && w.isCast(raw) {
		// A JSDoc cast's parentheses are a node of prettier's tree too:
		// the chain inside them indents as in any other parent.
		return false
	}
	if p.Type() == "arguments" && p.NamedChildCount() == 1 && p.Parent().Field("function").Type() == "identifier" &&
		string(w.src[p.Parent().Field("function").Start():p.Parent().Field("function").End()]) == "Boolean" {
		// Boolean(a && b) prints as its parentheses (prettier 3).
		return true
	}
	if raw.Type() == "parenthesized_expression" && p.Type() != "binary_expression" && w.startsLine(n.Start()) {
		// prettier's own broken parentheses (a condition, a return's
		// argument, a callee): the chain sits flat inside them.
		return true
	}
	switch p.Type() {
	case "return_statement", "throw_statement", "template_substitution":
		return true
	case "arrow_function":
		return w.field(outermost(n)) == "body"
	case "for_statement":
		return w.field(outermost(n)) != "body"
	case "ternary_expression":
		g := parentOf(p)
		return g.Type() != "return_statement" && g.Type() != "throw_statement" && g.Type() != "arguments"
	case "jsx_expression":
		return parentOf(p).Type() == "jsx_attribute"
	}
	inline := n.Type() == "binary_expression" && inlineLogical(n)
	if inline {
		l := n.Field("left")
		return !(l.Type() == "binary_expression" && shouldFlatten(opOf(n), opOf(l)))
	}
	switch p.Type() {
	case "assignment_expression", "augmented_assignment_expression", "variable_declarator", "public_field_definition", "pair", "field_definition":
		return true
	}
	return false
}

// outermost is n looked at through its parentheses.
func outermost(n syntax.FlatRef) syntax.FlatRef {
	for n.Parent().Type() == "parenthesized_expression" {
		n = n.Parent()
	}
	return n
}

// inlineLogical is prettier's shouldInlineLogicalExpression: a logical
// operator whose right operand is a non-empty object or array literal.
func inlineLogical(n syntax.FlatRef) bool {
	switch opOf(n) {
	case "&&", "||", "??":
	default:
		return false
	}
	r := n.Field("right")
	return (r.Type() == "object" || r.Type() == "array") && r.NamedChildCount() > 0
}

// isCast reports whether the parentheses p follow a JSDoc type comment
// (`/** @type {T} */ (x)`), which prettier keeps as a cast.
func (w *walker) isCast(p syntax.FlatRef) bool {
	q := p.Parent()
	for k := 0; k < q.ChildCount(); k++ {
		if q.Child(k).Index() != p.Index() || k == 0 {
			continue
		}
		c := q.Child(k - 1)
		text := string(w.src[c.Start():c.End()])
		return isComment(c.Type()) && strings.HasPrefix(text, "/**") && (strings.Contains(text, "@type") || strings.Contains(text, "@satisfies"))
	}
	return false
}
