package syntax

// A query cursor pays for every node of the tree it passes (walk.go),
// about a third of the node's parse, however few nodes can start a
// match. Rooted captures run it only where a match can start: one C
// walk finds the nodes whose type is some pattern's root, and the
// cursor runs on each with a start depth of 0, so it reads that node
// and only as deep as its patterns' steps go. It gives the same matches
// as Captures (TestRootedCapturesMatchCursor compares them as sets for
// the naming queries of 12 grammars), grouped by the node they start at
// in pre-order instead of the order the whole-tree cursor finishes them.

/*
#include "tsapi.h"

typedef struct { ifl_node node; uint32_t index; } ifl_qcapture;
typedef struct { uint32_t id; uint16_t pattern_index; uint16_t capture_count; const ifl_qcapture *captures; } ifl_qmatch;

void *ts_query_cursor_new(void);
void ts_query_cursor_delete(void *);
void ts_query_cursor_exec(void *, const void *, ifl_node);
void ts_query_cursor_set_max_start_depth(void *, uint32_t);
bool ts_query_cursor_next_match(void *, ifl_qmatch *);

// ifl_rcap is one capture of a rooted run: its node, capture id, the
// match's pattern and the match's number in the run.
typedef struct { ifl_node node; uint32_t index, pattern, match; } ifl_rcap;

// ifl_rcaps is the growing result of a rooted run.
typedef struct { ifl_rcap *out; uint32_t n, cap, matches; } ifl_rcaps;

// ifl_run_at runs query from node only and appends its captures to r;
// false when memory ran out (r->out is then freed).
static bool ifl_run_at(void *qc, const void *query, ifl_node node, ifl_rcaps *r) {
	ts_query_cursor_exec(qc, query, node);
	ifl_qmatch m;
	while (ts_query_cursor_next_match(qc, &m)) {
		for (uint16_t k = 0; k < m.capture_count; k++) {
			if (!ifl_grow((void **)&r->out, &r->cap, r->n + 1, sizeof *r->out)) {
				free(r->out);
				r->out = NULL;
				return false;
			}
			r->out[r->n].node = m.captures[k].node;
			r->out[r->n].index = m.captures[k].index;
			r->out[r->n].pattern = m.pattern_index;
			r->out[r->n].match = r->matches;
			r->n++;
		}
		r->matches++;
	}
	return true;
}

// ifl_rooted walks root's subtree in pre-order and runs query from every
// visible node whose symbol is listed (roots[symbol] != 0; empty nodes at
// the very start are left out, as the query cursor's range leaves them),
// starting matches at that node only. It returns the captures in a
// malloc'ed array the caller frees, their number in *count (UINT32_MAX
// when memory ran out).
static ifl_rcap *ifl_rooted(ifl_node root, const void *query, const uint8_t *roots, uint32_t nroots, uint32_t *count) {
	ifl_rcaps r = {0};
	void *qc = ts_query_cursor_new();
	ts_query_cursor_set_max_start_depth(qc, 0);
	ifl_cursor c = ts_tree_cursor_new(root);
	for (;;) {
		ifl_node node = ts_tree_cursor_current_node(&c);
		uint16_t s = ts_node_symbol(node);
		if (s < nroots && roots[s] && ts_node_end_byte(node) > 0 && !ifl_run_at(qc, query, node, &r)) {
			ts_tree_cursor_delete(&c);
			ts_query_cursor_delete(qc);
			*count = UINT32_MAX;
			return NULL;
		}
		if (ts_tree_cursor_goto_first_child(&c)) continue;
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				ts_query_cursor_delete(qc);
				*count = r.n;
				return r.out;
			}
		}
	}
}

// ifl_rooted_walk is ifl_rooted over a tree's walk (treewalk.go)
// instead of a tree cursor: the same nodes in the same order.
static ifl_rcap *ifl_rooted_walk(const ifl_wnode *walk, uint32_t nwalk, const void *query, const uint8_t *roots, uint32_t nroots, uint32_t *count) {
	ifl_rcaps r = {0};
	void *qc = ts_query_cursor_new();
	ts_query_cursor_set_max_start_depth(qc, 0);
	for (uint32_t w = 0; w < nwalk; w++) {
		uint16_t s = walk[w].sym;
		if (!(s < nroots && roots[s] && walk[w].end > 0)) continue;
		if (!ifl_run_at(qc, query, walk[w].node, &r)) {
			ts_query_cursor_delete(qc);
			*count = UINT32_MAX;
			return NULL;
		}
	}
	ts_query_cursor_delete(qc);
	*count = r.n;
	return r.out;
}

uint32_t ts_query_pattern_count(const void *);
uint32_t ts_query_start_byte_for_pattern(const void *, uint32_t);
bool ts_query_is_pattern_rooted(const void *, uint32_t);
bool ts_query_is_pattern_non_local(const void *, uint32_t);
*/
import "C"

