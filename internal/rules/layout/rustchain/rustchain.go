// Package rustchain reads a Rust method chain from the tree as rustfmt
// lays it out, for the layout model (internal/rules/layout): where a
// chain's elements after its root go, one level in or at the root's
// level (rustfmt's chains.rs, ChainFormatterBlock).
package rustchain

import (
	"bytes"

	"github.com/iflint/iflint/internal/syntax"
)

// Indent is where rustfmt puts the lines of a chain's elements.
type Indent int

const (
	// Unknown: the tree does not say (no chain under the line's `.`,
	// or one rustfmt would not have broken there).
	Unknown Indent = iota
	// AtRoot: at the level of the line the chain's root starts on.
	AtRoot
	// Deeper: one level deeper than that line.
	Deeper
)

// ChildIndent is where rustfmt puts the chain element whose `.` starts
// a line at offset dot, field being that `.`'s parent (a field
// expression), with tabSpaces columns to a level. rustfmt puts every
// element after the root at one indent: the root's level when the root
// "ends with a block", else one level in. The root is the chain's
// innermost operand, with the elements after it joined to it while it
// is a single line no wider than a level less its offset on its line
// (`cmd` takes `.with_stderr_data(..)` along; `let x = doc` takes
// nothing); then it ends with a block when its last line holds only
// closing brackets (or ends a raw string), and an unjoined root when it
// is a multi-line call, macro call, array, struct literal or block-like
// expression, or a multi-line string whose last line is at most a level
// wide (`r#"` ... `"#`), looking into parentheses, a binary
// expression's right operand, an index, a unary operand, a closure's
// body and a `?` (utils.rs, is_block_expr). A tuple, a name or a
// reference does not.
func ChildIndent(ft *syntax.FlatTree, src []byte, field, dot, tabSpaces int) Indent {
	nodes := ft.Nodes
	if field < 0 || nodes[field].Type != "field_expression" {
		return Unknown
	}
	// The chain's elements from the outermost down to the root: where
	// each starts (its `.` or `?`) and ends (before a call's arguments).
	type element struct{ mark, end int }
	var elems []element
	cur := field
	for {
		next := link(ft, cur)
		if next < 0 {
			break
		}
		switch nodes[cur].Type {
		case "field_expression", "try_expression", "await_expression":
			mark := -1
			for c := nodes[cur].First; c >= 0; c = nodes[c].Next {
				if t := nodes[c].Type; t == "." || t == "?" {
					mark = nodes[c].Start
				}
			}
			if mark < 0 {
				return Unknown
			}
			elems = append(elems, element{mark, nodes[cur].End})
		}
		cur = next
	}
	root := nodes[cur]
	if root.End > dot {
		return Unknown
	}
	// Elements are joined to the root from the innermost out (elems is
	// outermost first), those on the root's line only: one on a line of
	// its own is one rustfmt could not join.
	lineStart := bytes.LastIndexByte(src[:root.Start], '\n') + 1
	indent := lineStart
	for indent < root.Start && (src[indent] == ' ' || src[indent] == '\t') {
		indent++
	}
	width := tabSpaces - (root.Start - indent)
	end, joined := root.End, false
	for k := len(elems) - 1; k >= 0; k-- {
		text := src[root.Start:end]
		if len(text) > width || bytes.IndexByte(text, '\n') >= 0 || bytes.IndexByte(src[end:elems[k].mark], '\n') >= 0 {
			break
		}
		if elems[k].mark >= dot {
			return Unknown // the line's own element would be joined
		}
		end, joined = callEnd(src, elems[k].end), true
	}
	text := src[root.Start:end]
	block := false
	if joined {
		block = lastLineExtendable(text)
	} else {
		block = blockExpr(ft, cur, text, tabSpaces)
	}
	if block {
		return AtRoot
	}
	return Deeper
}

// link is the next node down a chain from n (a field expression, a
// method call, a `?` or `.await`): what the element is called on; -1
// at the root.
func link(ft *syntax.FlatTree, n int) int {
	nodes := ft.Nodes
	switch nodes[n].Type {
	case "field_expression", "try_expression", "await_expression":
		return nodes[n].First
	case "call_expression":
		f := nodes[n].First
		for f >= 0 && nodes[f].Type == "generic_function" {
			f = nodes[f].First
		}
		if f >= 0 && nodes[f].Type == "field_expression" {
			return f
		}
	}
	return -1
}

// callEnd extends an element's end over the arguments of the call it is
// the function of (`.with_stderr_data` / `(..)`).
func callEnd(src []byte, end int) int {
	for end < len(src) && src[end] == '(' || end < len(src) && src[end] == '?' {
		if src[end] == '?' {
			end++
			continue
		}
		depth := 0
		for ; end < len(src); end++ {
			if src[end] == '(' {
				depth++
			} else if src[end] == ')' {
				depth--
				if depth == 0 {
					end++
					break
				}
			}
		}
	}
	return end
}

// lastLineExtendable is rustfmt's last_line_extendable: the text ends a
// raw string, or its last line holds only closing brackets, `?` and `>`.
func lastLineExtendable(s []byte) bool {
	if bytes.HasSuffix(s, []byte(`"#`)) {
		return true
	}
	for k := len(s) - 1; k >= 0; k-- {
		switch c := s[k]; c {
		case '(', ')', ']', '}', '?', '>', ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

// blockExpr is rustfmt's is_block_expr for the root node n whose
// rewrite is text.
func blockExpr(ft *syntax.FlatTree, n int, text []byte, tabSpaces int) bool {
	nodes := ft.Nodes
	multi := bytes.IndexByte(text, '\n') >= 0
	switch nodes[n].Type {
	case "call_expression", "macro_invocation", "array_expression", "struct_expression", "while_expression",
		"if_expression", "block", "unsafe_block", "const_block", "async_block", "loop_expression",
		"for_expression", "match_expression", "try_block":
		return multi
	case "string_literal", "raw_string_literal":
		last := text[bytes.LastIndexByte(text, '\n')+1:]
		return multi && len(bytes.TrimSpace(last)) <= tabSpaces
	case "parenthesized_expression", "unary_expression", "try_expression":
		if c := lastNamed(ft, n); c >= 0 {
			return blockExpr(ft, c, text, tabSpaces)
		}
	case "binary_expression", "index_expression":
		// The right operand; the index.
		if c := lastNamed(ft, n); c >= 0 {
			return blockExpr(ft, c, text, tabSpaces)
		}
	case "closure_expression":
		for c := nodes[n].First; c >= 0; c = nodes[c].Next {
			if nodes[c].Field == "body" {
				return blockExpr(ft, c, text, tabSpaces)
			}
		}
	}
	return false
}

// lastNamed is n's last named child, -1 if none.
func lastNamed(ft *syntax.FlatTree, n int) int {
	last := -1
	for c := ft.Nodes[n].First; c >= 0; c = ft.Nodes[c].Next {
		if ft.Nodes[c].Named {
			last = c
		}
	}
	return last
}
