package syntax

// A tree's walk (treewalk.go) records each node's symbol and field id,
// not its type and field names: ts_node_type costs a symbol lookup of
// its own on every node (a sixth of the walk), and the flat copy turned
// each name pointer into a Go string through a map. A grammar's names
// are read once here and indexed.

/*
#include "tsapi.h"

const char *ts_node_type(ifl_node);
*/
import "C"

import (
	"sync"
	"unsafe"
)

// grammarNames are one grammar's node type names by (public) symbol and
// its field names by id.
type grammarNames struct {
	types, fields []string
}

var grammarNameCache sync.Map // the grammar's TSLanguage pointer → *grammarNames

// grammarNamesOf returns the names of n's grammar, read on first use.
func grammarNamesOf(n C.ifl_node) *grammarNames {
	lang := C.ts_node_language(n)
	if v, ok := grammarNameCache.Load(lang); ok {
		return v.(*grammarNames)
	}
	g := &grammarNames{}
	count := int(C.ts_language_symbol_count(lang))
	g.types = make([]string, count)
	for s := 0; s < count; s++ {
		if p := C.ts_language_symbol_name(lang, C.uint16_t(s)); p != nil {
			g.types[s] = C.GoString(p)
		}
	}
	fields := int(C.ts_language_field_count(lang))
	g.fields = make([]string, fields+1) // ids count from 1
	for f := 1; f <= fields; f++ {
		if p := C.ts_language_field_name_for_id(lang, C.uint16_t(f)); p != nil {
			g.fields[f] = C.GoString(p)
		}
	}
	v, _ := grammarNameCache.LoadOrStore(unsafe.Pointer(lang), g)
	return v.(*grammarNames)
}

// typeOf is ts_node_type of a walked node: the name of its symbol
// (ts_node_symbol is the public symbol, which shares its name with the
// symbols it stands for; TestFlattenMatchesNavigation holds the two
// equal), "ERROR" for an error node.
func (g *grammarNames) typeOf(w *C.ifl_wnode) string {
	switch {
	case w.sym == 0xFFFF:
		return "ERROR"
	case int(w.sym) < len(g.types):
		return g.types[w.sym]
	}
	return C.GoString(C.ts_node_type(w.node))
}

// field is the name of field id f, "" for none.
func (g *grammarNames) field(f C.uint16_t) string {
	if int(f) < len(g.fields) {
		return g.fields[f]
	}
	return ""
}
