// Package syntax is iflint's only door to tree-sitter: it parses source
// into concrete syntax trees and offers the small node API the checkers
// need. Keeping go-tree-sitter behind this package lets the grammar
// binding change without touching any rule.
package syntax

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/c"
	"github.com/smacker/go-tree-sitter/cpp"
	"github.com/smacker/go-tree-sitter/csharp"
	"github.com/smacker/go-tree-sitter/golang"
	"github.com/smacker/go-tree-sitter/java"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/kotlin"
	"github.com/smacker/go-tree-sitter/lua"
	"github.com/smacker/go-tree-sitter/python"
	"github.com/smacker/go-tree-sitter/ruby"
	"github.com/smacker/go-tree-sitter/rust"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
	zig "github.com/tree-sitter-grammars/tree-sitter-zig/bindings/go"
	haskell "github.com/tree-sitter/tree-sitter-haskell/bindings/go"

	"github.com/iflint/iflint/internal/lang"
)

// ErrNoGrammar reports a language without a bundled tree-sitter grammar.
var ErrNoGrammar = errors.New("no tree-sitter grammar")

// grammars maps a language to a constructor; languages are built lazily
// because a few grammars (C#, Haskell) are large.
var grammars = map[lang.ID]func() *sitter.Language{
	lang.Python:     python.GetLanguage,
	lang.Java:       java.GetLanguage,
	lang.JavaScript: javascript.GetLanguage,
	lang.TypeScript: typescript.GetLanguage,
	lang.Go:         golang.GetLanguage,
	lang.Rust:       rust.GetLanguage,
	lang.C:          c.GetLanguage,
	lang.CPP:        cpp.GetLanguage,
	lang.CSharp:     csharp.GetLanguage,
	lang.Kotlin:     kotlin.GetLanguage,
	lang.Lua:        lua.GetLanguage,
	lang.Ruby:       ruby.GetLanguage,
	lang.Haskell:    func() *sitter.Language { return sitter.NewLanguage(haskell.Language()) },
	lang.Zig:        func() *sitter.Language { return sitter.NewLanguage(zig.Language()) },
	TSX:             tsx.GetLanguage,
}

// TSX is TypeScript with JSX (.tsx files), which the TypeScript grammar
// reads as errors: not a language of its own (lang.TypeScript covers
// .tsx), only a grammar a reader that judges JSX asks for by this ID.
const TSX lang.ID = "tsx"

type grammar struct {
	once  sync.Once
	lang  *sitter.Language
	pool  sync.Pool
	qmu   sync.Mutex
	query map[string]*Query
}

var loaded = func() map[lang.ID]*grammar {
	m := make(map[lang.ID]*grammar, len(grammars))
	for id := range grammars {
		m[id] = &grammar{query: map[string]*Query{}}
	}
	return m
}()

func get(id lang.ID) (*grammar, error) {
	g, ok := loaded[id]
	if !ok {
		return nil, fmt.Errorf("%s: %w", id, ErrNoGrammar)
	}
	g.once.Do(func() {
		g.lang = grammars[id]()
		l := g.lang
		g.pool.New = func() any {
			p := sitter.NewParser()
			p.SetLanguage(l)
			return p
		}
	})
	return g, nil
}

// Supported reports whether id has a grammar.
func Supported(id lang.ID) bool {
	_, ok := grammars[id]
	return ok
}

// Tree is a parsed source file. It is not safe for concurrent use.
type Tree struct {
	Lang lang.ID
	Src  []byte
	t    *sitter.Tree
	// walk is every node in pre-order, taken once for all the readers
	// of the root (treewalk.go).
	walk *treeWalk
}

// ErrParseBudget reports a parse that did not finish within its budget
// (see Budget).
var ErrParseBudget = errors.New("tree-sitter did not finish parsing")

// budgetBase and budgetPerByte make up Budget; tests lower budgetBase.
var (
	budgetBase    = 10 * time.Second
	budgetPerByte = 20 * time.Microsecond
)

// Budget is the longest one parse of n bytes may take. tree-sitter's
// error recovery can loop on some inputs with some grammars (the Zig
// grammar on the 14 bytes "0<0>AA%{let x%" never finishes), and a check
// must end, so every parse runs under tree-sitter's own timeout. The
// timeout is wall-clock time, which a loaded machine stretches (a 5 MB
// file that parses in under a second alone took over 15 s beside five
// other test binaries on 2 cores), so the budget is over an order of
// magnitude above a real file's parse even then (5 MB: 110 s) and only
// ever stops such loops; the file is then reported unverified with the
// reason.
func Budget(n int) time.Duration {
	return budgetBase + time.Duration(n)*budgetPerByte
}

