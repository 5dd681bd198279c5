package syntax

// A query cursor spends some 90ns on every node it passes (it works out
// each node's field, siblings and supertypes for patterns that might need
// them), a third of what parsing the node cost. Most of iflint's queries
// are lists of node types, `[(a) (b) "c"] @n`, which need none of that:
// for those, Captures walks the tree with a plain tree cursor in C and
// keeps the nodes whose symbol is listed, which is what the query cursor
// matches for such patterns (tree-sitter's own symbol lookup decides the
// symbols), in the same pre-order; TestTypeListWalkMatchesQueryCursor
// holds the two to each other on every grammar. tsapi.h declares the C
// functions used.

/*
#include "tsapi.h"

typedef struct { ifl_node node; uint32_t capture; } ifl_capture;


// ifl_collect appends, for each visible node under root in pre-order, one
// capture per entry of its symbol's list: table[symbol] is 0, or 1 + the
// offset in lists of capture ids ending with 0xFFFF.
static ifl_capture *ifl_collect(ifl_node root, const uint16_t *table, uint32_t ntable,
		const uint16_t *lists, uint32_t *count) {
	ifl_capture *out = NULL;
	uint32_t n = 0, cap = 0;
	ifl_cursor c = ts_tree_cursor_new(root);
	for (;;) {
		ifl_node node = ts_tree_cursor_current_node(&c);
		uint16_t s = ts_node_symbol(node);
		// A query cursor's default range, [0, UINT32_MAX), leaves out the
		// empty nodes at the very start (their end does not pass 0).
		if (s < ntable && table[s] && ts_node_end_byte(node) > 0) {
			for (const uint16_t *l = lists + table[s] - 1; *l != 0xFFFF; l++) {
				if (n == cap) {
					cap = cap ? 2 * cap : 64;
					ifl_capture *grown = realloc(out, cap * sizeof *out);
					if (!grown) {
						free(out);
						ts_tree_cursor_delete(&c);
						*count = UINT32_MAX;
						return NULL;
					}
					out = grown;
				}
				out[n].node = node;
				out[n].capture = *l;
				n++;
			}
		}
		if (ts_tree_cursor_goto_first_child(&c)) continue;
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				*count = n;
				return out;
			}
		}
	}
}

// ifl_next moves a pre-order walk to the next node, from the current one
// when start is set, whose symbol table lists; it reports false at the
// end of the walk.
static bool ifl_next(ifl_cursor *c, bool start, const uint16_t *table, uint32_t ntable, ifl_node *out, uint16_t *symbol) {
	for (;;) {
		if (!start) {
			if (!ts_tree_cursor_goto_first_child(c)) {
				while (!ts_tree_cursor_goto_next_sibling(c)) {
					if (!ts_tree_cursor_goto_parent(c)) return false;
				}
			}
		}
		start = false;
		ifl_node node = ts_tree_cursor_current_node(c);
		uint16_t s = ts_node_symbol(node);
		if (s < ntable && table[s] && ts_node_end_byte(node) > 0) {
			*out = node;
			*symbol = s;
			return true;
		}
	}
}
*/
import "C"

