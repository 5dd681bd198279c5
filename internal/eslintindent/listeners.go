package eslintindent

import "strings"

// The node listeners of eslint's indent rule, with its default options
// (SwitchCase 0, every other offset 1), over estreeNode.

var knownNodes = newSet("AssignmentExpression", "AssignmentPattern", "ArrayExpression", "ArrayPattern",
	"ArrowFunctionExpression", "AwaitExpression", "BlockStatement", "BinaryExpression", "BreakStatement",
	"CallExpression", "CatchClause", "ChainExpression", "ClassBody", "ClassDeclaration", "ClassExpression",
	"ConditionalExpression", "ContinueStatement", "DoWhileStatement", "DebuggerStatement", "EmptyStatement",
	"ExpressionStatement", "ForStatement", "ForInStatement", "ForOfStatement", "FunctionDeclaration",
	"FunctionExpression", "Identifier", "IfStatement", "Literal", "LabeledStatement", "LogicalExpression",
	"MemberExpression", "MetaProperty", "MethodDefinition", "NewExpression", "ObjectExpression", "ObjectPattern",
	"PrivateIdentifier", "Program", "Property", "PropertyDefinition", "RestElement", "ReturnStatement",
	"SequenceExpression", "SpreadElement", "StaticBlock", "Super", "SwitchCase", "SwitchStatement",
	"TaggedTemplateExpression", "TemplateElement", "TemplateLiteral", "ThisExpression", "ThrowStatement",
	"TryStatement", "UnaryExpression", "UpdateExpression", "VariableDeclaration", "VariableDeclarator",
	"WhileStatement", "WithStatement", "YieldExpression", "JSXFragment", "JSXOpeningFragment",
	"JSXClosingFragment", "JSXIdentifier", "JSXNamespacedName", "JSXMemberExpression", "JSXEmptyExpression",
	"JSXExpressionContainer", "JSXElement", "JSXClosingElement", "JSXOpeningElement", "JSXAttribute",
	"JSXSpreadAttribute", "JSXText", "ExportDefaultDeclaration", "ExportNamedDeclaration",
	"ExportAllDeclaration", "ExportSpecifier", "ImportDeclaration", "ImportSpecifier",
	"ImportDefaultSpecifier", "ImportNamespaceSpecifier", "ImportExpression",
	// @stylistic/indent's TypeScript nodes read here (see estree.go).
	"TSTypeParameterDeclaration", "TSTypeParameterInstantiation")

var statementListParents = newSet("Program", "BlockStatement", "StaticBlock", "SwitchCase")

// run traverses the tree, queues the listeners in eslint's order (a
// node's "*" listener, then its own, parents before children), runs them,
// then ignores unknown nodes and indents parentheses.
func (x *offsetStorage) run(prog *estreeNode) {
	var queue []struct {
		n *estreeNode
		f func(*estreeNode)
	}
	ignored := map[*estreeNode]bool{}
	var ignoredList []*estreeNode
	var visit func(n *estreeNode)
	visit = func(n *estreeNode) {
		queue = append(queue, struct {
			n *estreeNode
			f func(*estreeNode)
		}{n, x.star})
		if f := x.listener(n); f != nil {
			queue = append(queue, struct {
				n *estreeNode
				f func(*estreeNode)
			}{n, f})
		}
		for _, k := range n.kids {
			visit(k)
		}
		switch n.typ {
		case "DoWhileStatement", "ForStatement", "ForInStatement", "ForOfStatement", "IfStatement", "WhileStatement", "WithStatement":
			queue = append(queue, struct {
				n *estreeNode
				f func(*estreeNode)
			}{n, x.blocklessSemicolon})
		}
		if !knownNodes[n.typ] {
			ignored[n] = true
			ignoredList = append(ignoredList, n)
			if f := x.firstTok(n, 0); f >= 0 {
				x.ignoredFT[f] = true
			}
		}
	}
	visit(prog)
	for _, q := range queue {
		if !ignored[q.n] {
			q.f(q.n)
		}
	}
	for _, n := range ignoredList {
		x.ignoreNode(n)
	}
	x.parens()
}

