package syntax

import (
	"bytes"
	"fmt"
	"regexp"

	sitter "github.com/smacker/go-tree-sitter"
)

// A query's #eq?, #not-eq?, #match? and #not-match? predicates, read
// once when the query is compiled. go-tree-sitter's FilterPredicates
// reads them from C and compiles every #match? regular expression again
// for each match, which on a large tree cost as much as the matching.
// holds decides exactly as FilterPredicates does (an operator it does not
// know holds).
type predicate struct {
	negate bool
	left   uint32 // capture index
	right  int    // capture index, or -1 for a string value
	value  []byte
	re     *regexp.Regexp // #match? and #not-match?
}

// readPredicates returns the predicates of each of sq's patterns.
func readPredicates(sq *sitter.Query) ([][]predicate, error) {
	out := make([][]predicate, sq.PatternCount())
	for i := range out {
		for _, steps := range sq.PredicatesForPattern(uint32(i)) {
			if len(steps) < 3 || steps[0].Type != sitter.QueryPredicateStepTypeString || steps[1].Type != sitter.QueryPredicateStepTypeCapture {
				continue
			}
			op := sq.StringValueForId(steps[0].ValueId)
			p := predicate{left: steps[1].ValueId, right: -1}
			switch op {
			case "eq?", "not-eq?":
				p.negate = op == "not-eq?"
				if steps[2].Type == sitter.QueryPredicateStepTypeCapture {
					p.right = int(steps[2].ValueId)
				} else {
					p.value = []byte(sq.StringValueForId(steps[2].ValueId))
				}
			case "match?", "not-match?":
				p.negate = op == "not-match?"
				re, err := regexp.Compile(sq.StringValueForId(steps[2].ValueId))
				if err != nil {
					return nil, fmt.Errorf("pattern %d: #%s: %w", i, op, err)
				}
				p.re = re
			default:
				continue
			}
			out[i] = append(out[i], p)
		}
	}
	return out, nil
}

// holds reports whether a match's captures satisfy every predicate.
func holds(preds []predicate, caps []sitter.QueryCapture, src []byte) bool {
	text := func(c sitter.QueryCapture) []byte { return src[c.Node.StartByte():c.Node.EndByte()] }
	for _, p := range preds {
		if p.right >= 0 {
			// Two captures: the first match that has both decides.
			var l, r *sitter.QueryCapture
			for i := range caps {
				if caps[i].Index == p.left {
					l = &caps[i]
				}
				if int(caps[i].Index) == p.right {
					r = &caps[i]
				}
				if l != nil && r != nil {
					if bytes.Equal(text(*l), text(*r)) == p.negate {
						return false
					}
					break
				}
			}
			continue
		}
		// A capture against a value: every capture of that name must hold.
		for _, c := range caps {
			if c.Index != p.left {
				continue
			}
			var ok bool
			if p.re != nil {
				ok = p.re.Match(text(c))
			} else {
				ok = bytes.Equal(text(c), p.value)
			}
			if ok == p.negate {
				return false
			}
		}
	}
	return true
}
