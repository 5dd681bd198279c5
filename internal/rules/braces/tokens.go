package braces

import (
	"sort"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// The tokens the brace reading looks at, and how it steps from one to
// the code beside it: only blanks and comments separate a token from
// the next, so the text says where that code ends or starts.

// braceTok is a token the reading looks at: a brace, a continuation
// keyword or a ":" (which ends a case label).
type token struct {
	node       syntax.Node
	typ        string
	start, end int
	anc        []syntax.Node // nearest first, as many as the reading needs
}

// up is the token's i-th ancestor (0: its parent), or the zero Node.
func (t token) up(i int) syntax.Node {
	if i < len(t.anc) {
		return t.anc[i]
	}
	return syntax.Node{}
}

// braceAncestors is how far up the reading looks from each kind of
// token: a brace's block, wrappers, the block's construct and its parent;
// a "}"'s block, clause and statement; a keyword's clause and statement;
// a ":"'s label.
var ancestors = map[string]int{"open": 6, "close": 3, "keyword": 2, "colon": 1}

// braceCaptureType is the token type each capture of the token query
// holds; keywords are told apart by their type.
var captureType = map[string]string{"open": "{", "close": "}", "colon": ":"}

// braceTokens are the tokens of one tree, in source order, and its
// comments; the code between them is found by reading the text, where
// only blanks and comments separate one token from the next.
type tokens struct {
	list     []token
	at       map[int]int // token start → index in list
	comments [][2]int    // sorted, disjoint
	// firstOpen maps a node to its own first "{" (the node key of the
	// brace's parent): a block nested in such a node is one of its
	// statements or members, not its body.
	firstOpen map[syntax.Key]int
	// lastClose maps a node to its own last "}" (index in list).
	lastClose map[syntax.Key]int
}

func tokensOf(root syntax.Node, id lang.ID, bl *language, m *work.Meter) *tokens {
	caps, ancs := bl.query(id).CapturesWithAncestors(root, ancestors)
	m.Add(len(caps))
	out := &tokens{at: make(map[int]int, len(caps)), firstOpen: make(map[syntax.Key]int, len(caps)/3), lastClose: make(map[syntax.Key]int, len(caps)/3)}
	for ci, c := range caps {
		n := c.Node
		start, end := n.Start(), n.End()
		if end == start {
			continue // MISSING
		}
		if c.Name == "comment" {
			if k := len(out.comments); k > 0 && out.comments[k-1][1] > start {
				continue // a comment inside a comment (a doc comment's parts)
			}
			out.comments = append(out.comments, [2]int{start, end})
			continue
		}
		t := token{node: n, typ: captureType[c.Name], start: start, end: end, anc: ancs[ci]}
		if t.typ == "" {
			t.typ = n.Type() // a keyword
		}
		switch t.typ {
		case "{":
			k := t.up(0).Key()
			if _, ok := out.firstOpen[k]; !ok {
				out.firstOpen[k] = t.start
			}
		case "}":
			out.lastClose[t.up(0).Key()] = len(out.list)
		}
		out.at[t.start] = len(out.list)
		out.list = append(out.list, t)
	}
	return out
}

// row is the 0-based line of off.
func (a *reading) row(off int) int {
	a.m.Add(1 + work.Log(len(a.lines)))
	return sort.SearchInts(a.lines, off+1) - 1
}

// comment returns the comment holding off, if any.
func (a *reading) comment(off int) ([2]int, bool) {
	cs := a.toks.comments
	a.m.Add(1 + work.Log(len(cs)))
	i := sort.Search(len(cs), func(i int) bool { return cs[i][1] > off })
	if i < len(cs) && cs[i][0] <= off {
		return cs[i], true
	}
	return [2]int{}, false
}

// prevCode is the end of the code before off (blanks and comments
// skipped), or -1 at the start of the file.
func (a *reading) prevCode(off int) int {
	from := off
	defer func() { a.m.Add(1 + from - max(off, 0)) }()
	for off > 0 {
		b := a.src[off-1]
		if isBlank(b) {
			off--
			continue
		}
		if c, ok := a.comment(off - 1); ok {
			off = c[0]
			continue
		}
		return off
	}
	return -1
}

// nextCode is the start of the code after off (blanks and comments
// skipped), or len(src).
func (a *reading) nextCode(off int) int {
	from := off
	defer func() { a.m.Add(1 + off - from) }()
	for off < len(a.src) {
		if isBlank(a.src[off]) {
			off++
			continue
		}
		if c, ok := a.comment(off); ok {
			off = c[1]
			continue
		}
		return off
	}
	return len(a.src)
}

func isBlank(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}

// tokAt returns the token starting at off, if the reading keeps one.
func (a *reading) tokAt(off int) (token, bool) {
	i, ok := a.toks.at[off]
	if !ok {
		return token{}, false
	}
	return a.toks.list[i], true
}
