// Package rustmacro reads Rust macro calls as rustfmt formats them, for
// the layout model (internal/rules/layout): tree-sitter's grammar keeps a
// macro's arguments as flat tokens, where rustfmt formats `assert_eq!(a,
// b)` and `vec![a, b]` as the call and the array they look like. It
// reads a script's shebang line and a cargo script's frontmatter, which
// the grammar misreads, as the text rustfmt leaves them (scripthead.go).
package rustmacro

import (
	"context"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// rounds bounds how many times macro arguments are re-read: a
// round reads the macros the previous one exposed (`assert_eq!(vec![..],
// x)`), and one more takes back those whose arguments did not parse.
const rounds = 4

// Tree is the tree of the Rust source orig (whose tree is ft) with the
// macro calls rustfmt formats read as calls: rustfmt formats a macro
// call delimited by ( or [ as a function call (or an array) when its
// arguments parse as expressions, and leaves it, as every `{ }` macro,
// as written otherwise. The grammar reads a macro's arguments as flat
// tokens, so each such call is read again as a call: the source with
// `name!(` spelt `name (` and `name![ ... ]` spelt `name ( ... )`, the
// same length, so that every offset still names the file's own bytes.
// A call whose arguments then hold a parse error goes back to its
// tokens, which the layout model leaves alone. ft itself when nothing
// changes or a parse fails.
//
// t is the file's tree (ft its copy): each round's source is parsed
// incrementally from the round before's tree, edited where bytes
// changed, which re-reads only the nodes around the calls (a full parse
// per round made the reading cost more than the file's parse; issue
// 21). TestIncrementalMatchesFreshParse holds it to fresh parses.
func Tree(ctx context.Context, orig []byte, t *syntax.Tree, ft *syntax.FlatTree) *syntax.FlatTree {
	return read(ctx, orig, t, ft, false)
}

// read is Tree, with every round parsed afresh when fresh is set.
func read(ctx context.Context, orig []byte, t *syntax.Tree, ft *syntax.FlatTree, fresh bool) *syntax.FlatTree {
	src := append([]byte(nil), orig...)
	var calls []call
	rejected := map[int]bool{} // by the offset of the `!`
	cur := ft
	var last *syntax.Tree // the last round's tree, ours to close
	defer func() {
		if last != nil {
			last.Close()
		}
	}()
	var edits []syntax.Edit
	set := func(off int, b byte) {
		if src[off] != b {
			src[off] = b
			edits = append(edits, syntax.Edit{Start: off, End: off + 1})
		}
	}
	// reparse reads src again, from the last tree with the round's edits.
	reparse := func() bool {
		prev := last
		if prev == nil {
			prev = t.Copy()
		}
		var nt *syntax.Tree
		var err error
		if fresh {
			nt, err = syntax.Parse(ctx, lang.Rust, src)
		} else {
			nt, err = prev.Reparse(ctx, src, edits)
		}
		prev.Close()
		last, edits = nil, edits[:0]
		if err != nil {
			return false
		}
		last = nt
		cur = syntax.NewFlatTree(nt.Root())
		return true
	}
	if scriptHead(src, set) && !reparse() {
		return ft
	}
	for round := 0; round < rounds; round++ {
		changed := false
		// Take back the calls whose arguments hold an error now.
		kept := calls[:0]
		bad := badSpans(cur, src, cur != ft).blamed(calls)
		for k, c := range calls {
			if bad[k] {
				set(c.bang, '!')
				if orig[c.open] == '[' {
					set(c.open, '[')
					set(c.close, ']')
				}
				rejected[c.bang] = true
				changed = true
				continue
			}
			kept = append(kept, c)
		}
		calls = kept
		for _, n := range cur.Nodes {
			var c call
			ok := false
			switch {
			case n.Type == "macro_invocation" && !n.Error && itemLevel(cur, n):
				if moduleAsFunction(cur, n, src, set) {
					changed = true // the call is read next round, in a block
				}
			case n.Type == "macro_invocation" && !n.Error:
				c, ok = macroCall(cur, n, src)
			case n.Error:
				c, ok = misreadMacro(cur, n, src)
			}
			if !ok || rejected[c.bang] || src[c.bang] != '!' {
				continue
			}
			set(c.bang, ' ')
			if src[c.open] == '[' {
				set(c.open, '(')
				set(c.close, ')')
			}
			calls = append(calls, c)
			changed = true
		}
		if !changed {
			break
		}
		if !reparse() {
			return ft
		}
	}
	// The last round's calls: any whose arguments did not parse goes
	// back to its tokens.
	undo := false
	bad := badSpans(cur, src, cur != ft).blamed(calls)
	for k, c := range calls {
		if bad[k] {
			set(c.bang, '!')
			if orig[c.open] == '[' {
				set(c.open, '[')
				set(c.close, ']')
			}
			undo = true
		}
	}
	if undo && !reparse() {
		return ft
	}
	if errorCount(cur) > errorCount(ft) {
		return ft // a reading that leaves errors the file does not have is none
	}
	return cur
}

// call is a macro call read as a call: where it starts (its name), its
// `!` and its token tree's delimiters.
type call struct{ start, bang, open, close int }

// macroCall finds, in a macro_invocation node, the offsets of its
// `!` and of its token tree's delimiters, when they are ( ) or [ ].
func macroCall(ft *syntax.FlatTree, n syntax.FlatNode, src []byte) (c call, ok bool) {
	bang := -1
	for k := n.First; k >= 0; k = ft.Nodes[k].Next {
		x := ft.Nodes[k]
		switch x.Type {
		case "!":
			bang = x.Start
		case "token_tree":
			if bang < 0 || x.End-x.Start < 2 {
				return c, false
			}
			o, e := src[x.Start], src[x.End-1]
			if !(o == '(' && e == ')' || o == '[' && e == ']') {
				return c, false
			}
			c.start, c.bang, c.open, c.close = n.Start, bang, x.Start, x.End-1
			return c, true
		}
	}
	return c, false
}

// misreadMacro finds a macro call the grammar misread, as it reads
// `str![..]` (str is a type's name) as indexing `str` with a stray `!`:
// an ERROR node holding just the `!`, followed by the bracket its parent
// closes last.
func misreadMacro(ft *syntax.FlatTree, n syntax.FlatNode, src []byte) (c call, ok bool) {
	if n.First < 0 || ft.Nodes[n.First].Type != "!" || ft.Nodes[n.First].Next >= 0 || n.Next < 0 || n.Parent < 0 {
		return c, false
	}
	open := ft.Nodes[n.Next]
	last := -1
	for k := ft.Nodes[n.Parent].First; k >= 0; k = ft.Nodes[k].Next {
		last = k
	}
	closer := ft.Nodes[last]
	if !(open.Type == "[" && closer.Type == "]" || open.Type == "(" && closer.Type == ")") || closer.Start <= open.Start {
		return c, false
	}
	return call{ft.Nodes[n.Parent].Start, ft.Nodes[n.First].Start, open.Start, closer.Start}, true
}

// badSpans are the nodes of ft that make a call whose arguments hold
// one go back to its tokens (within): an error or missing node, other
// than a misread macro call (see misreadMacro), which is read next (a
// call read at an item's level, `name!(..);` in a module, is an error
// around the call's name), or inside it a
// chained comparison (`-c --config <FILE> "x"` reads as `a < b > c`),
// which the grammar accepts and rustc's parser, so rustfmt's, does not.
//
// They are read once per round, where each call once scanned every node
// (calls times nodes: most of the reading's cost on a file with a few
// hundred macro calls). None when read is false (the file's own tree,
// before any call was read).
func badSpans(ft *syntax.FlatTree, src []byte, read bool) spans {
	var out spans
	if !read {
		return out
	}
	for _, n := range ft.Nodes {
		if n.Error || n.Missing {
			if _, ok := misreadMacro(ft, n, src); ok && n.Error {
				continue // a misread macro inside, which this round reads
			}
			out.errs = append(out.errs, [2]int{n.Start, n.End})
		} else if n.Type == "binary_expression" && comparison(ft, n) && n.First >= 0 && comparison(ft, ft.Nodes[n.First]) {
			out.chains = append(out.chains, n.Start)
		}
	}
	return out
}

// spans are a tree's error nodes' ranges and the starts of its chained
// comparisons.
type spans struct {
	errs   [][2]int
	chains []int
}

// within reports an error node overlapping [s, e) (a zero-width one
// strictly inside) or a chained comparison starting in it.
func (b spans) within(s, e int) bool {
	for _, r := range b.errs {
		if r[0] < e && r[1] > s {
			return true
		}
	}
	for _, c := range b.chains {
		if c >= s && c < e {
			return true
		}
	}
	return false
}

// blamed marks the calls whose reading failed: for each error (and
// chained comparison), the innermost call holding its start, so that a
// call whose arguments are no expressions (`matches!(x, A | B if c)`)
// goes back to its tokens and the calls around it and elsewhere stay
// read, though the parser's recovery may spread its error over the
// whole file (an ERROR node from the file's first byte to its last).
// When no call holds the start of an error, every call an error
// overlaps is marked (within), as a parser that reports the error
// before the call's start would have it.
func (b spans) blamed(calls []call) []bool {
	bad := make([]bool, len(calls))
	found := false
	blame := func(p int, zeroWidth bool) {
		inner := -1
		for k, c := range calls {
			// Calls nest: the innermost holding p starts last. A
			// zero-width node counts strictly inside, as within has it.
			holds := c.start <= p && p < c.close+1 && !(zeroWidth && p == c.start)
			if holds && (inner < 0 || c.start > calls[inner].start) {
				inner = k
			}
		}
		if inner >= 0 {
			bad[inner], found = true, true
		}
	}
	for _, r := range b.errs {
		blame(r[0], r[0] == r[1])
	}
	for _, c := range b.chains {
		blame(c, false)
	}
	if !found {
		for k, c := range calls {
			bad[k] = b.within(c.start, c.close+1)
		}
	}
	return bad
}

// comparison reports a binary expression whose operator compares.
func comparison(ft *syntax.FlatTree, n syntax.FlatNode) bool {
	if n.Type != "binary_expression" {
		return false
	}
	for k := n.First; k >= 0; k = ft.Nodes[k].Next {
		if x := ft.Nodes[k]; x.Field == "operator" {
			switch x.Type {
			case "<", ">", "<=", ">=", "==", "!=":
				return true
			}
		}
	}
	return false
}

// itemLevel reports a macro call standing as an item in a module's or an
// impl's body (`name!(..);`): read as a call it is no item there, and
// the parse error would hide the whole module from the model. At a
// file's top level the grammar takes a call as a statement (ripgrep's
// `rgtest!(name, |dir, cmd| { .. });`), which reads fine.
func itemLevel(ft *syntax.FlatTree, n syntax.FlatNode) bool {
	return n.Parent >= 0 && ft.Nodes[n.Parent].Type == "declaration_list"
}

// moduleAsFunction spells, with set, the head of the module whose body
// holds the item-level macro call n (`mod tests {`) as a function's
// head of the same length (`fn tests(){`), so that the call, a
// statement in the function's block, is read as a call next round:
// rustfmt formats `name!(..);` among a module's items as the call
// statement it looks like (ripgrep's tests are `matches!(name, "a",
// "b");` items), and a function's block holds the module's items as
// well. Only a head written `mod name {`, whose bytes allow it; false
// when src is unchanged.
func moduleAsFunction(ft *syntax.FlatTree, n syntax.FlatNode, src []byte, set func(int, byte)) bool {
	if _, ok := macroCall(ft, n, src); !ok {
		return false
	}
	body := ft.Nodes[n.Parent]
	if body.Parent < 0 || ft.Nodes[body.Parent].Type != "mod_item" {
		return false
	}
	kw, name := -1, -1
	for k := ft.Nodes[body.Parent].First; k >= 0; k = ft.Nodes[k].Next {
		switch x := ft.Nodes[k]; {
		case x.Type == "mod":
			kw = x.Start
		case x.Field == "name":
			name = k
		}
	}
	if kw < 0 || name < 0 {
		return false
	}
	id := ft.Nodes[name]
	if id.Start != kw+4 || src[kw+3] != ' ' || id.End+1 != body.Start || src[id.End] != ' ' || src[body.Start] != '{' {
		return false
	}
	head := append([]byte("fn "), src[id.Start:id.End]...)
	head = append(head, "()"...)
	for k, b := range head {
		set(kw+k, b)
	}
	return true
}

func errorCount(ft *syntax.FlatTree) int {
	n := 0
	for _, x := range ft.Nodes {
		if x.Error || x.Missing {
			n++
		}
	}
	return n
}
