// The parts of tree-sitter's C API (api.h, as vendored by go-tree-sitter)
// that walk.go and nav.go call directly, with layout-compatible types.
// The symbols resolve against the runtime that go-tree-sitter links in.

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct { uint32_t context[4]; const void *id; const void *tree; } ifl_node;

// ifl_grow makes the array *p of *cap elements of size bytes hold at
// least need, doubling from 64; false when memory ran out (*p is then
// unchanged, for the caller to free).
static inline bool ifl_grow(void **p, uint32_t *cap, uint32_t need, size_t size) {
	if (need <= *cap) return true;
	uint32_t c = *cap ? *cap : 64;
	while (c < need) c *= 2;
	void *grown = realloc(*p, (size_t)c * size);
	if (!grown) return false;
	*p = grown;
	*cap = c;
	return true;
}
typedef struct { const void *tree; const void *id; uint32_t context[3]; } ifl_cursor;

// ifl_wnode is one node of a tree's walk (treewalk.go). Its type and
// field names are the grammar's names of sym and field (names.go).
typedef struct {
	ifl_node node;
	uint32_t start, end;
	int32_t parent;
	uint16_t sym;
	uint16_t field; // the field id its parent holds it under, 0 for none
	uint8_t flags;  // 1 named, 2 missing
} ifl_wnode;

// TSSymbolType's first two values.
enum { IFL_SYMBOL_REGULAR = 0, IFL_SYMBOL_ANONYMOUS = 1 };

ifl_cursor ts_tree_cursor_new(ifl_node);
void ts_tree_cursor_delete(ifl_cursor *);
bool ts_tree_cursor_goto_first_child(ifl_cursor *);
bool ts_tree_cursor_goto_next_sibling(ifl_cursor *);
bool ts_tree_cursor_goto_parent(ifl_cursor *);
ifl_node ts_tree_cursor_current_node(const ifl_cursor *);

uint16_t ts_node_symbol(ifl_node);
uint32_t ts_node_end_byte(ifl_node);
const void *ts_node_language(ifl_node);
ifl_node ts_node_child(ifl_node, uint32_t);
ifl_node ts_node_named_child(ifl_node, uint32_t);
ifl_node ts_node_parent(ifl_node);
ifl_node ts_node_next_sibling(ifl_node);
ifl_node ts_node_prev_sibling(ifl_node);
ifl_node ts_node_child_by_field_name(ifl_node, const char *, uint32_t);

uint32_t ts_language_symbol_count(const void *);
const char *ts_language_symbol_name(const void *, uint16_t);
uint32_t ts_language_field_count(const void *);
const char *ts_language_field_name_for_id(const void *, uint16_t);
uint16_t ts_language_symbol_for_name(const void *, const char *, uint32_t, bool);
int ts_language_symbol_type(const void *, uint16_t);
