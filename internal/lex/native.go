package lex

// A backtracking matcher for the plain part of regexp2's syntax. Most
// tokens (blanks, names, operators, punctuation, keyword lists) come from
// rules within it, and a regexp2 call costs a runner, two allocations and
// an interpreter start even for `\s+`. The matcher walks regexp2's own
// parse tree of the rule and tries alternatives, loop counts and
// continuations in the order regexp2's backtracking engine does, so the
// first match it finds is the one regexp2 returns. Anything outside the
// subset (case-insensitive nodes, general loops, back-references,
// conditionals, lookbehinds other than one rune, class or string) keeps
// the rule on regexp2, and so does a match that takes more than
// stepBudget steps, where regexp2's own match timeout could start to
// matter.

import (
	"github.com/alecthomas/chroma/v2"
	"github.com/dlclark/regexp2/v2/syntax"
)

// stepBudget bounds the work of one native match.
const stepBudget = 1 << 16

type native struct {
	root *syntax.RegexNode
}

// nativeOf returns the rule's native matcher, or nil.
func nativeOf(r *chroma.CompiledRule) *native {
	if r == nil || r.Regexp == nil || r.Regexp.RightToLeft() {
		return nil
	}
	tree, err := syntax.Parse(r.Regexp.String(), syntax.ParseOptions{})
	if err != nil || tree.Options&(syntax.RightToLeft|syntax.IgnoreCase|syntax.ECMAScript|syntax.RE2) != 0 {
		return nil
	}
	if !nativeOK(tree.Root) {
		return nil
	}
	// The tree is this matcher's own: give its classes regexp2's ASCII
	// lookup tables, as a compiled regexp2 program has.
	var sets []*syntax.CharSet
	var collect func(n *syntax.RegexNode)
	collect = func(n *syntax.RegexNode) {
		if n.Set != nil {
			sets = append(sets, n.Set)
		}
		for _, c := range n.Children {
			collect(c)
		}
	}
	collect(tree.Root)
	(&syntax.Code{Sets: sets}).PrepareCharSetASCIIBitmaps()
	return &native{root: tree.Root}
}

func nativeOK(n *syntax.RegexNode) bool {
	if n != nil && (n.T == syntax.NtPosLook || n.T == syntax.NtNegLook) && len(n.Children) == 1 &&
		n.Options&(syntax.IgnoreCase|syntax.ECMAScript|syntax.RE2) == 0 {
		// A lookbehind carries the right-to-left option itself.
		if (n.Options|n.Children[0].Options)&syntax.RightToLeft == 0 {
			return nativeOK(n.Children[0])
		}
		return behind(n.Children[0]) != nil
	}
	if n == nil || n.Options&(syntax.IgnoreCase|syntax.RightToLeft|syntax.ECMAScript|syntax.RE2) != 0 {
		return false
	}
	switch n.T {
	case syntax.NtOne, syntax.NtNotone, syntax.NtMulti, syntax.NtEmpty, syntax.NtNothing,
		syntax.NtOneloop, syntax.NtNotoneloop, syntax.NtOnelazy, syntax.NtNotonelazy,
		syntax.NtOneloopatomic, syntax.NtNotoneloopatomic,
		syntax.NtBol, syntax.NtEol, syntax.NtBoundary, syntax.NtNonboundary,
		syntax.NtBeginning, syntax.NtStart, syntax.NtEndZ, syntax.NtEnd, syntax.NtUpdateBumpalong:
		return len(n.Children) == 0
	case syntax.NtSet, syntax.NtSetloop, syntax.NtSetlazy, syntax.NtSetloopatomic:
		return n.Set != nil && len(n.Children) == 0
	case syntax.NtCapture, syntax.NtGroup, syntax.NtAtomic:
		return len(n.Children) == 1 && nativeOK(n.Children[0])
	case syntax.NtConcatenate, syntax.NtAlternate:
		for _, c := range n.Children {
			if !nativeOK(c) {
				return false
			}
		}
		return len(n.Children) > 0
	}
	return false
}

// behind returns a lookbehind's body when it is one rune, rune class or
// fixed string, the only lookbehinds matched natively.
func behind(n *syntax.RegexNode) *syntax.RegexNode {
	for n != nil && (n.T == syntax.NtCapture || n.T == syntax.NtGroup) && len(n.Children) == 1 {
		n = n.Children[0]
	}
	if n == nil || len(n.Children) != 0 || n.Options&syntax.IgnoreCase != 0 {
		return nil
	}
	switch n.T {
	case syntax.NtOne, syntax.NtNotone:
		return n
	case syntax.NtSet:
		if n.Set != nil {
			return n
		}
	case syntax.NtMulti:
		if len(n.Str) > 0 {
			return n
		}
	}
	return nil
}

// behindAt reports whether the lookbehind body b ends at pos.
func behindAt(b *syntax.RegexNode, text []rune, pos int) bool {
	if b.T != syntax.NtMulti {
		return pos > 0 && oneHas(b, text[pos-1])
	}
	if pos < len(b.Str) {
		return false
	}
	for i, c := range b.Str {
		if text[pos-len(b.Str)+i] != c {
			return false
		}
	}
	return true
}

// cont is a continuation: the node to match next and the continuation
// after it (-1: the match is complete).
type cont struct {
	n    *syntax.RegexNode
	next int32
}

type nativeRun struct {
	text  []rune
	start int
	ks    []cont
	steps int
}

