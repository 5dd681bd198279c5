package syntax

import (
	"fmt"
	"slices"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/iflint/iflint/internal/lang"
)

// Query is a compiled tree-sitter query. Queries are compiled once per
// language and pattern text and shared by every parse.
type Query struct {
	q *sitter.Query
	// names and preds are read once at compile time: asking tree-sitter
	// per capture or per match is a cgo call and an allocation each,
	// which added up to a noticeable share of a replay.
	names []string
	preds [][]predicate
	// types is set for queries that only list node types; Captures then
	// walks the tree itself (walk.go).
	types     *typeList
	typeNames []string
	// text is the pattern source; roots the symbols its matches can
	// start at, for RootedCaptures (rooted.go).
	text  string
	roots rootSet
}

// Capture is one named node captured by a query match.
type Capture struct {
	Name string
	Node Node
}

// CompileQuery compiles (or returns the cached) query for a language.
func CompileQuery(id lang.ID, pattern string) (*Query, error) {
	g, err := get(id)
	if err != nil {
		return nil, err
	}
	g.qmu.Lock()
	defer g.qmu.Unlock()
	if q, ok := g.query[pattern]; ok {
		return q, nil
	}
	sq, err := sitter.NewQuery([]byte(pattern), g.lang)
	if err != nil {
		return nil, fmt.Errorf("query for %s: %w", id, err)
	}
	q := &Query{q: sq, text: pattern}
	for i := uint32(0); i < sq.CaptureCount(); i++ {
		q.names = append(q.names, sq.CaptureNameForId(i))
	}
	if q.preds, err = readPredicates(sq); err != nil {
		return nil, fmt.Errorf("query for %s: %w", id, err)
	}
	if items, names, ok := parseTypeList(pattern); ok {
		q.types, q.typeNames = &typeList{items: items}, names
	}
	g.query[pattern] = q
	return q, nil
}

// MustQuery is CompileQuery for patterns embedded in the binary, where a
// failure is a programming error caught by tests.
func MustQuery(id lang.ID, pattern string) *Query {
	q, err := CompileQuery(id, pattern)
	if err != nil {
		panic(err)
	}
	return q
}

// Captures runs q over n and returns every capture, with #eq?/#match?
// predicates applied, in document order per match.
func (q *Query) Captures(n Node) []Capture {
	if !n.Valid() {
		return nil
	}
	if q.types != nil {
		if out, ok := q.types.captures(n, q.typeNames); ok {
			return out
		}
	}
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(q.q, n.n)
	var out []Capture
	for {
		m, ok := qc.NextMatch()
		if !ok {
			break
		}
		if !holds(q.preds[m.PatternIndex], m.Captures, n.src) {
			continue
		}
		for _, c := range m.Captures {
			out = append(out, Capture{Name: q.names[c.Index], Node: wrap(c.Node, n.src)})
		}
	}
	return out
}

// NamedTypes lists, sorted and once each, the named node types of id's
// grammar that can appear in a tree (hidden rules, whose names start
// with "_", never do). A caller that selects node types by their names'
// shape builds a node-type-list query from them once, and Captures then
// finds those nodes in one pass in C instead of a Go callback per node.
func NamedTypes(id lang.ID) ([]string, error) {
	g, err := get(id)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for s := uint32(0); s < g.lang.SymbolCount(); s++ {
		sym := sitter.Symbol(s)
		name := g.lang.SymbolName(sym)
		if g.lang.SymbolType(sym) != sitter.SymbolTypeRegular || name == "" || name[0] == '_' || seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, name)
	}
	slices.Sort(out)
	return out, nil
}