func (x *offsetStorage) star(n *estreeNode) {
	if f := x.firstTok(n, 0); f >= 0 && !x.ignoredFT[f] {
		x.setOffsets(n.start, n.end, f, 0, false)
	}
}

func (x *offsetStorage) listener(n *estreeNode) func(*estreeNode) {
	switch n.typ {
	case "ArrayExpression", "ArrayPattern":
		return x.arrayL
	case "ObjectExpression", "ObjectPattern":
		return x.objectL
	case "ArrowFunctionExpression":
		return x.arrowL
	case "TSTypeParameterDeclaration", "TSTypeParameterInstantiation":
		return func(n *estreeNode) {
			if len(n.params) > 0 {
				x.elementList(n.params, x.firstTok(n, 0), x.lastTok(n, 0))
			}
		}
	case "AssignmentExpression":
		return x.assignL
	case "BinaryExpression", "LogicalExpression":
		return x.binaryL
	case "BlockStatement", "ClassBody":
		return x.blockL
	case "CallExpression":
		return x.callIndent
	case "ClassDeclaration", "ClassExpression":
		if n.superClass != nil {
			return x.classL
		}
	case "ConditionalExpression":
		return x.ternaryL
	case "DoWhileStatement", "WhileStatement", "ForInStatement", "ForOfStatement", "WithStatement":
		return func(n *estreeNode) { x.blockless(n.body) }
	case "ExportNamedDeclaration":
		return x.exportL
	case "ForStatement":
		return x.forL
	case "FunctionDeclaration", "FunctionExpression":
		return x.functionL
	case "IfStatement":
		return func(n *estreeNode) {
			x.blockless(n.consequent)
			x.blockless(n.alternate)
		}
	case "ImportDeclaration":
		return x.importL
	case "MemberExpression", "JSXMemberExpression", "MetaProperty":
		return x.memberL
	case "NewExpression":
		return func(n *estreeNode) {
			if len(n.args) > 0 || n.hasParens {
				x.callIndent(n)
			}
		}
	case "Property":
		return x.propertyL
	case "PropertyDefinition":
		return x.propertyDefL
	case "StaticBlock":
		return func(n *estreeNode) {
			x.elementList(n.list, x.firstTok(n, 1), x.lastTok(n, 0))
		}
	case "SwitchStatement":
		return x.switchL
	case "SwitchCase":
		return x.caseL
	case "TemplateLiteral":
		return x.templateL
	case "VariableDeclaration":
		return x.varDeclL
	case "VariableDeclarator":
		return x.declaratorL
	case "JSXAttribute":
		if n.value != nil {
			return x.jsxAttrL
		}
	case "JSXElement":
		return func(n *estreeNode) {
			if n.closingElement != nil {
				x.elementList(n.children, x.firstTok(n.openingElement, 0), x.firstTok(n.closingElement, 0))
			}
		}
	case "JSXOpeningElement":
		return x.jsxOpenL
	case "JSXClosingElement":
		return func(n *estreeNode) {
			if n.name != nil {
				x.setOffsets(n.name.start, n.name.end, x.firstTok(n, 0), 1, false)
			}
		}
	case "JSXFragment":
		return func(n *estreeNode) {
			if n.closingElement != nil {
				x.elementList(n.children, x.firstTok(n.openingElement, 0), x.firstTok(n.closingElement, 0))
			}
		}
	case "JSXOpeningFragment", "JSXClosingFragment":
		return func(n *estreeNode) {
			f, c := x.firstTok(n, 0), x.lastTok(n, 0)
			x.setOffsets(n.start, n.end, f, 1, false)
			if c >= 0 && c != f {
				x.locked[c] = f
			}
		}
	case "JSXExpressionContainer", "JSXSpreadAttribute":
		return func(n *estreeNode) {
			o, c := x.firstTok(n, 0), x.lastTok(n, 0)
			if o >= 0 && c >= 0 {
				x.setOffsets(x.toks[o].end, x.toks[c].start, o, 1, false)
			}
		}
	}
	return nil
}

