package lex

// Start conditions of chroma's rule patterns, computed from regexp2's own
// parse tree of the compiled pattern (chroma compiles `\G(?flags)(?:p)`
// with regexp2.Compile and no options, and Regexp.String returns exactly
// that text): the first two runes a match can begin with, and whether it
// can only begin at a line start. Only nodes whose behaviour is plain to
// read are analysed; anything else (case-insensitive or right-to-left
// nodes, back-references, conditionals, unknown node types) leaves the
// rule unconstrained, so a condition can be too weak but never too strong.

import (
	"github.com/alecthomas/chroma/v2"
	"github.com/dlclark/regexp2/v2/syntax"
)

// atom is one rune's condition: a rune, any rune but one, or a class.
type atom struct {
	not bool
	ch  rune
	set *syntax.CharSet
}

func (a atom) has(r rune) bool {
	switch {
	case a.set != nil:
		return a.set.CharIn(r)
	case a.not:
		return r != a.ch
	}
	return r == a.ch
}

// depth is how many leading runes a prefix tracks.
const depth = 2

// prefix is what a match consumes first: up to depth runes, and whether
// whatever follows them is still unknown to the analysis (closed) or
// comes from the next node (open).
type prefix struct {
	atoms []atom
	open  bool
}

// maxPrefixes bounds the analysis of large alternations; beyond it the
// rule's start is left unconstrained.
const maxPrefixes = 512

// startSet tells where a rule may match. A nil *startSet allows every
// position.
type startSet struct {
	lineStart bool // only at the text's start or after '\n'
	any       bool // no condition on the runes
	first     [2]uint64
	// second[c] constrains the rune after an ASCII first rune c: 0 allows
	// any, k the ASCII runes in seconds[k-1]. Indices instead of pointers
	// keep the table out of the garbage collector's way.
	second   [128]uint8
	seconds  [][2]uint64
	prefixes []prefix // for runes outside ASCII
}

// may reports whether the rule can match at text[pos:].
func (s *startSet) may(text []rune, pos int) bool {
	if s == nil {
		return true
	}
	if s.lineStart && pos > 0 && text[pos-1] != '\n' {
		return false
	}
	if s.any {
		return true
	}
	r := text[pos]
	if r < 0 || r >= 128 {
		return s.slow(text, pos)
	}
	if s.first[r>>6]&(1<<(uint(r)&63)) == 0 {
		return false
	}
	k := s.second[r]
	if k == 0 {
		return true
	}
	if pos+1 >= len(text) {
		return false
	}
	if r1 := text[pos+1]; r1 >= 0 && r1 < 128 {
		return s.seconds[k-1][r1>>6]&(1<<(uint(r1)&63)) != 0
	}
	return s.slow(text, pos)
}

func (s *startSet) slow(text []rune, pos int) bool {
	for _, p := range s.prefixes {
		if !p.atoms[0].has(text[pos]) {
			continue
		}
		if len(p.atoms) == 1 || pos+1 < len(text) && p.atoms[1].has(text[pos+1]) {
			return true
		}
	}
	return false
}

// startSetOf returns the rule's start conditions, or nil to always try it.
func startSetOf(r *chroma.CompiledRule) *startSet {
	if r == nil || r.Regexp == nil || r.Regexp.RightToLeft() {
		return nil
	}
	tree, err := syntax.Parse(r.Regexp.String(), syntax.ParseOptions{})
	if err != nil || tree.Options&(syntax.RightToLeft|syntax.IgnoreCase) != 0 {
		return nil
	}
	s := &startSet{lineStart: atLineStart(tree.Root)}
	ps, ok := prefixes(tree.Root)
	for _, p := range ps {
		if len(p.atoms) == 0 {
			ok = false // can match without consuming a rune
		}
	}
	if !ok {
		if !s.lineStart {
			return nil
		}
		s.any = true
		return s
	}
	s.prefixes = ps
	for c := rune(0); c < 128; c++ {
		var sec [2]uint64
		anySecond, found := false, false
		for _, p := range ps {
			if !p.atoms[0].has(c) {
				continue
			}
			found = true
			if len(p.atoms) == 1 {
				anySecond = true
				break
			}
			for c1 := rune(0); c1 < 128; c1++ {
				if p.atoms[1].has(c1) {
					sec[c1>>6] |= 1 << (uint(c1) & 63)
				}
			}
		}
		if !found {
			continue
		}
		s.first[c>>6] |= 1 << (uint(c) & 63)
		if !anySecond {
			s.seconds = append(s.seconds, sec)
			s.second[c] = uint8(len(s.seconds))
		}
	}
	return s
}

// atLineStart reports whether every match of n starts where regexp2's
// multi-line ^ holds: at position 0 or after '\n' (\A, position 0 only,
// counts too).
func atLineStart(n *syntax.RegexNode) bool {
	if n == nil || n.Options&syntax.RightToLeft != 0 {
		return false
	}
	switch n.T {
	case syntax.NtBol, syntax.NtBeginning:
		return true
	case syntax.NtCapture, syntax.NtGroup, syntax.NtAtomic:
		return len(n.Children) == 1 && atLineStart(n.Children[0])
	case syntax.NtAlternate:
		for _, c := range n.Children {
			if !atLineStart(c) {
				return false
			}
		}
		return len(n.Children) > 0
	case syntax.NtConcatenate:
		for _, c := range n.Children {
			if atLineStart(c) {
				return true
			}
			if !zeroWidth(c) {
				return false
			}
		}
	}
	return false
}

