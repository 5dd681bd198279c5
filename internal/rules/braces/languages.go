package braces

import (
	"strings"
	"sync"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// braceLanguage is what the tree reading of braces needs to know about a
// grammar, by node type.
type language struct {
	// literal: see braceLiterals.
	literal map[string]bool
	// wrapper nodes hold a block as their only child and stand for it
	// (Rust's expression_statement, C#'s top-level global_statement).
	wrapper map[string]bool
	// container nodes hold statements or members; a block among them
	// has no header (besides nodes whose own "{" precedes the block,
	// which are containers by shape). A label (`retry:`) names the
	// statement after it, a goto's target, rather than heading it.
	container map[string]bool
	// caseLabel nodes own the ":" after a case label; a block right
	// after it is headed by the label.
	caseLabel map[string]bool
	// continuation nodes own an else/catch/finally keyword that
	// continues the statement before it.
	continuation map[string]bool
	// valueList blocks list values (enum bodies): their line breaks are
	// not checked.
	valueList map[string]bool
	// oneLineAllman blocks (or blocks of these headers) may stay on their
	// header's line under Allman when written on one line (C#'s
	// `{ get; set; }` and `get { return x; }`).
	oneLineAllman map[string]bool

	// brokenHeader constructs (every one with brokenHeaders), written
	// over several lines, may put their brace on a line of its own at
	// the header's indentation (see braceAnalysis.brokenHeader).
	brokenHeader  map[string]bool
	brokenHeaders bool

	// ownLineFunction constructs may, under K&R and 1TBS, put their brace
	// on a line of their own (C function definitions, as K&R wrote them).
	ownLineFunction map[string]bool

	// keywords are the grammar's continuation keywords and comments its
	// comment node types: with "{", "}" and ":" they make the query that
	// finds every token the reading looks at.
	keywords, comments []string
	once               sync.Once
	q                  *syntax.Query
}

// query compiles the token query on first use, so a grammar is loaded
// only when a file of its language is checked.
func (bl *language) query(id lang.ID) *syntax.Query {
	bl.once.Do(func() {
		// Capture names say the token types, so the reading need not ask
		// tree-sitter for them; keywords share one.
		var kws, cs []string
		for _, k := range bl.keywords {
			kws = append(kws, `"`+k+`"`)
		}
		for _, c := range bl.comments {
			cs = append(cs, "("+c+")")
		}
		bl.q = syntax.MustQuery(id, `"{" @open "}" @close ":" @colon [`+strings.Join(kws, " ")+"] @keyword ["+strings.Join(cs, " ")+"] @comment")
	})
	return bl.q
}

func set(types ...string) map[string]bool {
	m := make(map[string]bool, len(types))
	for _, t := range types {
		m[t] = true
	}
	return m
}

var languages = func() map[lang.ID]*language {
	// A case label is a label: the block after it is the labelled
	// statement, a statement of its own, as after `retry:`.
	cCase := []string{"case_statement"}
	preproc := []string{"preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef"}
	cLike := func(keywords ...string) *language {
		return &language{
			// A block passed to a macro (`EXPECT_THROW({ ... }, E)`)
			// is an argument among others, headed by nothing.
			container:    set(append(append([]string{"translation_unit", "labeled_statement", "argument_list"}, cCase...), preproc...)...),
			continuation: set("if_statement", "else_clause", "catch_clause"),
			valueList:    set("enumerator_list"),
			// K&R's own C puts a function's brace on the next line.
			ownLineFunction: set("function_definition"),
			brokenHeaders:   true,
			keywords:        keywords,
			comments:        []string{"comment"},
		}
	}
	js := func() *language {
		return &language{
			// eslint's brace-style leaves a case's statements, a block among
			// them, alone: a case label heads nothing.
			container:    set("program", "switch_case", "switch_default", "labeled_statement"),
			brokenHeader: set("class", "class_declaration", "abstract_class_declaration", "interface_declaration"),
			continuation: set("if_statement", "else_clause", "catch_clause", "finally_clause"),
			valueList:    set("enum_body"),
			keywords:     []string{"else", "catch", "finally"},
			comments:     []string{"comment"},
		}
	}
	m := map[lang.ID]*language{
		lang.C:          cLike("else"),
		lang.CPP:        cLike("else", "catch"),
		lang.JavaScript: js(),
		lang.TypeScript: js(),
		lang.Java: {
			container:    set("program", "switch_block_statement_group", "labeled_statement"),
			caseLabel:    set("switch_block_statement_group"),
			continuation: set("if_statement", "catch_clause", "finally_clause"),
			valueList:    set("enum_body"),
			keywords:     []string{"else", "catch", "finally"},
			comments:     []string{"line_comment", "block_comment"},
		},
		lang.Go: {
			// gofmt puts a case's statements, a block among them, on the
			// lines after the label: Go's case labels head nothing.
			container:    set("source_file", "statement_list", "expression_case", "default_case", "type_case", "communication_case", "labeled_statement"),
			continuation: set("if_statement"),
			keywords:     []string{"else"},
			comments:     []string{"comment"},
		},
		lang.Rust: {
			wrapper: set("expression_statement"),
			// A block among call arguments or array/tuple elements is a
			// value in a list: nothing heads it.
			container:     set("source_file", "arguments", "array_expression", "tuple_expression"),
			continuation:  set("else_clause"),
			valueList:     set("enum_variant_list"),
			brokenHeaders: true,
			keywords:      []string{"else"},
			comments:      []string{"line_comment", "block_comment"},
		},
		lang.CSharp: {
			wrapper:       set("global_statement"),
			container:     set("compilation_unit", "switch_section", "labeled_statement"),
			caseLabel:     set("switch_section", "case_switch_label", "default_switch_label"),
			continuation:  set("if_statement", "catch_clause", "finally_clause"),
			valueList:     set("enum_member_declaration_list"),
			oneLineAllman: set("accessor_list", "accessor_declaration"),
			keywords:      []string{"else", "catch", "finally"},
			comments:      []string{"comment"},
		},
		lang.Kotlin: {
			container:    set("source_file", "statements"),
			continuation: set("if_expression", "catch_block", "finally_block"),
			valueList:    set("enum_class_body"),
			keywords:     []string{"else", "catch", "finally"},
			comments:     []string{"line_comment", "multiline_comment"},
		},
	}
	for id, bl := range m {
		bl.literal = set(literals[id]...)
		for _, s := range []*map[string]bool{&bl.wrapper, &bl.container, &bl.caseLabel, &bl.continuation, &bl.valueList, &bl.oneLineAllman, &bl.ownLineFunction, &bl.brokenHeader} {
			if *s == nil {
				*s = map[string]bool{}
			}
		}
	}
	return m
}()