// elementFirst is an element's first token, its parentheses included.
func (x *offsetStorage) elementFirst(el *estreeNode, start int) int {
	t := x.tokBefore(el.start)
	for x.is(t, "(") && t != start {
		t = x.prevCode(t)
	}
	if t < 0 {
		return x.firstCode()
	}
	return x.nextCode(t)
}

// elementList is addElementListIndent with offset 1.
func (x *offsetStorage) elementList(els []*estreeNode, start, end int) {
	if start < 0 || end < 0 {
		return
	}
	x.setOffsets(x.toks[start].end, x.toks[end].start, start, 1, false)
	x.setOffset(end, start, 0)
	for i, el := range els {
		if el == nil || i == 0 {
			continue
		}
		prev := els[i-1]
		if prev == nil {
			continue
		}
		pl := x.lastTok(prev, 0)
		if pl < 0 {
			continue
		}
		if x.toks[pl].endLine-trailingBreaks(x.toks[pl].text) > x.toks[start].endLine {
			x.setOffsets(prev.end, el.end, x.elementFirst(prev, start), 0, false)
		}
	}
}

// trailingBreaks counts the line breaks in s's trailing whitespace.
func trailingBreaks(s string) int {
	t := strings.TrimRight(s, " \t\r\n\f\v")
	return strings.Count(s[len(t):], "\n")
}

// blockless indents a body that is not a block (`if (a) b;`).
func (x *offsetStorage) blockless(n *estreeNode) {
	if n == nil || n.typ == "BlockStatement" {
		return
	}
	parent := x.tokBefore(n.start)
	for x.is(parent, "(") {
		parent = x.prevCode(parent)
	}
	first, last := x.firstTok(n, 0), x.lastTok(n, 0)
	if first < 0 || last < 0 {
		return
	}
	for x.is(x.prevCode(first), "(") && x.is(x.nextCode(last), ")") {
		first, last = x.prevCode(first), x.nextCode(last)
	}
	x.setOffsets(x.toks[first].start, x.toks[last].end, parent, 1, false)
}

// blocklessSemicolon: a semicolon-first line after a blockless body sits
// at the statement's level.
func (x *offsetStorage) blocklessSemicolon(n *estreeNode) {
	bodies := []*estreeNode{n.body}
	if n.typ == "IfStatement" {
		bodies = []*estreeNode{n.consequent, n.alternate}
	}
	for _, b := range bodies {
		if b == nil {
			continue
		}
		last := x.lastTok(b, 0)
		if !x.is(last, ";") {
			continue
		}
		before, after := x.prevCode(last), x.nextCode(last)
		if before >= 0 && x.toks[before].endLine != x.toks[last].line && after >= 0 && x.toks[after].line == x.toks[last].line {
			x.setOffset(last, x.firstTok(n, 0), 0)
		}
	}
}

func (x *offsetStorage) callIndent(n *estreeNode) {
	var open int
	calleeEnd := n.start
	if n.callee != nil {
		calleeEnd = n.callee.end
	}
	if len(n.args) > 0 {
		open = x.firstBetween(calleeEnd, n.args[0].start, isText("("))
	} else {
		open = x.lastTok(n, 1)
	}
	closing := x.lastTok(n, 0)
	if open < 0 || closing < 0 {
		return
	}
	x.paramPar[open] = true
	x.paramPar[closing] = true
	if n.optional && n.callee != nil {
		dot := x.firstBetween(n.callee.end, x.toks[open].end, isText("?."))
		if dot >= 0 {
			lastCallee := x.prevCode(dot)
			base := x.firstTok(n.callee, 0)
			if parens := x.countBetween(n.callee.end, x.toks[dot].start, ")"); parens > 0 {
				base = x.tokBefore(n.callee.start)
				for k := 1; k < parens; k++ {
					base = x.prevCode(base)
				}
			}
			if x.toks[lastCallee].endLine == x.toks[open].line {
				base = lastCallee
			}
			x.setOffset(dot, base, 1)
		}
	}
	after := open
	if n.callee != nil && n.callee.typ == "TaggedTemplateExpression" && n.callee.quasi != nil {
		after = x.firstTok(n.callee.quasi, 0)
	}
	x.setOffset(open, x.prevCode(after), 0)
	x.elementList(n.args, open, closing)
}

