package syntax

/*
#include "tsapi.h"

const char *ts_tree_cursor_current_field_name(const ifl_cursor *);
uint32_t ts_node_start_byte(ifl_node);
bool ts_node_is_named(ifl_node);
bool ts_node_is_missing(ifl_node);
const char *ts_node_type(ifl_node);

// ifl_flat is one descendant as ifl_flatten records it.
typedef struct {
	const char *type, *field;
	uint32_t start, end, depth;
	uint16_t sym;
	uint8_t flags; // 1 named, 2 missing
} ifl_flat;

// ifl_flatten walks n's descendants in pre-order with one cursor and
// returns them (depth 1 for n's children) in a malloc'ed array the
// caller frees, and their number in *count: one cgo call for the whole
// tree instead of three for every node. NULL with *count 0 when n has
// no children or memory ran out (*count then UINT32_MAX).
static ifl_flat *ifl_flatten(ifl_node n, uint32_t *count) {
	*count = 0;
	ifl_cursor c = ts_tree_cursor_new(n);
	ifl_flat *buf = NULL;
	uint32_t len = 0, cap = 0, depth = 1;
	if (!ts_tree_cursor_goto_first_child(&c)) {
		ts_tree_cursor_delete(&c);
		return NULL;
	}
	for (;;) {
		if (len == cap) {
			uint32_t ncap = cap ? cap * 2 : 1024;
			ifl_flat *nb = realloc(buf, (size_t)ncap * sizeof(ifl_flat));
			if (!nb) {
				free(buf);
				ts_tree_cursor_delete(&c);
				*count = UINT32_MAX;
				return NULL;
			}
			buf = nb, cap = ncap;
		}
		ifl_node m = ts_tree_cursor_current_node(&c);
		ifl_flat *f = &buf[len++];
		f->sym = ts_node_symbol(m);
		f->type = ts_node_type(m);
		f->start = ts_node_start_byte(m);
		f->end = ts_node_end_byte(m);
		f->flags = (ts_node_is_named(m) ? 1 : 0) | (ts_node_is_missing(m) ? 2 : 0);
		f->field = ts_tree_cursor_current_field_name(&c);
		f->depth = depth;
		if (ts_tree_cursor_goto_first_child(&c)) {
			depth++;
			continue;
		}
		for (;;) {
			if (ts_tree_cursor_goto_next_sibling(&c)) {
				break;
			}
			if (depth <= 1 || !ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				*count = len;
				return buf;
			}
			depth--;
		}
	}
}
*/
import "C"

import (
	"slices"
	"unsafe"
)

// FlatNode is one node of a tree copied into Go memory by Flatten.
// Indexes refer to the same slice; -1 means none.
type FlatNode struct {
	Type                  string
	Field                 string // the field its parent holds it under, "" if none
	Start, End            int
	Parent, First, Next   int
	Named, Error, Missing bool
}

// Flatten copies n's subtree in pre-order with one tree cursor. Walking
// the copy costs no cgo call; tree-sitter resolves Child(i) from the
// first child on every call, so indexing the children of a node with
// thousands of them (a minified file's program) is quadratic.
func (n Node) Flatten() []FlatNode {
	if !n.Valid() {
		return nil
	}
	var out []FlatNode
	add := func(m Node, field string, parent int) int {
		out = append(out, FlatNode{Type: m.Type(), Field: field, Start: m.Start(), End: m.End(),
			Parent: parent, First: -1, Next: -1, Named: m.IsNamed(), Error: m.IsError(), Missing: m.IsMissing()})
		i := len(out) - 1
		if parent >= 0 {
			if out[parent].First < 0 {
				out[parent].First = i
			}
		}
		return i
	}
	if !layoutOK {
		// go-tree-sitter's own cursor, when the C layout mirror is off.
		var rec func(m Node, field string, parent int)
		rec = func(m Node, field string, parent int) {
			i := add(m, field, parent)
			prev := -1
			for k := 0; k < m.ChildCount(); k++ {
				j := len(out)
				rec(m.Child(k), m.FieldNameForChild(k), i)
				if prev >= 0 {
					out[prev].Next = j
				}
				prev = j
			}
		}
		rec(n, "", -1)
		return out
	}
	root := add(n, "", -1)
	if walk, ok := n.w.get(n); ok {
		return flattenWalk(out, walk, grammarNamesOf(n.cnode()))
	}
	var count C.uint32_t
	buf := C.ifl_flatten(n.cnode(), &count)
	if buf == nil {
		if count != 0 {
			panic("syntax: out of memory flattening a tree")
		}
		return out
	}
	defer C.free(unsafe.Pointer(buf))
	flat := unsafe.Slice(buf, int(count))
	out = slices.Grow(out, len(flat))
	name := cNames{}.name
	// stack[d] is the node last seen at depth d, last[d] the last child
	// added under it.
	stack, last := []int{root}, []int{-1}
	for k := range flat {
		f := &flat[k]
		d := int(f.depth)
		stack, last = stack[:d], last[:d]
		parent := stack[d-1]
		out = append(out, FlatNode{Type: name(f._type), Field: name(f.field), Start: int(f.start), End: int(f.end),
			Parent: parent, First: -1, Next: -1, Named: f.flags&1 != 0, Missing: f.flags&2 != 0,
			Error: f.sym == 0xFFFF})
		i := len(out) - 1
		if out[parent].First < 0 {
			out[parent].First = i
		}
		if p := last[d-1]; p >= 0 {
			out[p].Next = i
		}
		last[d-1] = i
		stack, last = append(stack, i), append(last, -1)
	}
	return out
}

// flattenWalk is Flatten of a tree's root from its walk (treewalk.go):
// out holds the root; the walk's node i is out's node i. Type and field
// names come from the grammar's tables by index (g).
func flattenWalk(out []FlatNode, walk []C.ifl_wnode, g *grammarNames) []FlatNode {
	out = slices.Grow(out, len(walk)-1)
	last := make([]int32, len(walk)) // the last child added under each node
	for i := range last {
		last[i] = -1
	}
	for i := 1; i < len(walk); i++ {
		f := &walk[i]
		parent := int(f.parent)
		out = append(out, FlatNode{Type: g.typeOf(f), Field: g.field(f.field), Start: int(f.start), End: int(f.end),
			Parent: parent, First: -1, Next: -1, Named: f.flags&1 != 0, Missing: f.flags&2 != 0,
			Error: f.sym == 0xFFFF})
		if out[parent].First < 0 {
			out[parent].First = i
		}
		if p := last[parent]; p >= 0 {
			out[p].Next = i
		}
		last[parent] = int32(i)
	}
	return out
}

// Children lists the indexes of node i's children in f.
func FlatChildren(f []FlatNode, i int) []int {
	var out []int
	for c := f[i].First; c >= 0; c = f[c].Next {
		out = append(out, c)
	}
	return out
}

// cNames converts the grammar's type and field names, static C strings,
// to Go strings once each.
type cNames map[*C.char]string

func (m cNames) name(p *C.char) string {
	if p == nil {
		return ""
	}
	s, ok := m[p]
	if !ok {
		s = C.GoString(p)
		m[p] = s
	}
	return s
}
