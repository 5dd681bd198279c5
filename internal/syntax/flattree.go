package syntax

// FlatTree is a tree copied into Go memory (Flatten) with each node's
// children indexed. Code that walks every node, or asks for the k-th
// child of a node with thousands of children (a minified file's
// program), then runs in linear time with no cgo call per step. The
// layout rule's tree model and the eslint indent port
// (internal/eslintindent) read their trees this way.
type FlatTree struct {
	// Nodes are the tree's nodes in pre-order; Nodes[0] is the root.
	Nodes []FlatNode
	kids  [][]int
	named [][]int
}

// NewFlatTree copies root's subtree.
func NewFlatTree(root Node) *FlatTree {
	t := &FlatTree{Nodes: root.Flatten()}
	t.kids = make([][]int, len(t.Nodes))
	t.named = make([][]int, len(t.Nodes))
	for i, n := range t.Nodes {
		if n.Parent >= 0 {
			t.kids[n.Parent] = append(t.kids[n.Parent], i)
			if n.Named {
				t.named[n.Parent] = append(t.named[n.Parent], i)
			}
		}
	}
	return t
}

// Children are the indexes of node i's children, in order.
func (t *FlatTree) Children(i int) []int { return t.kids[i] }

// Root is the tree's root node.
func (t *FlatTree) Root() FlatRef { return FlatRef{t, 0} }

// FlatRef is a node of a FlatTree, navigated as a Node is. An invalid
// FlatRef (the missing child, the root's parent) answers as the zero
// Node does: no type, no children.
type FlatRef struct {
	t *FlatTree
	i int
}

// absent is what an invalid FlatRef reads.
var absent = FlatNode{Parent: -1, First: -1, Next: -1}

func (n FlatRef) Valid() bool { return n.t != nil && n.i >= 0 && n.i < len(n.t.Nodes) }

func (n FlatRef) get() *FlatNode {
	if !n.Valid() {
		return &absent
	}
	return &n.t.Nodes[n.i]
}

// Index is the node's position in its tree's Nodes.
func (n FlatRef) Index() int      { return n.i }
func (n FlatRef) Type() string    { return n.get().Type }
func (n FlatRef) Start() int      { return n.get().Start }
func (n FlatRef) End() int        { return n.get().End }
func (n FlatRef) IsNamed() bool   { return n.get().Named }
func (n FlatRef) IsError() bool   { return n.get().Error }
func (n FlatRef) IsMissing() bool { return n.get().Missing }

func (n FlatRef) ChildCount() int {
	if !n.Valid() {
		return 0
	}
	return len(n.t.kids[n.i])
}

func (n FlatRef) Child(k int) FlatRef {
	if !n.Valid() || k < 0 || k >= len(n.t.kids[n.i]) {
		return FlatRef{n.t, -1}
	}
	return FlatRef{n.t, n.t.kids[n.i][k]}
}

func (n FlatRef) NamedChildCount() int {
	if !n.Valid() {
		return 0
	}
	return len(n.t.named[n.i])
}

func (n FlatRef) NamedChild(k int) FlatRef {
	if !n.Valid() || k < 0 || k >= len(n.t.named[n.i]) {
		return FlatRef{n.t, -1}
	}
	return FlatRef{n.t, n.t.named[n.i][k]}
}

// Field is the first child held under that field name.
func (n FlatRef) Field(name string) FlatRef {
	if n.Valid() {
		for _, c := range n.t.kids[n.i] {
			if n.t.Nodes[c].Field == name {
				return FlatRef{n.t, c}
			}
		}
	}
	return FlatRef{n.t, -1}
}

func (n FlatRef) Parent() FlatRef { return FlatRef{n.t, n.get().Parent} }

func (n FlatRef) NextSibling() FlatRef {
	if !n.Valid() {
		return n
	}
	return FlatRef{n.t, n.t.Nodes[n.i].Next}
}