func (x *offsetStorage) countBetween(s, e int, text string) int {
	c := 0
	for i := x.tokAfter(s); i >= 0 && x.toks[i].start < e; i = x.nextCode(i) {
		if x.toks[i].text == text {
			c++
		}
	}
	return c
}

func (x *offsetStorage) arrayL(n *estreeNode) {
	open := x.firstTok(n, 0)
	after := open
	for i := len(n.elements) - 1; i >= 0; i-- {
		if n.elements[i] != nil {
			after = x.lastTok(n.elements[i], 0)
			break
		}
	}
	closing := -1
	if after >= 0 {
		for i := x.nextCode(after); i >= 0; i = x.nextCode(i) {
			if x.toks[i].text == "]" {
				closing = i
				break
			}
		}
	}
	x.elementList(n.elements, open, closing)
}

func (x *offsetStorage) objectL(n *estreeNode) {
	open := x.firstTok(n, 0)
	after := open
	if len(n.properties) > 0 {
		after = x.lastTok(n.properties[len(n.properties)-1], 0)
	}
	closing := -1
	if after >= 0 {
		for i := x.nextCode(after); i >= 0; i = x.nextCode(i) {
			if x.toks[i].text == "}" {
				closing = i
				break
			}
		}
	}
	x.elementList(n.properties, open, closing)
}

func (x *offsetStorage) arrowL(n *estreeNode) {
	skip := 0
	if n.async {
		skip = 1
	}
	open := x.firstTok(n, skip)
	if x.is(open, "(") && n.body != nil {
		closing := x.lastBetween(n.start, n.body.start, isText(")"))
		if closing >= 0 {
			x.paramPar[open] = true
			x.paramPar[closing] = true
			x.elementList(n.params, open, closing)
		}
	}
	x.blockless(n.body)
}

func (x *offsetStorage) assignL(n *estreeNode) {
	if n.left == nil || n.right == nil {
		return
	}
	op := x.firstBetween(n.left.end, n.right.start, isText(n.operator))
	if op < 0 {
		return
	}
	x.setOffsets(x.toks[op].start, n.end, x.lastTok(n.left, 0), 1, false)
	x.ignoreToken(op)
	x.ignoreToken(x.nextCode(op))
}

func (x *offsetStorage) binaryL(n *estreeNode) {
	if n.left == nil || n.right == nil {
		return
	}
	op := x.firstBetween(n.left.end, n.right.start, isText(n.operator))
	if op < 0 {
		return
	}
	after := x.nextCode(op)
	x.ignoreToken(op)
	x.ignoreToken(after)
	x.setOffset(after, op, 0)
}

func (x *offsetStorage) blockL(n *estreeNode) {
	if n.parent != nil && !statementListParents[n.parent.typ] {
		x.setOffset(x.firstTok(n, 0), x.firstTok(n.parent, 0), 0)
	}
	x.elementList(n.list, x.firstTok(n, 0), x.lastTok(n, 0))
}

func (x *offsetStorage) classL(n *estreeNode) {
	cls := x.firstTok(n, 0)
	ext := x.tokBefore(n.superClass.start)
	for x.is(ext, "(") {
		ext = x.prevCode(ext)
	}
	if ext >= 0 && n.body != nil {
		x.setOffsets(x.toks[ext].start, n.body.start, cls, 1, false)
	}
}

