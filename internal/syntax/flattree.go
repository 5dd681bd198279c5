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
	kids  childLists
	named childLists
}

// NewFlatTree copies root's subtree.
func NewFlatTree(root Node) *FlatTree {
	t := &FlatTree{Nodes: root.Flatten()}
	t.kids, t.named = childIndex(t.Nodes)
	return t
}

// childLists are every node's child lists in one array, node i's at
// list[at[i]:at[i+1]]: two flat arrays without pointers, where a slice
// header per node (the lists before) tripled the index's memory and
// gave the collector a pointer per node to scan.
type childLists struct {
	at   []int32
	list []int
}

// of is node i's list, with its length as capacity so that no append
// can write into a neighbour's; nil when i has none.
func (c childLists) of(i int) []int {
	a, b := c.at[i], c.at[i+1]
	if a == b {
		return nil
	}
	return c.list[a:b:b]
}

// childIndex lists every node's children and named children, counted
// first, then filled in node order (a parent's children are in
// pre-order, so each list comes out in order).
func childIndex(nodes []FlatNode) (kids, named childLists) {
	n := len(nodes)
	kids.at, named.at = make([]int32, n+1), make([]int32, n+1)
	totalK, totalN := 0, 0
	for _, f := range nodes {
		if f.Parent >= 0 {
			kids.at[f.Parent+1]++
			totalK++
			if f.Named {
				named.at[f.Parent+1]++
				totalN++
			}
		}
	}
	for i := 1; i <= n; i++ {
		kids.at[i] += kids.at[i-1]
		named.at[i] += named.at[i-1]
	}
	kids.list, named.list = make([]int, totalK), make([]int, totalN)
	// at[p] serves as where p's next child goes while filling, which
	// leaves it at p's end, its neighbour's start: shifted back after.
	for i, f := range nodes {
		if p := f.Parent; p >= 0 {
			kids.list[kids.at[p]] = i
			kids.at[p]++
			if f.Named {
				named.list[named.at[p]] = i
				named.at[p]++
			}
		}
	}
	for i := n; i > 0; i-- {
		kids.at[i], named.at[i] = kids.at[i-1], named.at[i-1]
	}
	kids.at[0], named.at[0] = 0, 0
	return kids, named
}

// Children are the indexes of node i's children, in order.
func (t *FlatTree) Children(i int) []int { return t.kids.of(i) }

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
	return len(n.t.kids.of(n.i))
}

func (n FlatRef) Child(k int) FlatRef {
	if !n.Valid() || k < 0 || k >= len(n.t.kids.of(n.i)) {
		return FlatRef{n.t, -1}
	}
	return FlatRef{n.t, n.t.kids.of(n.i)[k]}
}

func (n FlatRef) NamedChildCount() int {
	if !n.Valid() {
		return 0
	}
	return len(n.t.named.of(n.i))
}

func (n FlatRef) NamedChild(k int) FlatRef {
	if !n.Valid() || k < 0 || k >= len(n.t.named.of(n.i)) {
		return FlatRef{n.t, -1}
	}
	return FlatRef{n.t, n.t.named.of(n.i)[k]}
}

// Field is the first child held under that field name.
func (n FlatRef) Field(name string) FlatRef {
	if n.Valid() {
		for _, c := range n.t.kids.of(n.i) {
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
