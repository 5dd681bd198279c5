package syntax

// Parent asks tree-sitter to descend from the root again on every call,
// which costs the node's depth times the widths on the way: a rule that
// needs the parents of every brace pays that for each one, quadratic on
// a deeply nested or very wide file (10,000 nested blocks took minutes).
// The tree cursor of a type-list walk (walk.go) already stands on each
// node's ancestors, so the walk below keeps them on a stack of its own
// and hands them out with the captures.

/*
#include "tsapi.h"

typedef struct { ifl_node node; uint32_t capture, anc, nanc; } ifl_anc_capture;


// ifl_collect_anc is ifl_collect (walk.go) that also copies, for each
// capture, up to depth[capture] of the node's ancestors, nearest first,
// into *ancs. It reports failure with *count == UINT32_MAX.
static ifl_anc_capture *ifl_collect_anc(ifl_node root, const uint16_t *table, uint32_t ntable,
		const uint16_t *lists, const uint8_t *depth, uint32_t *count, ifl_node **ancs) {
	ifl_anc_capture *out = NULL;
	ifl_node *stack = NULL, *anc = NULL;
	uint32_t n = 0, cap = 0, sp = 0, scap = 0, na = 0, acap = 0;
	ifl_cursor c = ts_tree_cursor_new(root);
	for (;;) {
		ifl_node node = ts_tree_cursor_current_node(&c);
		uint16_t s = ts_node_symbol(node);
		if (s < ntable && table[s] && ts_node_end_byte(node) > 0) {
			for (const uint16_t *l = lists + table[s] - 1; *l != 0xFFFF; l++) {
				uint32_t k = depth[*l] < sp ? depth[*l] : sp;
				if (!ifl_grow((void **)&out, &cap, n + 1, sizeof *out) ||
						!ifl_grow((void **)&anc, &acap, na + k + 1, sizeof *anc)) {
					goto fail;
				}
				out[n] = (ifl_anc_capture){node, *l, na, k};
				for (uint32_t i = 0; i < k; i++) anc[na++] = stack[sp - 1 - i];
				n++;
			}
		}
		if (ts_tree_cursor_goto_first_child(&c)) {
			if (!ifl_grow((void **)&stack, &scap, sp + 1, sizeof *stack)) goto fail;
			stack[sp++] = node;
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				free(stack);
				*count = n;
				*ancs = anc;
				return out;
			}
			sp--;
		}
	}
fail:
	ts_tree_cursor_delete(&c);
	free(out);
	free(stack);
	free(anc);
	*count = UINT32_MAX;
	return NULL;
}
*/
import "C"