func (x *offsetStorage) ternaryL(n *estreeNode) {
	if n.test == nil || n.consequent == nil || n.alternate == nil {
		return
	}
	first := x.firstTok(n, 0)
	q := x.firstBetween(n.test.end, n.consequent.start, isText("?"))
	c := x.firstBetween(n.consequent.end, n.alternate.start, isText(":"))
	if q < 0 || c < 0 {
		return
	}
	firstCons, lastCons, firstAlt := x.nextCode(q), x.prevCode(c), x.nextCode(c)
	x.setOffset(q, first, 1)
	x.setOffset(c, first, 1)
	x.setOffset(firstCons, first, 1)
	if lastCons >= 0 && firstAlt >= 0 && x.toks[lastCons].endLine == x.toks[firstAlt].line {
		x.setOffset(firstAlt, firstCons, 0)
	} else {
		x.setOffset(firstAlt, first, 1)
	}
}

func (x *offsetStorage) exportL(n *estreeNode) {
	if n.declaration != nil {
		return
	}
	closing := x.lastBetween(n.start, n.end, isText("}"))
	if closing < 0 {
		return
	}
	x.elementList(n.specifiers, x.firstTok(n, 1), closing)
	if n.source != nil {
		x.setOffsets(x.toks[closing].end, n.end, x.firstTok(n, 0), 1, false)
	}
}

func (x *offsetStorage) forL(n *estreeNode) {
	open := x.firstTok(n, 1)
	for _, part := range []*estreeNode{n.init, n.test, n.update} {
		if part != nil {
			x.setOffsets(part.start, part.end, open, 1, false)
		}
	}
	x.blockless(n.body)
}

func (x *offsetStorage) functionL(n *estreeNode) {
	if n.body == nil {
		return
	}
	closing := x.tokBefore(n.body.start)
	var open int
	if len(n.params) > 0 {
		open = x.tokBefore(n.params[0].start)
	} else {
		open = x.prevCode(closing)
	}
	if open < 0 || closing < 0 {
		return
	}
	x.paramPar[open] = true
	x.paramPar[closing] = true
	x.elementList(n.params, open, closing)
}

func (x *offsetStorage) importL(n *estreeNode) {
	var specs []*estreeNode
	for _, s := range n.specifiers {
		if s.typ == "ImportSpecifier" {
			specs = append(specs, s)
		}
	}
	if len(specs) > 0 {
		open := x.firstBetween(n.start, n.end, isText("{"))
		closing := x.lastBetween(n.start, n.end, isText("}"))
		x.elementList(specs, open, closing)
	}
	from := x.lastBetween(n.start, n.end, isText("from"))
	if from >= 0 && n.source != nil {
		end := n.source.end
		x.setOffsets(x.toks[from].start, end, x.firstTok(n, 0), 1, false)
	}
}

func (x *offsetStorage) memberL(n *estreeNode) {
	obj := n.object
	if n.typ == "MetaProperty" {
		obj = n.meta
	}
	if obj == nil || n.property == nil {
		return
	}
	firstNon := x.firstBetween(obj.end, n.property.start+1, func(t string) bool { return t != ")" })
	if firstNon < 0 {
		return
	}
	secondNon := x.nextCode(firstNon)
	firstObj := x.firstTok(obj, 0)
	if parens := x.countBetween(obj.end, n.property.start, ")"); parens > 0 {
		firstObj = x.tokBefore(obj.start)
		for k := 1; k < parens; k++ {
			firstObj = x.prevCode(firstObj)
		}
	}
	lastObj := x.prevCode(firstNon)
	firstProp := secondNon
	if n.computed {
		firstProp = firstNon
		x.setOffset(x.lastTok(n, 0), firstNon, 0)
		x.setOffsets(n.property.start, n.property.end, firstNon, 1, false)
	}
	base := firstObj
	if lastObj >= 0 && firstProp >= 0 && x.toks[lastObj].endLine == x.toks[firstProp].line {
		base = lastObj
	}
	// eslint's MemberExpression option, 1 or 0 per chain (chainOffset).
	x.setOffset(firstNon, base, 1)
	chained := firstNon >= 0 && base >= 0 && firstNon != base && x.isFirstOfLine(firstNon)
	if chained {
		x.desc[firstNon].orZero = true
		x.chainDots[base] = append(x.chainDots[base], firstNon)
	}
	if n.computed {
		x.setOffset(secondNon, firstNon, 1)
	} else {
		x.setOffset(secondNon, base, 1)
		if chained && secondNon >= 0 && secondNon != base {
			x.desc[secondNon].orZero = true
		}
	}
}