import (
	"reflect"
	"strings"
	"sync"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// queryLayout mirrors sitter.Query (unexported fields): the C query.
type queryLayout struct {
	c        unsafe.Pointer
	isClosed bool
}

var queryLayoutOK = func() bool {
	st, lt := reflect.TypeOf(sitter.Query{}), reflect.TypeOf(queryLayout{})
	if st.Size() != lt.Size() || st.NumField() != 2 {
		return false
	}
	c, cl := st.Field(0), st.Field(1)
	return c.Name == "c" && c.Offset == 0 && c.Type.Kind() == reflect.Pointer &&
		cl.Name == "isClosed" && cl.Offset == lt.Field(1).Offset && cl.Type.Kind() == reflect.Bool
}()

// rootSet is the symbols that can start a match of a query, resolved
// once per query (tree-sitter's symbol lookup, as typeList's).
type rootSet struct {
	once  sync.Once
	ok    bool
	table []C.uint8_t
}

// resolve decides whether q can run rooted, and from which symbols: every
// pattern must be rooted and local, with a plain node type (or several,
// in an alternation) at its root; a wildcard, a supertype, ERROR or a
// quantified root leaves the query to the whole-tree cursor.
func (r *rootSet) resolve(q *Query, root C.ifl_node) {
	if !queryLayoutOK || !layoutOK || q.text == "" {
		return
	}
	cq := (*queryLayout)(unsafe.Pointer(q.q)).c
	np := uint32(C.ts_query_pattern_count(cq))
	var items []typeItem
	for i := uint32(0); i < np; i++ {
		if !C.ts_query_is_pattern_rooted(cq, C.uint32_t(i)) || C.ts_query_is_pattern_non_local(cq, C.uint32_t(i)) {
			return
		}
		start := int(C.ts_query_start_byte_for_pattern(cq, C.uint32_t(i)))
		end := len(q.text)
		if i+1 < np {
			end = int(C.ts_query_start_byte_for_pattern(cq, C.uint32_t(i+1)))
		}
		if start < 0 || start > end || end > len(q.text) {
			return
		}
		its, ok := patternRoots(q.text[start:end])
		if !ok {
			return
		}
		items = append(items, its...)
	}
	lang := C.ts_node_language(root)
	count := uint32(C.ts_language_symbol_count(lang))
	table := make([]C.uint8_t, count)
	for _, it := range items {
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
		table[sym] = 1
	}
	r.table, r.ok = table, len(items) > 0
}

// patternRoots reads the node types one pattern's text can start with:
// `(type ...)`, a grouping `((type ...) @c (#pred ...))`, a string
// `"lit"`, or an alternation `[...]` of those.
func patternRoots(text string) ([]typeItem, bool) {
	p := &tlParser{s: text}
	its, ok := p.rootOf(0)
	if !ok {
		return nil, false
	}
	p.skip()
	return its, p.done()
}

// skip moves past blanks and comments.
func (p *tlParser) skip() {
	for {
		p.ws()
		if p.i < len(p.s) && p.s[p.i] == ';' {
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
			continue
		}
		return
	}
}

// rootOf reads one form and its captures and returns its root types.
func (p *tlParser) rootOf(depth int) ([]typeItem, bool) {
	if depth > 8 {
		return nil, false
	}
	p.skip()
	start := p.i
	var out []typeItem
	switch {
	case p.eat('['):
		for p.skip(); !p.eat(']'); p.skip() {
			its, ok := p.rootOf(depth + 1)
			if !ok {
				return nil, false
			}
			out = append(out, its...)
		}
	case p.eat('"'):
		lit := p.run(func(c byte) bool { return c != '"' && c != '\\' })
		if !p.eat('"') || lit == "" {
			return nil, false
		}
		out = []typeItem{{name: lit}}
	case p.eat('('):
		p.skip()
		if p.i < len(p.s) && (p.s[p.i] == '(' || p.s[p.i] == '[' || p.s[p.i] == '"') {
			// A grouping: its first form is the pattern's root (a
			// local, rooted pattern has just one node form).
			its, ok := p.rootOf(depth + 1)
			if !ok {
				return nil, false
			}
			out = its
			break
		}
		name := p.run(isIdentByte)
		if name == "" || name == "_" || name == "ERROR" || name == "MISSING" || p.i < len(p.s) && p.s[p.i] == '/' {
			return nil, false
		}
		out = []typeItem{{name: name, named: true}}
	default:
		return nil, false
	}
	p.i = start
	if !p.skipForm() || len(out) == 0 {
		return nil, false
	}
	return out, true
}

// skipForm moves past one form at p.i (a node, string or alternation)
// and the captures after it, failing on a quantifier: a repeated root
// can match several siblings, which a run from one node would not.
func (p *tlParser) skipForm() bool {
	p.skip()
	depth := 0
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch c {
		case '"':
			p.i++
			for p.i < len(p.s) && p.s[p.i] != '"' {
				if p.s[p.i] == '\\' {
					p.i++
				}
				p.i++
			}
		case ';':
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
			continue
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		}
		p.i++
		if depth == 0 && (c == ')' || c == ']' || c == '"') {
			break
		}
		if depth < 0 {
			return false
		}
	}
	for p.skip(); p.i < len(p.s) && p.s[p.i] == '@'; p.skip() {
		p.i++
		if _, ok := p.captureName(); !ok {
			return false
		}
	}
	return !(p.i < len(p.s) && strings.IndexByte("+*?", p.s[p.i]) >= 0)
}

