package syntax

// Node navigation straight through tree-sitter's C API. go-tree-sitter's
// accessors route every returned node through a per-tree map (an insert
// and an allocation per node), copy field names into C memory, and its
// tree cursor carries a finalizer; here each step is one cgo call and
// one small allocation. The C functions are the ones go-tree-sitter
// calls, so the nodes are the same.

/*
#include "tsapi.h"

// ifl_cursor_next moves a pre-order walk on: into the current node's
// children when descend is set, else (or when it has none) to the next
// sibling of it or of its nearest ancestor. It reports false at the end.
static bool ifl_cursor_next(ifl_cursor *c, bool descend, ifl_node *out) {
	if (!(descend && ts_tree_cursor_goto_first_child(c))) {
		while (!ts_tree_cursor_goto_next_sibling(c)) {
			if (!ts_tree_cursor_goto_parent(c)) return false;
		}
	}
	*out = ts_tree_cursor_current_node(c);
	return true;
}
*/
import "C"

import (
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

func (n Node) cnode() C.ifl_node { return (*nodeLayout)(unsafe.Pointer(n.n)).c }

// fromC wraps a node of n's tree; a null node is the zero Node.
func (n Node) fromC(c C.ifl_node) Node {
	if c.id == nil {
		return Node{}
	}
	l := &nodeLayout{c: c, t: (*nodeLayout)(unsafe.Pointer(n.n)).t}
	return Node{n: (*sitter.Node)(unsafe.Pointer(l)), src: n.src}
}

func (n Node) cChild(i int) Node { return n.fromC(C.ts_node_child(n.cnode(), C.uint32_t(i))) }
func (n Node) cNamedChild(i int) Node {
	return n.fromC(C.ts_node_named_child(n.cnode(), C.uint32_t(i)))
}
func (n Node) cParent() Node      { return n.fromC(C.ts_node_parent(n.cnode())) }
func (n Node) cNextSibling() Node { return n.fromC(C.ts_node_next_sibling(n.cnode())) }
func (n Node) cPrevSibling() Node { return n.fromC(C.ts_node_prev_sibling(n.cnode())) }

func (n Node) cField(name string) Node {
	// The name is only read during the call.
	p := (*C.char)(unsafe.Pointer(unsafe.StringData(name)))
	return n.fromC(C.ts_node_child_by_field_name(n.cnode(), p, C.uint32_t(len(name))))
}

// cWalk is Walk over a C tree cursor (see Walk); fn can also end the
// walk.
func (n Node) cWalk(fn func(Node) (descend, stop bool)) {
	cur := C.ts_tree_cursor_new(n.cnode())
	defer C.ts_tree_cursor_delete(&cur)
	c := C.ts_tree_cursor_current_node(&cur)
	for {
		descend, stop := fn(n.fromC(c))
		if stop || !bool(C.ifl_cursor_next(&cur, C.bool(descend), &c)) {
			return
		}
	}
}