import (
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// CapturesWithAncestors is Captures, and for each capture up to
// depth[capture name] of its node's ancestors, nearest first (fewer near
// the root). For queries that only list node types it costs one walk of
// the tree whatever the depth; other queries fall back to Parent.
func (q *Query) CapturesWithAncestors(n Node, depth map[string]int) ([]Capture, [][]Node) {
	if caps, ancs, ok := q.ancestorWalk(n, depth); ok {
		return caps, ancs
	}
	caps := q.Captures(n)
	ancs := make([][]Node, len(caps))
	for i, c := range caps {
		for p, k := c.Node.Parent(), 0; p.Valid() && k < depth[c.Name]; p, k = p.Parent(), k+1 {
			ancs[i] = append(ancs[i], p)
		}
	}
	return caps, ancs
}

func (q *Query) ancestorWalk(n Node, depth map[string]int) ([]Capture, [][]Node, bool) {
	l := q.types
	if l == nil || !layoutOK || !n.Valid() {
		return nil, nil, false
	}
	sn := (*nodeLayout)(unsafe.Pointer(n.n))
	root := sn.c
	l.once.Do(func() { l.resolve(root) })
	if !l.ok {
		return nil, nil, false
	}
	d := make([]C.uint8_t, len(q.typeNames))
	for i, name := range q.typeNames {
		d[i] = C.uint8_t(min(max(depth[name], 0), 255))
	}
	if nodes, ok := n.w.get(n); ok {
		caps, ancs := l.ancestorsWalk(n.w, nodes, q.typeNames, d)
		return caps, ancs, true
	}
	var count C.uint32_t
	var anc *C.ifl_node
	caps := C.ifl_collect_anc(root, &l.table[0], C.uint32_t(len(l.table)), &l.lists[0], &d[0], &count, &anc)
	if count == C.UINT32_MAX {
		return nil, nil, false
	}
	defer C.free(unsafe.Pointer(caps))
	defer C.free(unsafe.Pointer(anc))
	if count == 0 {
		return nil, nil, true
	}
	found := unsafe.Slice(caps, int(count))
	total := 0
	for _, c := range found {
		total += int(c.nanc)
	}
	var ancNodes []C.ifl_node
	if total > 0 {
		last := found[len(found)-1]
		ancNodes = unsafe.Slice(anc, int(last.anc+last.nanc))
	}
	out := make([]Capture, len(found))
	ancs := make([][]Node, len(found))
	nodes := make([]nodeLayout, len(found)+total)
	flat := make([]Node, total)
	k := len(found)
	for i, c := range found {
		nodes[i] = nodeLayout{c: c.node, t: sn.t}
		out[i] = Capture{Name: q.typeNames[c.capture], Node: Node{n: (*sitter.Node)(unsafe.Pointer(&nodes[i])), src: n.src}}
		start := k - len(found)
		for j := uint32(0); j < uint32(c.nanc); j++ {
			nodes[k] = nodeLayout{c: ancNodes[uint32(c.anc)+j], t: sn.t}
			flat[k-len(found)] = Node{n: (*sitter.Node)(unsafe.Pointer(&nodes[k])), src: n.src}
			k++
		}
		ancs[i] = flat[start : k-len(found) : k-len(found)]
	}
	return out, ancs, true
}

// Key identifies n within its tree without a call into tree-sitter: the
// same node always has the same key and two nodes of one tree never
// share one, so it serves as a map key where many nodes are compared.
type Key struct {
	id    unsafe.Pointer
	start uint32
}

// Key returns n's identity; the zero Node's is the zero Key.
func (n Node) Key() Key {
	if n.n == nil {
		return Key{}
	}
	if layoutOK {
		c := (*nodeLayout)(unsafe.Pointer(n.n)).c
		return Key{unsafe.Pointer(c.id), uint32(c.context[0])}
	}
	return Key{unsafe.Pointer(n.n), uint32(n.Start())}
}

// ancestorsWalk is ifl_collect_anc over the tree's walk (treewalk.go):
// the ancestors are the parent chain, nearest first.
func (l *typeList) ancestorsWalk(w *treeWalk, nodes []C.ifl_wnode, names []string, depth []C.uint8_t) ([]Capture, [][]Node) {
	type hit struct {
		i       int
		capture C.uint16_t
		nanc    int
	}
	var hits []hit
	total := 0
	nt := len(l.table)
	for i := range nodes {
		s := int(nodes[i].sym)
		if s >= nt || l.table[s] == 0 || nodes[i].end == 0 {
			continue
		}
		for k := int(l.table[s]) - 1; l.lists[k] != 0xFFFF; k++ {
			c := l.lists[k]
			na := 0
			for p := int(nodes[i].parent); p >= 0 && na < int(depth[c]); p = int(nodes[p].parent) {
				na++
			}
			hits = append(hits, hit{i, c, na})
			total += na
		}
	}
	if len(hits) == 0 {
		return nil, nil
	}
	out := make([]Capture, len(hits))
	ancs := make([][]Node, len(hits))
	all := make([]nodeLayout, len(hits)+total)
	flat := make([]Node, total)
	k, f := len(hits), 0
	for j, h := range hits {
		out[j] = Capture{Name: names[h.capture], Node: w.node(all, j, nodes[h.i].node)}
		start := f
		for p, m := int(nodes[h.i].parent), 0; m < h.nanc; p, m = int(nodes[p].parent), m+1 {
			flat[f] = w.node(all, k, nodes[p].node)
			k, f = k+1, f+1
		}
		ancs[j] = flat[start:f:f]
	}
	return out, ancs
}