func (x *offsetStorage) propertyL(n *estreeNode) {
	if n.shorthand || n.method || n.kind != "init" || n.key == nil || n.value == nil {
		return
	}
	colon := x.firstBetween(n.key.end, n.value.start, isText(":"))
	if colon >= 0 {
		x.ignoreToken(x.nextCode(colon))
	}
}

func (x *offsetStorage) propertyDefL(n *estreeNode) {
	first := x.firstTok(n, 0)
	semi := x.lastTok(n, 0)
	if n.key == nil {
		return
	}
	var keyLast int
	if n.computed {
		bl := x.tokBefore(n.key.start)
		for bl >= 0 && !x.is(bl, "[") {
			bl = x.prevCode(bl)
		}
		br := x.tokAfter(n.key.end)
		for br >= 0 && !x.is(br, "]") {
			br = x.nextCode(br)
		}
		if bl < 0 || br < 0 {
			return
		}
		keyLast = br
		if bl != first {
			x.setOffset(bl, first, 0)
		}
		x.setOffsets(x.toks[bl].end, x.toks[br].start, bl, 1, false)
		x.setOffset(br, bl, 0)
	} else {
		id := x.firstTok(n.key, 0)
		keyLast = id
		if id != first {
			x.setOffset(id, first, 1)
		}
	}
	isSemi := x.is(semi, ";")
	if n.value != nil {
		eq := x.tokBefore(n.value.start)
		for eq >= 0 && !x.is(eq, "=") {
			eq = x.prevCode(eq)
		}
		if eq < 0 {
			return
		}
		x.setOffset(eq, keyLast, 1)
		x.setOffset(x.nextCode(eq), eq, 1)
		if isSemi {
			x.setOffset(semi, eq, 1)
		}
	} else if isSemi {
		x.setOffset(semi, keyLast, 1)
	}
}

func (x *offsetStorage) switchL(n *estreeNode) {
	if n.discriminant == nil {
		return
	}
	open := x.tokAfter(n.discriminant.end)
	for open >= 0 && !x.is(open, "{") {
		open = x.nextCode(open)
	}
	closing := x.lastTok(n, 0)
	if open < 0 || closing < 0 {
		return
	}
	x.setOffsets(x.toks[open].end, x.toks[closing].start, open, x.switchCase(n, open), false)
	if len(n.cases) > 0 {
		for i := x.tokAt(n.cases[len(n.cases)-1].end); i < closing; i++ {
			if x.toks[i].comment {
				x.ignoreToken(i)
			}
		}
	}
}

// switchCase is eslint's SwitchCase option for one switch statement:
// 1 when its first case is indented deeper than the line of its "{", 0
// otherwise. Projects configure it either way (eslint's default is 0,
// prettier's output 1), so the lint profile follows each switch.
func (x *offsetStorage) switchCase(n *estreeNode, open int) int {
	if len(n.cases) == 0 {
		return 0
	}
	c := x.firstTok(n.cases[0], 0)
	if c < 0 || !x.isFirstOfLine(c) {
		return 0
	}
	if x.lines[x.toks[c].line].Col > x.lines[x.toks[open].line].Col {
		return 1
	}
	return 0
}

func (x *offsetStorage) caseL(n *estreeNode) {
	if len(n.conseq) == 1 && n.conseq[0].typ == "BlockStatement" {
		return
	}
	kw := x.firstTok(n, 0)
	if kw < 0 {
		return
	}
	end := len(x.src) + 1
	if after := x.tokAfter(n.end); after >= 0 {
		end = x.toks[after].start
	}
	x.setOffsets(x.toks[kw].end, end, kw, 1, false)
}