// Parse parses src with the grammar of id, within Budget(len(src)) and
// until ctx is done.
func Parse(ctx context.Context, id lang.ID, src []byte) (*Tree, error) {
	return parse(ctx, id, nil, src)
}

// parse parses src, incrementally from old when it is not nil.
func parse(ctx context.Context, id lang.ID, old *sitter.Tree, src []byte) (*Tree, error) {
	g, err := get(id)
	if err != nil {
		return nil, err
	}
	p := g.pool.Get().(*sitter.Parser)
	budget := Budget(len(src))
	p.SetOperationLimit(int(budget / time.Microsecond))
	t, err := p.ParseCtx(ctx, old, src)
	if err != nil {
		// A stopped parser keeps partial state; drop it instead of reusing it.
		if errors.Is(err, sitter.ErrOperationLimit) {
			return nil, fmt.Errorf("parse %s: %w within %v (its error recovery loops on this input)", id, ErrParseBudget, budget.Round(time.Millisecond))
		}
		return nil, fmt.Errorf("parse %s: %w", id, err)
	}
	g.pool.Put(p)
	return &Tree{Lang: id, Src: src, t: t, walk: &treeWalk{tree: t, src: src}}, nil
}

// Close frees the tree's C memory now rather than when the garbage
// collector finalizes it: Go's heap does not see that memory, so a run
// over thousands of files would otherwise hold most of their trees at
// once. No node of the tree may be used afterwards.
func (t *Tree) Close() {
	t.walk.free()
	t.t.Close()
}

// Root returns the root node.
func (t *Tree) Root() Node { return Node{n: t.t.RootNode(), src: t.Src, w: t.walk} }

// HasError reports whether the parse contains ERROR or MISSING nodes.
func (t *Tree) HasError() bool { return t.t.RootNode().HasError() }

// Node is a syntax-tree node. The zero Node is "absent" (see Valid).
type Node struct {
	n   *sitter.Node
	src []byte
	// w is set on a tree's root (Tree.Root): queries over the whole
	// tree read its walk instead of walking again.
	w *treeWalk
}

// Point is a 0-based row and byte column.
type Point struct{ Row, Col int }

func wrap(n *sitter.Node, src []byte) Node {
	if n == nil || n.IsNull() {
		return Node{}
	}
	return Node{n: n, src: src}
}

// The accessors below treat the zero Node as absent: they return zero
// values instead of panicking, so a rule that follows a missing field in
// a broken parse degrades to "not found" rather than a crash.

func (n Node) Valid() bool { return n.n != nil }
func (n Node) Type() string {
	if n.n == nil {
		return ""
	}
	return n.n.Type()
}
func (n Node) IsNamed() bool   { return n.n != nil && n.n.IsNamed() }
func (n Node) IsError() bool   { return n.n != nil && n.n.IsError() }
func (n Node) IsMissing() bool { return n.n != nil && n.n.IsMissing() }
func (n Node) HasError() bool  { return n.n != nil && n.n.HasError() }
func (n Node) Start() int {
	if n.n == nil {
		return 0
	}
	if layoutOK {
		// ts_node_start_byte is the node's context[0]: read here, not
		// through a cgo call (a sixth of a Python tree's naming time).
		return int(n.cnode().context[0])
	}
	return int(n.n.StartByte())
}
func (n Node) End() int {
	if n.n == nil {
		return 0
	}
	return int(n.n.EndByte())
}
func (n Node) Text() string {
	if n.n == nil {
		return ""
	}
	return string(n.src[n.Start():n.n.EndByte()])
}
func (n Node) ChildCount() int {
	if n.n == nil {
		return 0
	}
	return int(n.n.ChildCount())
}
func (n Node) Child(i int) Node {
	if n.n == nil {
		return Node{}
	}
	if layoutOK {
		return n.cChild(i)
	}
	return wrap(n.n.Child(i), n.src)
}
func (n Node) NamedChildCount() int {
	if n.n == nil {
		return 0
	}
	return int(n.n.NamedChildCount())
}
func (n Node) NamedChild(i int) Node {
	if n.n == nil {
		return Node{}
	}
	if layoutOK {
		return n.cNamedChild(i)
	}
	return wrap(n.n.NamedChild(i), n.src)
}
func (n Node) Field(name string) Node {
	if n.n == nil {
		return Node{}
	}
	if layoutOK && name != "" {
		return n.cField(name)
	}
	return wrap(n.n.ChildByFieldName(name), n.src)
}