// RootedCaptures returns the captures Captures returns, with the same
// predicates applied, grouped by the node each match starts at (in
// pre-order) rather than in the order the whole-tree cursor finishes
// the matches. A caller whose reading does not depend on that order
// gets the same result for a fraction of the cursor's walk.
func (q *Query) RootedCaptures(n Node) []Capture {
	if !n.Valid() {
		return nil
	}
	if q.types != nil || !layoutOK {
		return q.Captures(n)
	}
	root := n.cnode()
	q.roots.once.Do(func() { q.roots.resolve(q, root) })
	if !q.roots.ok {
		return q.Captures(n)
	}
	cq := (*queryLayout)(unsafe.Pointer(q.q)).c
	var count C.uint32_t
	var caps *C.ifl_rcap
	if nodes, ok := n.w.get(n); ok {
		caps = C.ifl_rooted_walk(&nodes[0], C.uint32_t(len(nodes)), cq, &q.roots.table[0], C.uint32_t(len(q.roots.table)), &count)
	} else {
		caps = C.ifl_rooted(root, cq, &q.roots.table[0], C.uint32_t(len(q.roots.table)), &count)
	}
	if count == C.UINT32_MAX {
		return q.Captures(n)
	}
	defer C.free(unsafe.Pointer(caps))
	if count == 0 {
		return nil
	}
	found := unsafe.Slice(caps, int(count))
	nodes := make([]nodeLayout, len(found))
	t := (*nodeLayout)(unsafe.Pointer(n.n)).t
	for i := range found {
		nodes[i] = nodeLayout{c: found[i].node, t: t}
	}
	out := make([]Capture, 0, len(found))
	var mcaps []sitter.QueryCapture
	for i := 0; i < len(found); {
		j := i
		for j < len(found) && found[j].match == found[i].match {
			j++
		}
		mcaps = mcaps[:0]
		for k := i; k < j; k++ {
			mcaps = append(mcaps, sitter.QueryCapture{Index: uint32(found[k].index), Node: (*sitter.Node)(unsafe.Pointer(&nodes[k]))})
		}
		if holds(q.preds[found[i].pattern], mcaps, n.src) {
			for k := i; k < j; k++ {
				out = append(out, Capture{Name: q.names[found[k].index], Node: Node{n: (*sitter.Node)(unsafe.Pointer(&nodes[k])), src: n.src}})
			}
		}
		i = j
	}
	return out
}