var errBudget = struct{}{}

// match returns the end of the rule's match at pos (-1 for none), and
// ok=false when the step budget ran out.
func (m *native) match(r *nativeRun, text []rune, pos int) (end int, ok bool) {
	r.text, r.start, r.ks, r.steps = text, pos, r.ks[:0], 0
	defer func() {
		if p := recover(); p != nil {
			if p != errBudget {
				panic(p)
			}
			end, ok = -1, false
		}
	}()
	return r.run(m.root, pos, -1), true
}

func (r *nativeRun) push(n *syntax.RegexNode, next int32) int32 {
	r.ks = append(r.ks, cont{n, next})
	return int32(len(r.ks) - 1)
}

func (r *nativeRun) then(pos int, k int32) int {
	if k < 0 {
		return pos
	}
	c := r.ks[k]
	return r.run(c.n, pos, c.next)
}

func (r *nativeRun) wordAt(i int) bool {
	return i >= 0 && i < len(r.text) && syntax.IsWordChar(r.text[i])
}

func oneHas(n *syntax.RegexNode, c rune) bool {
	switch n.T {
	case syntax.NtOne, syntax.NtOneloop, syntax.NtOnelazy, syntax.NtOneloopatomic:
		return c == n.Ch
	case syntax.NtNotone, syntax.NtNotoneloop, syntax.NtNotonelazy, syntax.NtNotoneloopatomic:
		return c != n.Ch
	}
	return n.Set.CharIn(c)
}

// run matches n at pos followed by continuation k and returns the end of
// the whole match, or -1.
func (r *nativeRun) run(n *syntax.RegexNode, pos int, k int32) int {
	if r.steps++; r.steps > stepBudget {
		panic(errBudget)
	}
	text := r.text
	switch n.T {
	case syntax.NtCapture, syntax.NtGroup:
		return r.run(n.Children[0], pos, k)
	case syntax.NtConcatenate:
		next := k
		for i := len(n.Children) - 1; i > 0; i-- {
			next = r.push(n.Children[i], next)
		}
		return r.run(n.Children[0], pos, next)
	case syntax.NtAlternate:
		for _, c := range n.Children {
			if e := r.run(c, pos, k); e >= 0 {
				return e
			}
		}
		return -1
	case syntax.NtOne, syntax.NtNotone, syntax.NtSet:
		if pos < len(text) && oneHas(n, text[pos]) {
			return r.then(pos+1, k)
		}
		return -1
	case syntax.NtMulti:
		if len(text)-pos < len(n.Str) {
			return -1
		}
		for i, c := range n.Str {
			if text[pos+i] != c {
				return -1
			}
		}
		return r.then(pos+len(n.Str), k)
	case syntax.NtOneloop, syntax.NtNotoneloop, syntax.NtSetloop,
		syntax.NtOnelazy, syntax.NtNotonelazy, syntax.NtSetlazy,
		syntax.NtOneloopatomic, syntax.NtNotoneloopatomic, syntax.NtSetloopatomic:
		run := 0
		for run < n.N && pos+run < len(text) && oneHas(n, text[pos+run]) {
			run++
		}
		if run < n.M {
			return -1
		}
		switch n.T {
		case syntax.NtOneloopatomic, syntax.NtNotoneloopatomic, syntax.NtSetloopatomic:
			return r.then(pos+run, k)
		case syntax.NtOnelazy, syntax.NtNotonelazy, syntax.NtSetlazy:
			for j := n.M; j <= run; j++ {
				if e := r.then(pos+j, k); e >= 0 {
					return e
				}
			}
			return -1
		}
		for j := run; j >= n.M; j-- {
			if e := r.then(pos+j, k); e >= 0 {
				return e
			}
		}
		return -1
	case syntax.NtAtomic:
		e := r.run(n.Children[0], pos, -1)
		if e < 0 {
			return -1
		}
		return r.then(e, k)
	case syntax.NtPosLook, syntax.NtNegLook:
		var found bool
		if (n.Options|n.Children[0].Options)&syntax.RightToLeft != 0 {
			found = behindAt(behind(n.Children[0]), text, pos)
		} else {
			found = r.run(n.Children[0], pos, -1) >= 0
		}
		if found != (n.T == syntax.NtPosLook) {
			return -1
		}
		return r.then(pos, k)
	case syntax.NtEmpty, syntax.NtUpdateBumpalong:
		return r.then(pos, k)
	case syntax.NtNothing:
		return -1
	case syntax.NtStart:
		if pos != r.start {
			return -1
		}
	case syntax.NtBeginning:
		if pos != 0 {
			return -1
		}
	case syntax.NtBol:
		if pos > 0 && text[pos-1] != '\n' {
			return -1
		}
	case syntax.NtEol:
		if pos < len(text) && text[pos] != '\n' {
			return -1
		}
	case syntax.NtEnd:
		if pos < len(text) {
			return -1
		}
	case syntax.NtEndZ:
		if rest := len(text) - pos; rest > 1 || rest == 1 && text[pos] != '\n' {
			return -1
		}
	case syntax.NtBoundary, syntax.NtNonboundary:
		if (r.wordAt(pos-1) != r.wordAt(pos)) != (n.T == syntax.NtBoundary) {
			return -1
		}
	default:
		panic("lex: node type outside the native subset")
	}
	return r.then(pos, k)
}