// FieldNameForChild names the field that child i fills, or "".
func (n Node) FieldNameForChild(i int) string {
	if n.n == nil {
		return ""
	}
	return n.n.FieldNameForChild(i)
}
func (n Node) Parent() Node {
	if n.n == nil {
		return Node{}
	}
	if layoutOK {
		return n.cParent()
	}
	return wrap(n.n.Parent(), n.src)
}
func (n Node) NextSibling() Node {
	if n.n == nil {
		return Node{}
	}
	if layoutOK {
		return n.cNextSibling()
	}
	return wrap(n.n.NextSibling(), n.src)
}
func (n Node) PrevSibling() Node {
	if n.n == nil {
		return Node{}
	}
	if layoutOK {
		return n.cPrevSibling()
	}
	return wrap(n.n.PrevSibling(), n.src)
}
func (n Node) StartPoint() Point {
	if n.n == nil {
		return Point{}
	}
	p := n.n.StartPoint()
	return Point{int(p.Row), int(p.Column)}
}
func (n Node) EndPoint() Point {
	if n.n == nil {
		return Point{}
	}
	p := n.n.EndPoint()
	return Point{int(p.Row), int(p.Column)}
}

// Children returns all children in order.
func (n Node) Children() []Node {
	c := n.ChildCount()
	out := make([]Node, 0, c)
	for i := 0; i < c; i++ {
		out = append(out, n.Child(i))
	}
	return out
}

// Walk visits n and its descendants in pre-order. Returning false from fn
// skips the node's children. It is iterative, so 10,000-deep trees are fine.
func (n Node) Walk(fn func(Node) bool) {
	if !n.Valid() {
		return
	}
	if layoutOK {
		n.cWalk(func(m Node) (bool, bool) { return fn(m), false })
		return
	}
	cur := sitter.NewTreeCursor(n.n)
	defer cur.Close()
	for {
		node := wrap(cur.CurrentNode(), n.src)
		if fn(node) && cur.GoToFirstChild() {
			continue
		}
		for !cur.GoToNextSibling() {
			if !cur.GoToParent() {
				return
			}
		}
	}
}

// Any reports whether some node in n's subtree satisfies pred.
func (n Node) Any(pred func(Node) bool) bool {
	found := false
	n.Walk(func(m Node) bool {
		if found {
			return false
		}
		if pred(m) {
			found = true
			return false
		}
		return true
	})
	return found
}

// Find collects the nodes of the given types in n's subtree, in order.
func (n Node) Find(types ...string) []Node {
	var out []Node
	n.Walk(func(m Node) bool {
		t := m.Type()
		for _, want := range types {
			if t == want {
				out = append(out, m)
				break
			}
		}
		return true
	})
	return out
}

// Copy is a second handle on t's tree (tree-sitter shares the nodes),
// for a reader that edits its copy (Reparse) while others read t. Each
// handle is closed on its own.
func (t *Tree) Copy() *Tree {
	c := t.t.Copy()
	return &Tree{Lang: t.Lang, Src: t.Src, t: c, walk: &treeWalk{tree: c, src: t.Src}}
}

// Edit names bytes [Start, End) of a source that were replaced by as
// many others, so that every offset after them still names the same
// byte (rustmacro's `name!(` read as `name (`).
type Edit struct{ Start, End int }

// Reparse parses src, which is t's source with the bytes edits name
// replaced (same length), reusing what the edits leave of t's tree:
// tree-sitter's incremental parse, which re-reads only the nodes around
// the edits and gives the tree a fresh parse gives. t is edited by it
// and only good for Close afterwards.
func (t *Tree) Reparse(ctx context.Context, src []byte, edits []Edit) (*Tree, error) {
	if len(edits) == 0 {
		return Parse(ctx, t.Lang, src)
	}
	var lineStarts []int // of src's lines, for the edits' points
	lineStarts = append(lineStarts, 0)
	for i, c := range src {
		if c == '\n' {
			lineStarts = append(lineStarts, i+1)
		}
	}
	point := func(off int) sitter.Point {
		r, _ := slices.BinarySearch(lineStarts, off+1)
		r-- // the last line starting at or before off
		return sitter.Point{Row: uint32(r), Column: uint32(off - lineStarts[r])}
	}
	for _, e := range edits {
		s, end := point(e.Start), point(e.End)
		t.t.Edit(sitter.EditInput{
			StartIndex: uint32(e.Start), OldEndIndex: uint32(e.End), NewEndIndex: uint32(e.End),
			StartPoint: s, OldEndPoint: end, NewEndPoint: end,
		})
	}
	return parse(ctx, t.Lang, t.t, src)
}
