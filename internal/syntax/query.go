package syntax

import (
	"fmt"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/iflint/iflint/internal/lang"
)

// Query is a compiled tree-sitter query. Queries are compiled once per
// language and pattern text and shared by every parse.
type Query struct {
	q *sitter.Query
	// names and hasPredicates are read once at compile time: asking
	// tree-sitter per capture or per match is a cgo call and an allocation
	// each, which added up to a noticeable share of a replay.
	names         []string
	hasPredicates []bool
	// types is set for queries that only list node types; Captures then
	// walks the tree itself (walk.go).
	types     *typeList
	typeNames []string
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
	q := &Query{q: sq}
	for i := uint32(0); i < sq.CaptureCount(); i++ {
		q.names = append(q.names, sq.CaptureNameForId(i))
	}
	for i := uint32(0); i < sq.PatternCount(); i++ {
		q.hasPredicates = append(q.hasPredicates, len(sq.PredicatesForPattern(i)) > 0)
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
		if q.hasPredicates[m.PatternIndex] {
			m = qc.FilterPredicates(m, n.src)
		}
		for _, c := range m.Captures {
			out = append(out, Capture{Name: q.names[c.Index], Node: wrap(c.Node, n.src)})
		}
	}
	return out
}
