package layout

import "bytes"

// What the tree model reads of a line's ancestors: their brackets, the
// column a visual indent aligns with, their siblings and preambles.

// enclosingVisual is the visual column of the innermost bracket among
// ancestors that opens before t and has a token after it on its line.
func (b *treeIndent) enclosingVisual(ancestors []fn, t fn) (int, bool) {
	for k := len(ancestors) - 1; k >= 0; k-- {
		b.m.meter.Add(1)
		if o, _ := b.bracketOf(ancestors[k]); o >= 0 && b.start(o) < b.start(t) {
			return b.visualCol(o)
		}
	}
	return 0, false
}

// closerLineBefore returns the code line before line i when that line
// starts with a closing bracket or continues a chain.
func (b *treeIndent) closerLineBefore(i int) (int, bool) {
	m := b.m
	for j := i - 1; j >= 0; j-- {
		m.meter.Add(1)
		l := m.lines[j]
		if l.lead == l.end || l.kind == lineComment {
			continue
		}
		c := m.src[l.lead]
		return j, c == ')' || c == ']' || c == '}' || c == '.' || c == '?'
	}
	return 0, false
}

// stringEndsBefore reports whether the last non-blank line before line i
// is the last line of a multi-line string: text the model does not judge
// (lineSkip), ending with a quote and a raw string's hashes, and maybe
// the brackets that close around the string (snapbox's `"#]]`).
func (b *treeIndent) stringEndsBefore(i int) bool {
	m := b.m
	for j := i - 1; j >= 0; j-- {
		m.meter.Add(1)
		l := m.lines[j]
		if l.lead == l.end {
			continue
		}
		if l.kind != lineSkip {
			return false
		}
		t := bytes.TrimRight(m.src[l.lead:l.end], "#)]} \t")
		return len(t) > 0 && t[len(t)-1] == '"'
	}
	return false
}

// hasCommentChildMemo reports a comment among n's children or those of
// its nested nodes of n's own type (a chain of `||`), computed once per
// node: a chain asked about each of its links was quadratic in its
// length.
func (b *treeIndent) hasCommentChildMemo(n fn) bool {
	if b.comments[n] == 0 {
		b.comments[n] = 1
		for _, c := range b.children(n) {
			b.m.meter.Add(1)
			if isCommentType(b.typ(c)) || b.typ(c) == b.typ(n) && b.hasCommentChildMemo(c) {
				b.comments[n] = 2
				break
			}
		}
	}
	return b.comments[n] == 2
}

// prevSiblingType is the type of the child of a just before child.
func (b *treeIndent) prevSiblingType(a, child fn) string {
	prev := ""
	for _, c := range b.children(a) {
		if b.start(c) >= b.start(child) {
			return prev
		}
		if !isCommentType(b.typ(c)) {
			prev = b.typ(c)
		}
	}
	return prev
}

// afterPreamble reports whether every child of a before child is an
// annotation-like preamble (and there is at least one).
func (b *treeIndent) afterPreamble(a, child fn) bool {
	if len(b.spec.preamble) == 0 {
		return false
	}
	seen := false
	for _, c := range b.children(a) {
		if b.start(c) >= b.start(child) {
			return seen
		}
		if isCommentType(b.typ(c)) {
			continue
		}
		if !b.spec.preamble[b.typ(c)] {
			return false
		}
		seen = true
	}
	return false
}

// bracketOf returns n's opening and closing bracket children when n is
// delimited by a matching pair (its last child closes a bracket one of
// its children opens), or by a pair the language names (JSX); -1 when
// it is not.
func (b *treeIndent) bracketOf(n fn) (open, close fn) {
	ks := b.children(n)
	if len(ks) < 2 {
		return -1, -1
	}
	want := ""
	switch b.typ(ks[len(ks)-1]) {
	case ")":
		want = "("
	case "]":
		want = "["
	case "}":
		want = "{"
	default:
		if o, ok := b.spec.pairs[b.typ(n)]; ok {
			closer := fn(-1)
			if o == "<" && b.typ(ks[len(ks)-1]) == ">" {
				closer = ks[len(ks)-1]
			}
			for _, c := range ks {
				if b.typ(c) == o {
					return c, closer
				}
			}
		}
		return -1, -1
	}
	for _, c := range ks[:len(ks)-1] {
		if b.typ(c) == want {
			return c, ks[len(ks)-1]
		}
	}
	return -1, -1
}

// bracketIndex is the position of n's opening bracket among its
// children, -1 if n is not bracketed.
func (b *treeIndent) bracketIndex(n fn) int {
	o, _ := b.bracketOf(n)
	if o < 0 {
		return -1
	}
	for k, c := range b.children(n) {
		if c == o {
			return k
		}
	}
	return -1
}

// visualCol is the column of the first token after the opening bracket o
// on o's line, if there is one (a visual indent's column).
func (b *treeIndent) visualCol(o fn) (int, bool) {
	src := b.m.src
	j := b.end(o)
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j >= len(src) || src[j] == '\n' || src[j] == '\r' {
		return 0, false
	}
	// A comment after the bracket is not something to align with.
	if j+1 < len(src) && (src[j] == '/' && (src[j+1] == '/' || src[j+1] == '*') || src[j] == '#') {
		return 0, false
	}
	return b.m.colAt(j), true
}

// declBodyOpen reports whether t is the opening brace of the body of a
// declaration the language lists in declBody (stack ends with that
// body, inside the declaration).
func (b *treeIndent) declBodyOpen(t fn, stack []fn) bool {
	n := len(stack)
	if len(b.spec.declBody) == 0 || n < 2 {
		return false
	}
	body := stack[n-1]
	return b.spec.body[b.typ(body)] && b.f[body].First == t && b.spec.declBody[b.typ(stack[n-2])]
}

// caseLevel is the level most labels of switch body a take, counted
// from the line of its opening bracket at column bc: 0 at the switch's
// level, 1 one unit (u) in, and 1 on a tie (checkstyle's default
// caseIndent); -1 when no label stands at either (the switch's own line
// is what is misplaced), which leaves both levels open.
func (b *treeIndent) caseLevel(a fn, bc, u int) int {
	if lv, ok := b.caseLevels[a]; ok {
		return lv
	}
	n0, n1 := 0, 0
	for _, c := range b.children(a) {
		b.m.meter.Add(1)
		if !b.spec.caseLabel[b.typ(c)] {
			continue
		}
		l := b.m.lines[b.m.lineOf(b.start(c))]
		if l.lead != b.start(c) {
			continue
		}
		switch l.col {
		case bc:
			n0++
		case bc + u:
			n1++
		}
	}
	lv := 1
	switch {
	case n0 == 0 && n1 == 0:
		lv = -1
	case n0 > n1:
		lv = 0
	}
	if b.caseLevels == nil {
		b.caseLevels = map[fn]int{}
	}
	b.caseLevels[a] = lv
	return lv
}