func (x *offsetStorage) templateL(n *estreeNode) {
	for i := 0; i+1 < len(n.quasis); i++ {
		prev, next := n.quasis[i], n.quasis[i+1]
		align := -1
		if x.lineOf(prev.start) == x.lineOf(max(prev.start, prev.end-1)) {
			align = x.tokAt(prev.start)
		}
		x.setOffsets(prev.end, next.start, align, 1, false)
		x.setOffset(x.tokAt(next.start), align, 0)
	}
}

func (x *offsetStorage) varDeclL(n *estreeNode) {
	first, last := x.firstTok(n, 0), x.lastTok(n, 0)
	if len(n.declarations) == 0 || first < 0 {
		return
	}
	lastDecl := n.declarations[len(n.declarations)-1]
	force := x.lineOf(lastDecl.start) > x.toks[first].line
	x.setOffsets(n.start, n.end, first, 1, force)
	if x.is(last, ";") {
		x.ignoreToken(last)
	}
}

func (x *offsetStorage) declaratorL(n *estreeNode) {
	if n.init == nil || n.id == nil {
		return
	}
	eq := x.tokBefore(n.init.start)
	for x.is(eq, "(") {
		eq = x.prevCode(eq)
	}
	if eq < 0 {
		return
	}
	after := x.nextCode(eq)
	x.ignoreToken(eq)
	x.ignoreToken(after)
	if after >= 0 {
		x.setOffsets(x.toks[after].start, n.end, eq, 1, false)
	}
	x.setOffset(eq, x.lastTok(n.id, 0), 0)
}

func (x *offsetStorage) jsxAttrL(n *estreeNode) {
	if n.name == nil {
		return
	}
	eq := x.firstBetween(n.name.end, n.value.start, isText("="))
	if eq >= 0 {
		x.setOffsets(x.toks[eq].start, n.value.end, x.firstTok(n.name, 0), 1, false)
	}
}

func (x *offsetStorage) jsxOpenL(n *estreeNode) {
	first := x.firstTok(n, 0)
	closing := x.lastTok(n, 0)
	if first < 0 || closing < 0 {
		return
	}
	if n.name != nil {
		x.setOffsets(n.name.start, n.name.end, first, 0, false)
	}
	x.elementList(n.attributes, first, closing)
}

// ignoreNode leaves an unknown node's lines as they are.
func (x *offsetStorage) ignoreNode(n *estreeNode) {
	s, e := x.tokAt(n.start), x.tokAt(n.end)
	for i := s; i < e; i++ {
		if d := x.firstDependency(i); d >= s && d < e {
			continue
		}
		first := x.firstOf[x.toks[i].line]
		if first == i {
			x.ignoreToken(i)
		} else {
			x.setOffset(i, first, 0)
		}
	}
}

// parens offsets tokens inside parentheses that are not call arguments
// or parameters one level from the "(".
func (x *offsetStorage) parens() {
	var stack []int
	type pair struct{ l, r int }
	var pairs []pair
	for _, i := range x.code {
		switch x.toks[i].text {
		case "(":
			stack = append(stack, i)
		case ")":
			if len(stack) > 0 {
				pairs = append(pairs, pair{stack[len(stack)-1], i})
				stack = stack[:len(stack)-1]
			}
		}
	}
	for k := len(pairs) - 1; k >= 0; k-- {
		l, r := pairs[k].l, pairs[k].r
		if !x.paramPar[l] && !x.paramPar[r] {
			// The tokens between the parentheses are the code tokens
			// with indexes in (l, r): test membership by index.
			in := func(d int) bool { return d > l && d < r && !x.toks[d].comment }
			for p := x.codePos[l] + 1; p < x.codePos[r]; p++ {
				if i := x.code[p]; !in(x.firstDependency(i)) {
					x.setOffset(i, l, 1)
				}
			}
		}
		x.setOffset(r, l, 0)
	}
}
