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
func Tree(ctx context.Context, orig []byte, ft *syntax.FlatTree) *syntax.FlatTree {
	src := append([]byte(nil), orig...)
	var calls []call
	rejected := map[int]bool{} // by the offset of the `!`
	cur := ft
	parse := func() bool {
		t, err := syntax.Parse(ctx, lang.Rust, src)
		if err != nil {
			return false
		}
		cur = syntax.NewFlatTree(t.Root())
		t.Close()
		return true
	}
	if scriptHead(src) && !parse() {
		return ft
	}
	for round := 0; round < rounds; round++ {
		changed := false
		// Take back the calls whose arguments hold an error now.
		kept := calls[:0]
		bad := blamed(cur, ft, src, calls)
		for k, c := range calls {
			if bad[k] {
				src[c.bang] = '!'
				if orig[c.open] == '[' {
					src[c.open], src[c.close] = '[', ']'
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
				if moduleAsFunction(cur, n, src) {
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
			src[c.bang] = ' '
			if src[c.open] == '[' {
				src[c.open], src[c.close] = '(', ')'
			}
			calls = append(calls, c)
			changed = true
		}
		if !changed {
			break
		}
		if !parse() {
			return ft
		}
	}
	// The last round's calls: any whose arguments did not parse goes
	// back to its tokens.
	undo := false
	for k, bad := range blamed(cur, ft, src, calls) {
		if c := calls[k]; bad {
			src[c.bang] = '!'
			if orig[c.open] == '[' {
				src[c.open], src[c.close] = '[', ']'
			}
			undo = true
		}
	}
	if undo && !parse() {
		return ft
	}
	if errorCount(cur) > errorCount(ft) {
		return ft // a reading that leaves errors the file does not have is none
	}
	return cur
}

// blamed marks the calls (read as calls in cur, a tree of the file
// after ft) whose reading failed: the innermost call holding the start
// of an error (see errorWithin), so that a call whose arguments are no
// expressions (`matches!(x, A | B if c)`) goes back to its tokens and
// the calls around it and elsewhere stay read, though the parser's
// recovery may spread its error over the whole file. When no call holds
// the start of an error, every call an error overlaps is marked, as a
// parser that reports the error before the call's start would have it.
func blamed(cur, ft *syntax.FlatTree, src []byte, calls []call) []bool {
	bad := make([]bool, len(calls))
	if cur == ft {
		return bad
	}
	found := false
	for k, c := range calls {
		if !errorWithin(cur, src, c.start, c.close+1, true) {
			continue
		}
		inner := false
		for j, d := range calls {
			if j != k && d.start >= c.start && d.close <= c.close && errorWithin(cur, src, d.start, d.close+1, true) {
				inner = true
				break
			}
		}
		bad[k], found = !inner, found || !inner
	}
	if !found {
		for k, c := range calls {
			bad[k] = errorWithin(cur, src, c.start, c.close+1, false)
		}
	}
	return bad
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

// errorWithin reports an error or missing node overlapping [s, e) (with
// startOnly, starting there), other
// than a misread macro call (see misreadMacro), which is read next (a
// call read at an item's level, `name!(..);` in a module, is an error
// around the call's name), or inside it a
// chained comparison (`-c --config <FILE> "x"` reads as `a < b > c`),
// which the grammar accepts and rustc's parser, so rustfmt's, does not.
func errorWithin(ft *syntax.FlatTree, src []byte, s, e int, startOnly bool) bool {
	for _, n := range ft.Nodes {
		if n.Start >= e || n.End <= s || startOnly && n.Start < s {
			continue
		}
		if _, ok := misreadMacro(ft, n, src); ok && n.Error {
			continue // a misread macro inside, which this round reads
		}
		if (n.Error || n.Missing) && (n.Start < e && n.End > s) || n.Start >= s && n.Type == "binary_expression" && comparison(ft, n) && n.First >= 0 && comparison(ft, ft.Nodes[n.First]) {
			return true
		}
	}
	return false
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

// moduleAsFunction spells, in src, the head of the module whose body
// holds the item-level macro call n (`mod tests {`) as a function's
// head of the same length (`fn tests(){`), so that the call, a
// statement in the function's block, is read as a call next round:
// rustfmt formats `name!(..);` among a module's items as the call
// statement it looks like (ripgrep's tests are `matches!(name, "a",
// "b");` items), and a function's block holds the module's items as
// well. Only a head written `mod name {`, whose bytes allow it; false
// when src is unchanged.
func moduleAsFunction(ft *syntax.FlatTree, n syntax.FlatNode, src []byte) bool {
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
	copy(src[kw+3:], src[id.Start:id.End])
	copy(src[kw:], "fn ")
	copy(src[id.End-1:], "()")
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