import (
	"reflect"
	"sync"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// nodeLayout mirrors sitter.Node, whose fields are unexported: the C node
// and the tree that keeps it alive. layoutOK checks the mirror before any
// use; without it every query runs through tree-sitter.
type nodeLayout struct {
	c C.ifl_node
	t *sitter.Tree
}

var layoutOK = func() bool {
	st, lt := reflect.TypeOf(sitter.Node{}), reflect.TypeOf(nodeLayout{})
	if st.Size() != lt.Size() || st.NumField() != 2 {
		return false
	}
	c, t := st.Field(0), st.Field(1)
	return c.Name == "c" && c.Offset == 0 && c.Type.Size() == lt.Field(0).Type.Size() &&
		t.Name == "t" && t.Offset == lt.Field(1).Offset && t.Type == lt.Field(1).Type
}()

// typeList is a query made only of node types, each captured by name.
type typeList struct {
	items []typeItem
	once  sync.Once
	ok    bool
	table []C.uint16_t // symbol -> 1 + offset in lists, or 0
	lists []C.uint16_t
}

type typeItem struct {
	name    string
	named   bool // (name) rather than "name"
	capture int
}

// resolve looks the node types up with tree-sitter's own symbol lookup
// (the one the query compiler uses) in root's language. Hidden types
// (supertypes), ERROR and a type listed twice in one pattern fall back
// to the query cursor.
func (l *typeList) resolve(root C.ifl_node) {
	lang := C.ts_node_language(root)
	count := uint32(C.ts_language_symbol_count(lang))
	bySymbol := map[C.uint16_t][]int{}
	var order []C.uint16_t
	for _, it := range l.items {
		cs := C.CString(it.name)
		sym := C.ts_language_symbol_for_name(lang, cs, C.uint32_t(len(it.name)), C.bool(it.named))
		C.free(unsafe.Pointer(cs))
		want := C.int(C.IFL_SYMBOL_REGULAR)
		if !it.named {
			want = C.int(C.IFL_SYMBOL_ANONYMOUS)
		}
		if sym == 0 || uint32(sym) >= count || C.ts_language_symbol_type(lang, sym) != want {
			return
		}
		if _, seen := bySymbol[sym]; !seen {
			order = append(order, sym)
		}
		bySymbol[sym] = append(bySymbol[sym], it.capture)
	}
	l.table = make([]C.uint16_t, count)
	for _, sym := range order {
		l.table[sym] = C.uint16_t(len(l.lists) + 1)
		for _, c := range bySymbol[sym] {
			l.lists = append(l.lists, C.uint16_t(c))
		}
		l.lists = append(l.lists, 0xFFFF)
	}
	l.ok = len(l.lists) > 0 && len(l.lists) < 0xFFFF
}

// captures walks n's subtree; ok=false means the query cursor must.
func (l *typeList) captures(n Node, names []string) (out []Capture, ok bool) {
	if !layoutOK || !n.Valid() {
		return nil, false
	}
	sn := (*nodeLayout)(unsafe.Pointer(n.n))
	root := sn.c
	l.once.Do(func() { l.resolve(root) })
	if !l.ok {
		return nil, false
	}
	if nodes, ok := n.w.get(n); ok {
		return l.collectWalk(n.w, nodes, names), true
	}
	var count C.uint32_t
	caps := C.ifl_collect(root, &l.table[0], C.uint32_t(len(l.table)), &l.lists[0], &count)
	if count == C.UINT32_MAX {
		return nil, false
	}
	defer C.free(unsafe.Pointer(caps))
	if count == 0 {
		return nil, true
	}
	found := unsafe.Slice(caps, int(count))
	out = make([]Capture, len(found))
	// sitter.Nodes built outside go-tree-sitter's per-tree cache (it only
	// saves allocations; nodes compare by value), in one block.
	nodes := make([]nodeLayout, len(found))
	for i, c := range found {
		nodes[i] = nodeLayout{c: c.node, t: sn.t}
		out[i] = Capture{Name: names[c.capture], Node: Node{n: (*sitter.Node)(unsafe.Pointer(&nodes[i])), src: n.src}}
	}
	return out, true
}

// first is Query.First over the walk: the first listed node, in the
// order Captures gives, that accept approves (accept may be nil).
func (l *typeList) first(n Node, accept func(Node) bool) (hit Node, ok bool) {
	if !layoutOK || !n.Valid() {
		return Node{}, false
	}
	root := n.cnode()
	l.once.Do(func() { l.resolve(root) })
	if !l.ok {
		return Node{}, false
	}
	cur := C.ts_tree_cursor_new(root)
	defer C.ts_tree_cursor_delete(&cur)
	var c C.ifl_node
	var sym C.uint16_t
	for start := true; C.ifl_next(&cur, C.bool(start), &l.table[0], C.uint32_t(len(l.table)), &c, &sym); start = false {
		node := n.fromC(c)
		// One look per capture of the node, as the query cursor's
		// matches would give.
		for k := int(l.table[sym]) - 1; l.lists[k] != 0xFFFF; k++ {
			if accept == nil || accept(node) {
				return node, true
			}
		}
	}
	return Node{}, true
}
