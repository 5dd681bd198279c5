package layout

import (
	"bytes"

	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/srclines"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/rules/layout/rustelse"
	"github.com/iflint/iflint/internal/rules/layout/rustkeep"
	"github.com/iflint/iflint/internal/syntax"
)

// Rust as rustfmt (default configuration) lays it out: the tree reading
// of rustfmt's output, which the shared model (model_tree.go) applies.

var rustIndent = &indentLang{
	cont: newSet("if_expression", "else_clause", "while_expression", "loop_expression", "for_expression",
		"let_declaration", "assignment_expression", "compound_assignment_expr", "binary_expression",
		"field_expression", "call_expression", "method_call_expression", "return_expression",
		"expression_statement", "match_arm", "where_clause", "const_item", "static_item", "type_item",
		"function_item", "function_signature_item", "closure_expression", "field_declaration",
		"trait_bounds", "range_expression", "try_expression", "await_expression", "let_condition",
		"use_declaration", "struct_item", "enum_item", "impl_item", "trait_item", "macro_invocation",
		"type_cast_expression", "reference_expression", "unary_expression", "attribute_item",
		"field_initializer", "enum_variant", "shorthand_field_initializer", "if_let_expression", "or_pattern",
		"while_let_expression", "mod_item", "generic_function", "scoped_identifier", "break_expression",
		"match_expression", "struct_expression", "unsafe_block", "async_block", "const_block", "field_pattern"),
	// A call's "(" never starts a line in rustfmt's output: one that does
	// follows a brace macro (`pin! { ... }` then `(&mut f).await`), which
	// the grammar reads as calling the macro.
	branch:           newSet("else_clause", "where_clause", "else", "arguments"),
	freeWithComments: newSet("binary_expression"),
	body:             newSet("block", "declaration_list", "field_declaration_list", "enum_variant_list", "match_block"),
	flat:             newSet("or_pattern"),
	preamble:         newSet("attribute_item", "inner_attribute_item"),
	chainAfterClose:  true,
	opaque:           newSet("string_literal", "raw_string_literal", "char_literal"),
	// rustfmt leaves macro bodies (`quote! { ... }`) as written.
	// rustfmt aligns multi-line closure parameters visually.
	ignore:          newSet("macro_definition", "token_tree", "closure_parameters"),
	pairs:           map[string]string{"type_arguments": "<", "type_parameters": "<"},
	commentsAtLevel: true,
	tabsInIgnored:   true,
}

// commentAtLevel decides a comment line the tree judged wrong, where
// the formatter puts every comment at its level (commentsAtLevel): it
// is right only when it continues a trailing comment of the line above
// (`x; // a` / `   // b`), which rustfmt aligns with it, or when it is
// among the comment lines before a `} else` at the level of that `}`
// (`b();` / `// c` / `} else {`), which rustfmt leaves there.
func (m *indentModel) commentAtLevel(i int) {
	l := &m.lines[i]
	if i > 0 && l.col == m.trailingCommentCol(i-1) {
		l.mode, l.ecol = attached, l.col
		return
	}
	j := i + 1
	for j < len(m.lines) && (m.lines[j].lead == m.lines[j].end || m.lines[j].kind == lineComment) {
		j++
	}
	if j >= len(m.lines) || m.lines[j].kind != lineCode || m.src[m.lines[j].lead] != '}' {
		return
	}
	rest := bytes.TrimLeft(m.src[m.lines[j].lead+1:m.lines[j].end], " \t")
	if bytes.HasPrefix(rest, []byte("else")) && l.col == m.lines[j].ecol {
		l.mode, l.ecol = attached, l.col
	}
}

// tabsOnlyIssue reports a tab in the indentation of line i, a line the
// formatter leaves in place but whose tabs it writes as spaces (see
// indentLine.tabsOnly): the fix keeps the column, in spaces.
func tabsOnlyIssue(m *indentModel, i int) layoutIssue {
	l := m.lines[i]
	return layoutIssue{Kind: indentIssue, Line: i, Lead: layoutview.RenderLead(l.col, m.tabWidth, false), TabWidth: m.tabWidth, KeepsColumn: true,
		Finding: check.Finding{Start: l.start, End: l.lead, Message: "line in a macro's tokens indented with a tab, expected spaces (rustfmt writes tabs as spaces there)"}}
}

// rustfmtMaxWidth is rustfmt's default max_width: a statement with a
// line it cannot bring under it (a long string, a long name) is one
// rustfmt does not format, and keeps as written.
const rustfmtMaxWidth = 100

// rustGiveUps leaves alone the lines rustfmt keeps as written (package
// rustkeep): every line of a statement after its first when one of its
// lines is wider than max_width, which rustfmt could not format within
// it, of a match with a comment in an arm's pattern, and of an if-else
// with a comment between a block's } and its else where rustfmt gives up
// (package rustelse; where it does not, the comment stands at the }'s
// level). The statement's first line is still placed at its block's
// level.
func rustGiveUps(m *indentModel, ft *syntax.FlatTree) {
	keep := func(n int) {
		for i := m.lineOf(ft.Nodes[n].Start) + 1; i < len(m.lines) && m.lines[i].start < ft.Nodes[n].End; i++ {
			if l := &m.lines[i]; l.kind == lineCode || l.kind == lineComment {
				// Not judged at all: rustfmt keeps a leading tab there too.
				l.kind, l.mode, l.ecol = lineSkip, attached, l.col
			}
		}
	}
	for _, n := range rustkeep.Matches(ft) {
		keep(n)
	}
	var wide []int
	for _, l := range m.lines {
		// As wide as it would be where the model wants it: a line
		// pushed past the width by a wrong indentation is one rustfmt
		// brings back, not one it gives up on.
		w := srclines.Width(m.src[l.start:l.end], m.tabWidth)
		if l.kind == lineCode && l.mode == flagged {
			w += l.ecol - l.col
		}
		if l.kind != lineComment && w > rustfmtMaxWidth {
			wide = append(wide, l.lead)
		}
	}
	for _, g := range rustelse.Find(m.src, ft) {
		if g.Statement {
			wide = append(wide, g.Else)
			continue
		}
		close := m.lines[m.lineOf(g.Close-1)].col
		for i := m.lineOf(g.Close-1) + 1; i < len(m.lines) && m.lines[i].start < g.Else; i++ {
			if l := &m.lines[i]; l.kind == lineComment {
				l.mode, l.ecol = flagged, close
				if l.col == close {
					l.mode = attached
				}
			}
		}
	}
	for _, off := range wide {
		if stmt := rustkeep.Statement(ft, off); stmt >= 0 {
			keep(stmt)
		}
	}
}

// firstChainLine reports whether line i is the first line of its chain
// and follows a raw string's last line (`"#`): no code line between
// lines base and i starts with `.`. rustfmt puts such a line at the level
// of the chain's root (`str![[r#"` ... `"#]]` / `.raw()`); a later one
// (`.with_stdout_data(str![[..]])` / `.run()`), or one after an ordinary
// string continued with `\`, may also stand at the chain's indent.
func (m *indentModel) firstChainLine(base, i int) bool {
	last := -1
	for j := base + 1; j < i; j++ {
		l := m.lines[j]
		if l.kind == lineCode && m.src[l.lead] == '.' {
			return false
		}
		if l.lead < l.end {
			last = j
		}
	}
	if last < 0 {
		return false
	}
	t := bytes.TrimRight(m.src[m.lines[last].lead:m.lines[last].end], ")]} \t")
	return bytes.HasSuffix(t, []byte("\"#"))
}
