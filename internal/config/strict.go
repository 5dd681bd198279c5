package config

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// strict prepares a decoded document for the parsers: every alias is
// replaced by the value it names, and a key repeated in a mapping is an
// error naming both lines.
//
// yaml.v3 hands a Node tree over as written: an alias is a node whose
// Value is the alias's name ("*s" reads as "s"), so a parser that reads
// Value would check, and quote in its messages, the name instead of the
// value; and a mapping keeps both copies of a repeated key, so a second
// `constraints:` silently adds to the first and a second `profile:`
// silently wins. Each node is visited once, however many aliases name
// it, so a document of aliases of aliases (a "billion laughs") costs
// what its text costs.
func strict(file string, n *yaml.Node) error {
	return resolve(file, n, map[*yaml.Node]bool{})
}

func resolve(file string, n *yaml.Node, seen map[*yaml.Node]bool) error {
	if seen[n] {
		return nil
	}
	seen[n] = true
	for i, c := range n.Content {
		if c.Kind != yaml.AliasNode {
			if err := resolve(file, c, seen); err != nil {
				return err
			}
			continue
		}
		target := c.Alias
		if target == nil {
			return &Error{File: file, Line: c.Line, Msg: fmt.Sprintf("alias *%s names no anchor", c.Value)}
		}
		if err := resolve(file, target, seen); err != nil {
			return err
		}
		// A copy stands where the alias stood, so that a message about
		// the value points at the line that uses it.
		v := *target
		v.Anchor = ""
		v.Line, v.Column = c.Line, c.Column
		n.Content[i] = &v
	}
	if n.Kind == yaml.MappingNode {
		first := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode {
				continue
			}
			if line, ok := first[k.Value]; ok {
				return &Error{File: file, Line: k.Line, Msg: fmt.Sprintf("key %q appears twice in one mapping, at lines %d and %d: write it once (YAML does not merge repeated keys, and tools disagree on which one wins)", k.Value, line, k.Line)}
			}
			first[k.Value] = k.Line
		}
	}
	return nil
}
