package syntax

// Every rule family reads the same tree: naming's declaration query and
// identifier index, the fingerprints' declarations, suppression
// comments, braces' tokens, the layout's flat copy. Each used to walk
// it in C on its own, a tree cursor over every node (the walk, not the
// matching, is what costs: a sixth of the parse per pass). The tree's
// walk is now taken once, on first use, into one array of every visible
// node in pre-order with its parent; type-list queries, ancestor walks,
// rooted queries and Flatten on the tree's root read that array, and
// only a node other than the root walks on its own. The array is C
// memory, freed with the tree.

/*
#include "tsapi.h"

uint16_t ts_tree_cursor_current_field_id(const ifl_cursor *);
uint32_t ts_node_descendant_count(ifl_node);
uint32_t ts_node_start_byte(ifl_node);
bool ts_node_is_named(ifl_node);
bool ts_node_is_missing(ifl_node);

// ifl_walk records root and its descendants in pre-order (the order of
// ifl_collect and ifl_flatten: one tree cursor), each with its parent's
// index (-1 for root), in a malloc'ed array the caller frees; *count is
// their number, UINT32_MAX when memory ran out.
static ifl_wnode *ifl_walk(ifl_node root, uint32_t *count) {
	ifl_wnode *out = NULL;
	int32_t *stack = NULL;
	uint32_t n = 0, cap = 0, sp = 0, scap = 0;
	// Sized once: the root's count of visible descendants is the walk's
	// length (ifl_grow still grows it should it be short).
	if (!ifl_grow((void **)&out, &cap, ts_node_descendant_count(root), sizeof *out)) goto fail;
	ifl_cursor c = ts_tree_cursor_new(root);
	for (;;) {
		if (!ifl_grow((void **)&out, &cap, n + 1, sizeof *out)) goto fail;
		ifl_node m = ts_tree_cursor_current_node(&c);
		ifl_wnode *w = &out[n];
		w->node = m;
		w->field = n == 0 ? 0 : ts_tree_cursor_current_field_id(&c);
		w->start = ts_node_start_byte(m);
		w->end = ts_node_end_byte(m);
		w->parent = sp ? stack[sp - 1] : -1;
		w->sym = ts_node_symbol(m);
		w->flags = (ts_node_is_named(m) ? 1 : 0) | (ts_node_is_missing(m) ? 2 : 0);
		n++;
		if (ts_tree_cursor_goto_first_child(&c)) {
			if (!ifl_grow((void **)&stack, &scap, sp + 1, sizeof *stack)) goto fail;
			stack[sp++] = (int32_t)(n - 1);
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				free(stack);
				*count = n;
				return out;
			}
			sp--;
		}
	}
fail:
	ts_tree_cursor_delete(&c);
	free(out);
	free(stack);
	*count = UINT32_MAX;
	return NULL;
}
*/
import "C"

import (
	"sync"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// treeWalk is a tree's nodes in pre-order, walked once (walk) and freed
// with the tree (free).
type treeWalk struct {
	once  sync.Once
	mu    sync.Mutex
	buf   *C.ifl_wnode
	nodes []C.ifl_wnode // nil when the walk failed or the tree is closed
	tree  *sitter.Tree
	src   []byte
}

// get walks root's tree the first time; ok=false when it cannot (the
// node layout mirror is off, or memory ran out), and callers walk as
// before.
func (w *treeWalk) get(root Node) ([]C.ifl_wnode, bool) {
	if w == nil || !layoutOK {
		return nil, false
	}
	w.once.Do(func() {
		var count C.uint32_t
		buf := C.ifl_walk(root.cnode(), &count)
		if count == C.UINT32_MAX || buf == nil {
			return
		}
		w.mu.Lock()
		w.buf, w.nodes = buf, unsafe.Slice(buf, int(count))
		w.mu.Unlock()
	})
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.nodes, w.nodes != nil
}

// free releases the walk (Tree.Close).
func (w *treeWalk) free() {
	if w == nil {
		return
	}
	w.once.Do(func() {}) // a walk not taken yet never will be
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.buf != nil {
		C.free(unsafe.Pointer(w.buf))
		w.buf, w.nodes = nil, nil
	}
}

// node wraps the walk's node i.
func (w *treeWalk) node(all []nodeLayout, i int, c C.ifl_node) Node {
	all[i] = nodeLayout{c: c, t: w.tree}
	return Node{n: (*sitter.Node)(unsafe.Pointer(&all[i])), src: w.src}
}

// collectWalk is ifl_collect over the walk: for each visible node in
// pre-order with a non-empty end whose symbol the table lists, one
// capture per entry of its list.
func (l *typeList) collectWalk(w *treeWalk, nodes []C.ifl_wnode, names []string) []Capture {
	type hit struct {
		i       int
		capture C.uint16_t
	}
	var hits []hit
	nt := len(l.table)
	for i := range nodes {
		s := int(nodes[i].sym)
		if s >= nt || l.table[s] == 0 || nodes[i].end == 0 {
			continue
		}
		for k := int(l.table[s]) - 1; l.lists[k] != 0xFFFF; k++ {
			hits = append(hits, hit{i, l.lists[k]})
		}
	}
	if len(hits) == 0 {
		return nil
	}
	out := make([]Capture, len(hits))
	all := make([]nodeLayout, len(hits))
	for k, h := range hits {
		out[k] = Capture{Name: names[h.capture], Node: w.node(all, k, nodes[h.i].node)}
	}
	return out
}
