package syntax

/*
#include "tsapi.h"

const char *ts_tree_cursor_current_field_name(const ifl_cursor *);
uint32_t ts_node_start_byte(ifl_node);
bool ts_node_is_named(ifl_node);
bool ts_node_is_missing(ifl_node);
const char *ts_node_type(ifl_node);

// ifl_flat_step reads the cursor's current node in one call: its symbol,
// type name, byte range, flags (1 named, 2 missing) and field name.
static void ifl_flat_step(ifl_cursor *c, uint16_t *sym, const char **type, uint32_t *start,
		uint32_t *end, uint8_t *flags, const char **field) {
	ifl_node n = ts_tree_cursor_current_node(c);
	*sym = ts_node_symbol(n);
	*type = ts_node_type(n);
	*start = ts_node_start_byte(n);
	*end = ts_node_end_byte(n);
	*flags = (ts_node_is_named(n) ? 1 : 0) | (ts_node_is_missing(n) ? 2 : 0);
	*field = ts_tree_cursor_current_field_name(c);
}
*/
import "C"

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
	cur := C.ts_tree_cursor_new(n.cnode())
	defer C.ts_tree_cursor_delete(&cur)
	stack := []int{add(n, "", -1)}
	last := []int{-1} // last child added at each depth
	// Type and field names are the grammar's static strings: convert
	// each once.
	names := map[*C.char]string{}
	name := func(p *C.char) string {
		if p == nil {
			return ""
		}
		s, ok := names[p]
		if !ok {
			s = C.GoString(p)
			names[p] = s
		}
		return s
	}
	var sym C.uint16_t
	var typ, field *C.char
	var start, end C.uint32_t
	var flags C.uint8_t
	child := func() {
		parent := stack[len(stack)-1]
		C.ifl_flat_step(&cur, &sym, &typ, &start, &end, &flags, &field)
		out = append(out, FlatNode{Type: name(typ), Field: name(field), Start: int(start), End: int(end),
			Parent: parent, First: -1, Next: -1, Named: flags&1 != 0, Missing: flags&2 != 0,
			Error: sym == 0xFFFF})
		i := len(out) - 1
		if out[parent].First < 0 {
			out[parent].First = i
		}
		if p := last[len(last)-1]; p >= 0 {
			out[p].Next = i
		}
		last[len(last)-1] = i
		stack = append(stack, i)
		last = append(last, -1)
	}
	if !bool(C.ts_tree_cursor_goto_first_child(&cur)) {
		return out
	}
	child()
	for {
		if bool(C.ts_tree_cursor_goto_first_child(&cur)) {
			child()
			continue
		}
		for {
			stack, last = stack[:len(stack)-1], last[:len(last)-1]
			if bool(C.ts_tree_cursor_goto_next_sibling(&cur)) {
				child()
				break
			}
			if !bool(C.ts_tree_cursor_goto_parent(&cur)) || len(stack) <= 1 {
				return out
			}
		}
	}
}

// Children lists the indexes of node i's children in f.
func FlatChildren(f []FlatNode, i int) []int {
	var out []int
	for c := f[i].First; c >= 0; c = f[c].Next {
		out = append(out, c)
	}
	return out
}
