package syntaxuse

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// How the three rules search the code: one parse per unit and language,
// a tree-sitter query per pattern, and a look at the raw bytes first,
// which settles most absent names without touching the tree. The
// reference evaluator strips comments with Pygments before parsing;
// tree-sitter keeps comments as separate nodes that never contain calls,
// imports or operators, so parsing the unit as-is gives the same answers
// without paying for a lexer.

// parsedRoot parses u as id (once per unit). When the language has no
// grammar or parsing failed (e.g. cancelled) it returns instead the
// Unverified result to give.
func parsedRoot(u *check.Unit, id lang.ID) (syntax.Node, *check.Result) {
	t, err := u.Tree(id)
	if err != nil {
		r := check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: fmt.Sprintf("cannot parse as %s: %v", id, err)}
		return syntax.Node{}, &r
	}
	return t.Root(), nil
}

// nodePattern selects nodes by named type or, when token is set, the
// anonymous token with that text (a keyword or operator).
type nodePattern struct {
	types []string
	token string
}

func nodesOf(types ...string) nodePattern { return nodePattern{types: types} }
func tokenOf(tok string) nodePattern      { return nodePattern{token: tok} }

// query renders the pattern as a tree-sitter query capturing @x.
func (p nodePattern) query() string {
	if p.token != "" {
		return strconv.Quote(p.token) + " @x"
	}
	alts := make([]string, len(p.types))
	for i, t := range p.types {
		alts[i] = "(" + t + ")"
	}
	return "[" + strings.Join(alts, " ") + "] @x"
}

func (p nodePattern) matches(n syntax.Node) bool {
	if p.token != "" {
		return !n.IsNamed() && n.Type() == p.token
	}
	if !n.IsNamed() {
		return false
	}
	t := n.Type()
	for _, w := range p.types {
		if t == w {
			return true
		}
	}
	return false
}

// firstMatch returns the first node selected by p that accept (if not
// nil) approves. It runs a tree-sitter query, compiled once per language:
// queries match in C, while walking every node from Go costs more than
// parsing. But the query cursor slows down quadratically with nesting
// depth, so on pathologically nested input (hundreds of open brackets)
// the tree is walked instead. Patterns are constants of this package,
// compiled by the tests for every language, so a compile error is a
// programming error.
//
// It charges u's work meter per node it walks and per match it offers
// accept; the query cursor's own pass over the tree (in C, not counted
// node by node) is charged as one unit per byte of the source, which
// bounds the nodes it visits.
func firstMatch(u *check.Unit, root syntax.Node, id lang.ID, p nodePattern, accept func(syntax.Node) bool) (syntax.Node, bool) {
	m := work.Of(u)
	var hit syntax.Node
	if deeplyNested(u) {
		hit = root.FindFirst(func(n syntax.Node) bool {
			m.Add(1)
			return p.matches(n) && (accept == nil || accept(n))
		})
	} else {
		m.Add(len(u.Src))
		counted := accept
		if accept != nil {
			counted = func(n syntax.Node) bool { m.Add(1); return accept(n) }
		}
		hit = syntax.MustQuery(id, p.query()).First(root, counted)
	}
	return hit, hit.Valid()
}

// srcLacks reports whether some needle does not occur in the source at
// all. Every match the rules look for contains its name or token
// verbatim, so a missing needle settles the question without touching
// the tree, which on a large file is most of the cost of an absent
// feature. fold compares case-insensitively.
func srcLacks(u *check.Unit, fold bool, needles ...string) bool {
	src := u.Src
	work.Of(u).Add(len(src) * max(len(needles), 1))
	if fold {
		src = u.Memo("syntax.lowerSrc", func() any { return bytes.ToLower(u.Src) }).([]byte)
	}
	for _, n := range needles {
		if fold {
			n = strings.ToLower(n)
		}
		if !bytes.Contains(src, []byte(n)) {
			return true
		}
	}
	return false
}

// maxQueryDepth is the bracket nesting beyond which firstMatch walks.
const maxQueryDepth = 256

// deeplyNested reports whether brackets in the source nest deeper than
// maxQueryDepth. Brackets in strings and comments count too; that only
// sends a few odd files down the slower, equally correct path.
func deeplyNested(u *check.Unit) bool {
	return u.Memo("syntax.deeplyNested", func() any {
		work.Of(u).Add(len(u.Src))
		depth := 0
		for _, b := range u.Src {
			switch b {
			case '(', '[', '{':
				depth++
				if depth > maxQueryDepth {
					return true
				}
			case ')', ']', '}':
				if depth > 0 {
					depth--
				}
			}
		}
		return false
	}).(bool)
}