// zeroWidth reports whether n never consumes a rune.
func zeroWidth(n *syntax.RegexNode) bool {
	switch n.T {
	case syntax.NtBol, syntax.NtEol, syntax.NtBoundary, syntax.NtNonboundary,
		syntax.NtECMABoundary, syntax.NtNonECMABoundary, syntax.NtBeginning,
		syntax.NtStart, syntax.NtEndZ, syntax.NtEnd, syntax.NtEmpty,
		syntax.NtUpdateBumpalong, syntax.NtPosLook, syntax.NtNegLook:
		return true
	}
	return false
}

// prefixes lists what a match of n can consume first, or ok=false when n
// is not analysed.
func prefixes(n *syntax.RegexNode) (ps []prefix, ok bool) {
	if n != nil && zeroWidth(n) {
		// Lookbehinds are right-to-left nodes, but consume nothing here.
		return []prefix{{open: true}}, true
	}
	if n == nil || n.Options&(syntax.RightToLeft|syntax.IgnoreCase) != 0 {
		return nil, false
	}
	switch n.T {
	case syntax.NtOne:
		return []prefix{{[]atom{{ch: n.Ch}}, true}}, true
	case syntax.NtNotone:
		return []prefix{{[]atom{{not: true, ch: n.Ch}}, true}}, true
	case syntax.NtSet:
		if n.Set == nil {
			return nil, false
		}
		return []prefix{{[]atom{{set: n.Set}}, true}}, true
	case syntax.NtMulti:
		var as []atom
		for _, r := range n.Str {
			if len(as) == depth {
				return []prefix{{as, false}}, true
			}
			as = append(as, atom{ch: r})
		}
		return []prefix{{as, true}}, true
	case syntax.NtOneloop, syntax.NtOnelazy, syntax.NtOneloopatomic:
		return repeat(atom{ch: n.Ch}, n.M, n.N), true
	case syntax.NtNotoneloop, syntax.NtNotonelazy, syntax.NtNotoneloopatomic:
		return repeat(atom{not: true, ch: n.Ch}, n.M, n.N), true
	case syntax.NtSetloop, syntax.NtSetlazy, syntax.NtSetloopatomic:
		if n.Set == nil {
			return nil, false
		}
		return repeat(atom{set: n.Set}, n.M, n.N), true
	case syntax.NtNothing:
		return nil, true // never matches
	case syntax.NtCapture, syntax.NtGroup, syntax.NtAtomic:
		// An atomic group matches a subset of what its body matches.
		if len(n.Children) != 1 {
			return nil, false
		}
		return prefixes(n.Children[0])
	case syntax.NtLoop, syntax.NtLazyloop:
		if len(n.Children) != 1 {
			return nil, false
		}
		body, ok := prefixes(n.Children[0])
		if !ok {
			return nil, false
		}
		if n.N != 1 {
			// Another iteration may follow: what comes after is unknown.
			closed := make([]prefix, len(body))
			for i, p := range body {
				closed[i] = prefix{p.atoms, false}
			}
			body = closed
		}
		if n.M == 0 {
			body = append(body, prefix{open: true})
		}
		return body, true
	case syntax.NtAlternate:
		for _, c := range n.Children {
			cps, ok := prefixes(c)
			if !ok || len(ps)+len(cps) > maxPrefixes {
				return nil, false
			}
			ps = append(ps, cps...)
		}
		return ps, true
	case syntax.NtConcatenate:
		ps = []prefix{{open: true}}
		for _, c := range n.Children {
			if !anyOpen(ps) {
				break
			}
			cps, ok := prefixes(c)
			if !ok {
				return nil, false
			}
			var next []prefix
			for _, p := range ps {
				if !p.open {
					next = append(next, p)
					continue
				}
				for _, cp := range cps {
					as := append(append([]atom(nil), p.atoms...), cp.atoms...)
					open := cp.open
					if len(as) >= depth {
						as, open = as[:depth], false
					}
					next = append(next, prefix{as, open})
				}
				if len(next) > maxPrefixes {
					return nil, false
				}
			}
			ps = next
		}
		return ps, true
	}
	return nil, false
}

func anyOpen(ps []prefix) bool {
	for _, p := range ps {
		if p.open {
			return true
		}
	}
	return false
}

// repeat lists the prefixes of a single-rune loop of m to n runs.
func repeat(a atom, m, n int) []prefix {
	var ps []prefix
	if m == 0 {
		ps = append(ps, prefix{open: true})
	}
	if m <= 1 && n >= 1 {
		ps = append(ps, prefix{[]atom{a}, true})
	}
	if n >= 2 {
		ps = append(ps, prefix{[]atom{a, a}, false})
	}
	return ps
}
