package syntax

import sitter "github.com/smacker/go-tree-sitter"

// FindFirst returns the first node of n's subtree, in pre-order, that
// satisfies pred, or the zero Node. Unlike Any over Walk it stops the
// traversal at the hit instead of visiting every remaining sibling, which
// matters on files with hundreds of thousands of top-level nodes.
func (n Node) FindFirst(pred func(Node) bool) Node {
	if !n.Valid() {
		return Node{}
	}
	if layoutOK {
		var hit Node
		n.cWalk(func(m Node) (bool, bool) {
			if pred(m) {
				hit = m
				return false, true
			}
			return true, false
		})
		return hit
	}
	cur := sitter.NewTreeCursor(n.n)
	defer cur.Close()
	for {
		node := wrap(cur.CurrentNode(), n.src)
		if pred(node) {
			return node
		}
		if cur.GoToFirstChild() {
			continue
		}
		for !cur.GoToNextSibling() {
			if !cur.GoToParent() {
				return Node{}
			}
		}
	}
}

// First runs q over n and returns the first captured node (in match
// order, which follows the document) that accept approves; accept may be
// nil. It stops at the hit, so an early match costs almost nothing, and
// matching runs in C, far faster than walking the tree from Go.
func (q *Query) First(n Node, accept func(Node) bool) Node {
	if !n.Valid() {
		return Node{}
	}
	if q.types != nil {
		if hit, ok := q.types.first(n, accept); ok {
			return hit
		}
	}
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(q.q, n.n)
	for {
		m, ok := qc.NextMatch()
		if !ok {
			return Node{}
		}
		if !holds(q.preds[m.PatternIndex], m.Captures, n.src) {
			continue
		}
		for _, c := range m.Captures {
			node := wrap(c.Node, n.src)
			if node.Valid() && (accept == nil || accept(node)) {
				return node
			}
		}
	}
}
