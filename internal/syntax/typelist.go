package syntax

import "strings"

// parseTypeList recognises queries made only of node types with captures:
// patterns `[(a) (b) "c"] @n`, `[(a) @x "c" @y]` or `(a) @n`, any number
// of them. Everything else (fields, children, predicates, quantifiers,
// wildcards, comments) is left to the query cursor.
func parseTypeList(pattern string) ([]typeItem, []string, bool) {
	p := &tlParser{s: pattern}
	var items []typeItem
	var captures []string
	capture := func(name string) int {
		for i, c := range captures {
			if c == name {
				return i
			}
		}
		captures = append(captures, name)
		return len(captures) - 1
	}
	for p.ws(); !p.done(); p.ws() {
		seen := map[typeItem]bool{}
		add := func(it typeItem, name string) bool {
			key := typeItem{name: it.name, named: it.named}
			if seen[key] {
				return false // one type twice in a pattern
			}
			seen[key] = true
			it.capture = capture(name)
			items = append(items, it)
			return true
		}
		if p.eat('[') {
			var group []typeItem
			var names []string
			for p.ws(); !p.eat(']'); p.ws() {
				it, ok := p.item()
				if !ok {
					return nil, nil, false
				}
				p.ws()
				name := ""
				if p.eat('@') {
					if name, ok = p.captureName(); !ok {
						return nil, nil, false
					}
				}
				group, names = append(group, it), append(names, name)
			}
			p.ws()
			outer := ""
			if p.eat('@') {
				var ok bool
				if outer, ok = p.captureName(); !ok {
					return nil, nil, false
				}
			}
			if len(group) == 0 {
				return nil, nil, false
			}
			for i, it := range group {
				// Exactly one capture per type: its own or the group's.
				if (names[i] == "") == (outer == "") {
					return nil, nil, false
				}
				name := names[i] + outer
				if !add(it, name) {
					return nil, nil, false
				}
			}
			continue
		}
		it, ok := p.item()
		if !ok {
			return nil, nil, false
		}
		p.ws()
		if !p.eat('@') {
			return nil, nil, false
		}
		name, ok := p.captureName()
		if !ok || !add(it, name) {
			return nil, nil, false
		}
	}
	return items, captures, len(items) > 0
}

type tlParser struct {
	s string
	i int
}

func (p *tlParser) done() bool { return p.i >= len(p.s) }

func (p *tlParser) ws() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *tlParser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *tlParser) run(ok func(byte) bool) string {
	start := p.i
	for p.i < len(p.s) && ok(p.s[p.i]) {
		p.i++
	}
	return p.s[start:p.i]
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// item reads `(type)` or `"literal"`.
func (p *tlParser) item() (typeItem, bool) {
	switch {
	case p.eat('('):
		p.ws()
		name := p.run(isIdentByte)
		p.ws()
		if !p.eat(')') || name == "" || name == "_" || name == "ERROR" || name == "MISSING" {
			return typeItem{}, false
		}
		return typeItem{name: name, named: true}, true
	case p.eat('"'):
		lit := p.run(func(c byte) bool { return c != '"' && c != '\\' })
		if !p.eat('"') || lit == "" {
			return typeItem{}, false
		}
		return typeItem{name: lit}, true
	}
	return typeItem{}, false
}

func (p *tlParser) captureName() (string, bool) {
	name := p.run(func(c byte) bool { return isIdentByte(c) || c == '.' || c == '-' })
	return name, name != ""
}
