package pycodestyle

import (
	"strings"
	"unicode"
)

// pycodestyle's continued_indentation (E12x), line for line. Python's
// truthiness is spelled out: a hang or a visual column of 0 counts as
// unset, and an indent chance is unset, True, the type str, or a token's
// text.

type indentChance struct {
	kind uint8 // 0 unset, 1 True, 2 str, 3 text
	text string
}

func (c *Checker) continuedIndentation() {
	toks := c.cur
	if len(toks) == 0 {
		return
	}
	T := func(i int) token { return c.toks[toks[i]] }
	firstRow := T(0).start.Row
	nrows := 1 + T(len(toks)-1).start.Row - firstRow
	if nrows <= 1 {
		return
	}
	indentNext := strings.HasSuffix(c.logical, ":")
	row, depth := 0, 0
	validHangs := []int{c.indentSize}
	if c.indentChar == '\t' {
		validHangs = append(validHangs, c.indentSize*2)
	}
	parens := make([]int, nrows)
	var parenRows []int // the rows whose parens count is not 0, in order
	relIndent := make([]int, nrows)
	openRows := []*openList{newOpenList(0, relIndent)}
	hangs := []*int{nil}
	chances := newChanceSet()
	indentAt := newIndentStack()
	lastIndent := T(0).start
	var visual indentChance
	visualFalse := true // visual_indent is False/None (falsy) rather than a chance
	lastMultiline := false
	indent := []int{lastIndent.Col}
	indentAt.set(indent, 0, lastIndent.Col)
	var t token
	for k := range toks {
		c.meter.Add(1)
		t = T(k)
		newline := row < t.start.Row-firstRow
		if newline {
			row = t.start.Row - firstRow
			newline = !lastMultiline && t.typ != tokNL && t.typ != tokNewline
		}
		if newline {
			lastIndent = t.start
			relIndent[row] = expandIndent(t.line) - c.indentLevel
			closeBracket := t.typ == tokOp && len(t.text) == 1 && strings.Contains("]})", t.text)
			hang, hanging := openRows[depth].hang(relIndent[row], validHangs)
			if h := hangs[depth]; h != nil && *h != 0 {
				hanging = hang == *h
			}
			visualFalse = true
			if !closeBracket && hang > 0 {
				if ch, ok := chances.m[t.start.Col]; ok {
					visual, visualFalse = ch, false
				}
			}
			isTrue := !visualFalse && visual.kind == 1
			switch {
			case closeBracket && indent[depth] != 0:
				if t.start.Col != indent[depth] {
					c.add("E124", "closing bracket does not match visual indentation", t.start, toks[k])
				}
			case closeBracket && hang == 0:
			case indent[depth] != 0 && t.start.Col < indent[depth]:
				if !isTrue {
					c.add("E128", "continuation line under-indented for visual indent", t.start, toks[k])
				}
			case hanging || indentNext && relIndent[row] == 2*c.indentSize:
				if closeBracket {
					c.add("E123", "closing bracket does not match indentation of opening bracket's line", t.start, toks[k])
				}
				h := hang
				hangs[depth] = &h
			case isTrue:
				indentAt.set(indent, depth, t.start.Col)
			case !visualFalse && (visual.kind == 2 || visual.kind == 3 && visual.text == t.text):
			default:
				switch {
				case hang <= 0:
					c.add("E122", "continuation line missing indentation or outdented", t.start, toks[k])
					// One hanging indent past the bracket's line: the one
					// its other lines set, else the unit; a closing
					// bracket at that line's level.
					h := c.indentSize
					switch {
					case closeBracket:
						h = 0
					case hangs[depth] != nil && *hangs[depth] > 0:
						h = *hangs[depth]
					}
					c.Errors[len(c.Errors)-1].Want = expandIndent(t.line) - hang + h
				case indent[depth] != 0:
					c.add("E127", "continuation line over-indented for visual indent", t.start, toks[k])
				case !closeBracket && hangs[depth] != nil && *hangs[depth] != 0:
					c.add("E131", "continuation line unaligned for hanging indent", t.start, toks[k])
					c.Errors[len(c.Errors)-1].Want = expandIndent(t.line) - hang + *hangs[depth]
				default:
					h := hang
					hangs[depth] = &h
					if hang > c.indentSize {
						c.add("E126", "continuation line over-indented for hanging indent", t.start, toks[k])
					} else {
						c.add("E121", "continuation line under-indented for hanging indent", t.start, toks[k])
					}
				}
			}
		}
		switch {
		case parens[row] != 0 && t.typ != tokNL && t.typ != tokComment && indent[depth] == 0:
			indentAt.set(indent, depth, t.start.Col)
			chances.set(t.start.Col, indentChance{kind: 1})
		case t.typ == tokString || t.typ == tokComment || t.text == "u" || t.text == "ur" || t.text == "b" || t.text == "br":
			chances.set(t.start.Col, indentChance{kind: 2})
		case row == 0 && depth == 0 && (t.text == "assert" || t.text == "raise" || t.text == "with"):
			chances.set(t.end.Col+1, indentChance{kind: 1})
		case len(chances.m) == 0 && row == 0 && depth == 0 && t.text == "if":
			chances.set(t.end.Col+1, indentChance{kind: 1})
		case t.text == ":" && isSpace(c.suffix(t)):
			openRows[depth].add(row)
		}
		if t.typ == tokOp {
			if len(t.text) == 1 && strings.Contains("([{", t.text) {
				depth++
				indent = append(indent, 0)
				indentAt.set(indent, depth, 0)
				hangs = append(hangs, nil)
				if len(openRows) == depth {
					openRows = append(openRows, newOpenList(-1, relIndent))
				}
				openRows[depth].add(row)
				if parens[row] == 0 {
					parenRows = append(parenRows, row)
				}
				parens[row]++
			} else if len(t.text) == 1 && strings.Contains(")]}", t.text) && depth > 0 {
				prevIndent := indent[len(indent)-1]
				indent = indent[:len(indent)-1]
				if prevIndent == 0 {
					prevIndent = lastIndent.Col
				}
				hangs = hangs[:len(hangs)-1]
				// pycodestyle resets every enclosing indent past the
				// closed bracket's, and drops every chance from it on:
				// both are popped from heaps here, each entry once.
				indentAt.zeroAbove(indent, prevIndent)
				chances.dropFrom(prevIndent)
				openRows = openRows[:depth+1]
				depth--
				if depth != 0 {
					chances.set(indent[depth], indentChance{kind: 1})
				}
				// The last row up to this one with an open bracket; rows
				// only grow, so that is the last of parenRows.
				if n := len(parenRows); n > 0 {
					idx := parenRows[n-1]
					if parens[idx]--; parens[idx] == 0 {
						parenRows = parenRows[:n-1]
					}
				}
			}
			if _, ok := chances.m[t.start.Col]; !ok {
				chances.set(t.start.Col, indentChance{kind: 3, text: t.text})
			}
		}
		lastMultiline = t.start.Row != t.end.Row
		if lastMultiline && t.end.Row-firstRow < nrows {
			relIndent[t.end.Row-firstRow] = relIndent[row]
		}
	}
	if indentNext && expandIndent(t.line) == c.indentLevel+c.indentSize {
		pos := Pos{t.start.Row, indent[0] + c.indentSize}
		visualTruthy := !visualFalse && (visual.kind == 1 || visual.kind == 2 || visual.kind == 3 && visual.text != "")
		if visualTruthy {
			c.add("E129", "visually indented line with same indent as next logical line", pos, -1)
		} else {
			c.add("E125", "continuation line with same indent as next logical line", pos, -1)
		}
	}
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// isSpace is str.isspace: non-empty and all whitespace.
func isSpace(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}
