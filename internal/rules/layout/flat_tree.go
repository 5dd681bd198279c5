package layout

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// ftree is a syntax tree copied into Go memory (syntax.Flatten) with each
// node's children indexed, so that the layout rules can navigate trees
// whose nodes have thousands of children (minified files) in linear time.
type ftree struct {
	f     []syntax.FlatNode
	kids  [][]int
	named [][]int
}

// unitFtree is u's tree for id as an ftree, copied once per unit.
func unitFtree(u *check.Unit, id lang.ID, root syntax.Node) *ftree {
	return u.Memo("layout.ftree."+string(id), func() any { return newFtree(root) }).(*ftree)
}

func newFtree(root syntax.Node) *ftree {
	t := &ftree{f: root.Flatten()}
	t.kids = make([][]int, len(t.f))
	t.named = make([][]int, len(t.f))
	for i, n := range t.f {
		if n.Parent >= 0 {
			t.kids[n.Parent] = append(t.kids[n.Parent], i)
			if n.Named {
				t.named[n.Parent] = append(t.named[n.Parent], i)
			}
		}
	}
	return t
}

// fnode is a node of an ftree with the navigation the rules use; the
// zero-index-minus-one node is "absent", as syntax's zero Node is.
type fnode struct {
	t *ftree
	i int
}

func (t *ftree) root() fnode { return fnode{t, 0} }

func (n fnode) Valid() bool { return n.t != nil && n.i >= 0 && n.i < len(n.t.f) }

func (n fnode) get() *syntax.FlatNode {
	if !n.Valid() {
		return &syntax.FlatNode{Parent: -1, First: -1, Next: -1}
	}
	return &n.t.f[n.i]
}

func (n fnode) Type() string    { return n.get().Type }
func (n fnode) Start() int      { return n.get().Start }
func (n fnode) End() int        { return n.get().End }
func (n fnode) IsNamed() bool   { return n.get().Named }
func (n fnode) IsError() bool   { return n.get().Error }
func (n fnode) IsMissing() bool { return n.get().Missing }

func (n fnode) ChildCount() int {
	if !n.Valid() {
		return 0
	}
	return len(n.t.kids[n.i])
}

func (n fnode) Child(k int) fnode {
	if !n.Valid() || k < 0 || k >= len(n.t.kids[n.i]) {
		return fnode{n.t, -1}
	}
	return fnode{n.t, n.t.kids[n.i][k]}
}

func (n fnode) NamedChildCount() int {
	if !n.Valid() {
		return 0
	}
	return len(n.t.named[n.i])
}

func (n fnode) NamedChild(k int) fnode {
	if !n.Valid() || k < 0 || k >= len(n.t.named[n.i]) {
		return fnode{n.t, -1}
	}
	return fnode{n.t, n.t.named[n.i][k]}
}

// Field is the first child held under that field name.
func (n fnode) Field(name string) fnode {
	if n.Valid() {
		for _, c := range n.t.kids[n.i] {
			if n.t.f[c].Field == name {
				return fnode{n.t, c}
			}
		}
	}
	return fnode{n.t, -1}
}

func (n fnode) Parent() fnode { return fnode{n.t, n.get().Parent} }

func (n fnode) NextSibling() fnode {
	if !n.Valid() {
		return n
	}
	return fnode{n.t, n.t.f[n.i].Next}
}
