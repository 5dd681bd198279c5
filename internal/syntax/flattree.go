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
	t.kids, t.named = childIndex(t.Nodes)
	return t
}

// childIndex lists every node's children and named children. The lists
// are cut from two shared arrays, counted first, rather than grown one
// append at a time: a slice per node was most of NewFlatTree's time.
// Each list has its exact length as capacity, so no append can write
// into a neighbour's.
func childIndex(nodes []FlatNode) (kids, named [][]int) {
	nk, nn := make([]int, len(nodes)), make([]int, len(nodes))
	totalK, totalN := 0, 0
	for _, n := range nodes {
		if n.Parent >= 0 {
			nk[n.Parent]++
			totalK++
			if n.Named {
				nn[n.Parent]++
				totalN++
			}
		}
	}
	kids, named = make([][]int, len(nodes)), make([][]int, len(nodes))
	bufK, bufN := make([]int, totalK), make([]int, totalN)
	for i := range nodes {
		if nk[i] > 0 {
			kids[i], bufK = bufK[:0:nk[i]], bufK[nk[i]:]
		}
		if nn[i] > 0 {
			named[i], bufN = bufN[:0:nn[i]], bufN[nn[i]:]
		}
	}
	for i, n := range nodes {
		if n.Parent >= 0 {
			kids[n.Parent] = append(kids[n.Parent], i)
			if n.Named {
				named[n.Parent] = append(named[n.Parent], i)
			}
		}
	}
	return kids, named
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
