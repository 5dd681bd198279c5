package layout

import (
	"github.com/iflint/iflint/internal/cpreproc"
	"github.com/iflint/iflint/internal/lang"
)

// visualMode says whether a line inside brackets may align with the first
// token after the opening bracket instead of hanging one unit deeper.
type visualMode uint8

const (
	visualNone    visualMode = iota // eslint, rustfmt, gofmt: one unit, always
	visualAllowed                   // Java, C: either
	visualPEP8                      // Python: aligned when the bracket is followed by a token, hanging otherwise
)

// indentLang is one language's reading of its syntax tree for
// indentation. Bracketed nodes (a child "(", "[" or "{" and a last child
// that closes it) need no entry: their content is one unit deeper than
// the line of the opening bracket.
type indentLang struct {
	// cont are non-bracketed nodes whose lines after the first continue
	// them one unit deeper: statements with a body (if, for, Python's
	// compound statements), expressions and declarations split over lines.
	cont set
	// stmt are the cont nodes whose later lines are statements of their
	// body rather than continuations (Python's compound statements).
	stmt set
	// preamble are children that precede a declaration on lines of
	// their own at its level (annotations, attributes, modifiers).
	preamble set
	// branch are children that start a line at their parent's level
	// (else, catch, elif, Go's case clauses).
	branch set
	// body are block nodes: a statement's own block on a line of its
	// own sits at the statement's level (Allman), and a block whose "{"
	// ends a multi-line header counts from the header's first line.
	body set
	// free are continuations whose lines may be indented at will (eslint
	// does not check the operands of binary operators).
	free set
	// contZero are continued nodes whose later lines may also sit at the
	// level of their first (a C label's statement on the next line).
	contZero set
	// flat are continued nodes whose later lines sit at the level of
	// their first (a Rust or-pattern's `| B`, as rustfmt prints it).
	flat set
	// chainAfterClose: a line that continues a method chain may sit where
	// the line closing the chain's receiver sits (rustfmt's `)\n.await`).
	chainAfterClose bool
	// freeWithComments are nodes whose lines are free when a comment
	// sits among their children (rustfmt does not reformat those).
	freeWithComments set
	// transparent are wrappers that do not shape indentation (C's #if
	// blocks): a line inside one is judged by the nodes around it.
	transparent set
	// caseLabel are the children of a switch body that may sit at the
	// switch's level or one unit deeper (`case` in C, Java).
	caseLabel set
	// label are statements whose first line (the label) may also sit at
	// column 0 or one unit out, as C code puts goto labels.
	label set
	// zero are bodies whose content may also sit at the body's own level
	// (C++ namespaces, extern "C", switch bodies in C, Java and JavaScript).
	zero set
	// opaque are nodes judged as one token (strings, template strings).
	opaque set
	// ignore are nodes whose later lines are not judged (macro bodies).
	ignore set
	// pairs names the opening child of bracket-like nodes whose
	// delimiters are not brackets (JSX elements).
	pairs map[string]string
	// skipLine reports lines whose indentation is free (preprocessor
	// directives, which C code puts at any column).
	skipLine func(src []byte, start int) bool

	visual       visualMode
	contExtra    int // continuations may also be this many units deeper
	bracketExtra int // bracket content may also be this many units deeper
	// wrapAtLeast: a continuation line may be indented any amount
	// deeper than one unit past its anchor, as checkstyle's Indentation
	// check (lineWrappingIndentation is a minimum) and clang-format's
	// continuation and alignment allow.
	wrapAtLeast bool
	topAny      bool // top-level lines may be indented at will
	// declBody are the declarations whose body's opening brace, on a
	// line of its own, sits at the declaration's level however the
	// declaration is wrapped (`typedef struct` / `{`, `template<..>` /
	// `class A` / `{`): clang-format's Allman, GNU and Whitesmiths-free
	// styles break before it without a continuation indent.
	declBody set
	// accessOffsets are the offsets from the members' column an access
	// specifier (`public:`) may also take: clang-format's
	// AccessModifierOffset, -2 in the LLVM, Mozilla and Chromium styles
	// and -1 in Google's.
	accessOffsets []int
	// strictWrap are the brackets whose content is one unit in from the
	// line of the opening bracket, no deeper: checkstyle's
	// arrayInitIndent is an exact offset, not a minimum as
	// lineWrappingIndentation is. Their closing bracket stands at that
	// line's level or checkstyleWrapCols past it.
	strictWrap set
	// ownHandler are the nodes checkstyle's Indentation judges with a
	// handler of their own (a method call; not a `new`): as an element of a
	// strictWrap bracket, such a line is a line wrap, at the element
	// offset or deeper.
	ownHandler set
	// caseBody are the statement groups whose statements, each on a
	// line of its own after the group's label, are exactly one unit in
	// from it: checkstyle's Indentation judges a case's statements as a
	// block's, not as a label's continuation.
	caseBody set
	// caseOneLevel: a switch's labels (caseLabel) all stand at one of
	// their two levels, the one most of them take, one unit in on a tie:
	// checkstyle's caseIndent is one offset per configuration (a unit in
	// its defaults and Google's; 0 where a project sets it so, as the
	// Java Code Conventions print switches).
	caseOneLevel bool
	// clang is, for C and C++ under a clang-format style, what the
	// model reads of it (model_c.go); nil otherwise.
	clang *clangReading
	// commentsAtLevel: a comment line sits exactly where the tree puts
	// it (rustfmt re-indents every comment to the level of the code it
	// stands among), not also beside the code line before or after it.
	commentsAtLevel bool
	// tabsInIgnored: the formatter turns leading tabs into spaces in
	// the regions it otherwise leaves alone (ignore), as rustfmt does in
	// macro bodies.
	tabsInIgnored bool
}

// checkstyleWrapCols is checkstyle's lineWrappingIndentation, 4 columns
// in its defaults and in Google's configuration alike.
const checkstyleWrapCols = 4

type set map[string]bool

func newSet(names ...string) set {
	s := set{}
	for _, n := range names {
		s[n] = true
	}
	return s
}

var jsIndent = &indentLang{
	cont: newSet("if_statement", "else_clause", "for_statement", "for_in_statement", "while_statement",
		"do_statement", "with_statement", "switch_case", "switch_default",
		"member_expression", "subscript_expression", "ternary_expression",
		"variable_declaration", "lexical_declaration", "variable_declarator", "assignment_expression",
		"augmented_assignment_expression", "binary_expression", "pair", "return_statement", "throw_statement",
		"import_statement", "export_statement", "arrow_function", "call_expression",
		"class_declaration", "class", "expression_statement", "field_definition", "public_field_definition",
		"labeled_statement", "await_expression", "new_expression", "assignment_pattern", "spread_element",
		"jsx_attribute", "jsx_expression", "jsx_opening_element", "jsx_self_closing_element"),
	branch: newSet("else_clause", "while", "catch_clause", "finally_clause", "jsx_closing_element", ">", "/>"),
	body:   newSet("statement_block", "class_body"),
	free:   newSet("binary_expression", "assignment_expression", "augmented_assignment_expression", "variable_declarator", "pair"),
	zero:   newSet("switch_body"),
	opaque: newSet("string", "template_string", "regex", "jsx_text"),
	pairs:  map[string]string{"jsx_element": "jsx_opening_element", "jsx_opening_element": "<", "jsx_self_closing_element": "<"},
}

var javaIndent = &indentLang{
	cont: newSet("if_statement", "for_statement", "enhanced_for_statement", "while_statement", "do_statement",
		"switch_block_statement_group", "switch_rule", "local_variable_declaration", "field_declaration",
		"variable_declarator", "assignment_expression", "binary_expression", "ternary_expression",
		"method_invocation", "field_access", "return_statement", "throw_statement", "expression_statement",
		"method_declaration", "constructor_declaration", "class_declaration", "interface_declaration",
		"enum_declaration", "record_declaration", "lambda_expression", "object_creation_expression",
		"explicit_constructor_invocation", "annotation_type_declaration", "throws", "super_interfaces",
		"superclass", "extends_interfaces", "enum_constant", "element_value_pair", "assert_statement",
		"yield_statement", "import_declaration", "package_declaration", "resource", "cast_expression",
		"array_creation_expression", "instanceof_expression", "catch_formal_parameter", "permits"),
	branch:   newSet("catch_clause", "finally_clause", "else", "while"),
	preamble: newSet("modifiers", "marker_annotation", "annotation"),
	body: newSet("block", "class_body", "interface_body", "enum_body", "constructor_body", "switch_block",
		"annotation_type_body", "record_body"),
	caseLabel:    newSet("switch_block_statement_group", "switch_rule", "switch_label"),
	caseOneLevel: true,
	opaque:       newSet("string_literal", "text_block", "character_literal"),
	visual:       visualAllowed,
	contExtra:    1,
	bracketExtra: 1,
	wrapAtLeast:  true,
	strictWrap:   newSet("array_initializer"),
	ownHandler:   newSet("method_invocation"),
	caseBody:     newSet("switch_block_statement_group"),
}

var cIndent = &indentLang{
	cont: newSet("if_statement", "else_clause", "for_statement", "while_statement", "do_statement",
		"case_statement", "declaration", "init_declarator", "assignment_expression", "binary_expression",
		"conditional_expression", "call_expression", "field_expression", "return_statement",
		"expression_statement", "field_declaration", "enumerator", "labeled_statement", "cast_expression",
		"type_definition", "parameter_declaration", "initializer_pair", "comma_expression",
		// C++
		"function_definition_header", "field_initializer_list", "new_expression", "lambda_expression",
		"condition_clause", "for_range_loop", "template_declaration", "base_class_clause", "alias_declaration",
		"qualified_identifier", "optional_parameter_declaration", "static_assert_declaration", "throw_statement",
		// A namespace's name on a line of its own (chosen by an #ifdef,
		// see cpreproc's altBranches), a continuation of its head.
		"namespace_definition",
		// A function's later header lines (a C++ constructor's
		// `: member(x)`, GNU's name under its return type).
		"function_definition"),
	branch: newSet("else_clause", "else", "while", "catch_clause"),
	body: newSet("compound_statement", "field_declaration_list", "enumerator_list", "declaration_list",
		"initializer_list"),
	zero:      newSet("declaration_list"),
	caseLabel: newSet("case_statement", "access_specifier"),
	declBody: newSet("struct_specifier", "union_specifier", "enum_specifier", "class_specifier",
		"namespace_definition", "linkage_specification"),
	accessOffsets: []int{-2, -1},
	label:         newSet("labeled_statement"),
	contZero:      newSet("labeled_statement", "function_definition"),
	preamble:      newSet("template", "template_parameter_list", "attribute_declaration"),
	opaque:        newSet("string_literal", "char_literal", "raw_string_literal", "concatenated_string", "system_lib_string"),
	ignore:        newSet("preproc_def", "preproc_function_def", "preproc_call"),
	transparent:   newSet("preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef"),
	skipLine:      cpreproc.ContinuedOrDirective,
	visual:        visualAllowed,
	contExtra:     1,
	bracketExtra:  1,
	wrapAtLeast:   true,
}

var pythonIndent = &indentLang{
	cont: newSet("if_statement", "elif_clause", "else_clause", "for_statement", "while_statement",
		"try_statement", "except_clause", "except_group_clause", "finally_clause", "with_statement",
		"function_definition", "class_definition", "match_statement", "case_clause",
		"expression_statement", "return_statement", "assignment", "augmented_assignment",
		"binary_operator", "boolean_operator", "comparison_operator", "call", "attribute",
		"conditional_expression", "assert_statement", "raise_statement", "import_from_statement",
		"import_statement", "delete_statement", "global_statement", "print_statement", "lambda",
		"not_operator", "yield", "await", "decorator", "with_clause", "with_item", "type_alias_statement"),
	branch: newSet("elif_clause", "else_clause", "except_clause", "except_group_clause", "finally_clause"),
	stmt: newSet("if_statement", "elif_clause", "else_clause", "for_statement", "while_statement",
		"try_statement", "except_clause", "except_group_clause", "finally_clause", "with_statement",
		"function_definition", "class_definition", "match_statement", "case_clause"),
	opaque: newSet("string"),
	visual: visualPEP8,
}

var goIndent = &indentLang{
	cont: newSet("if_statement", "for_statement", "expression_case", "type_case", "default_case",
		"communication_case", "binary_expression", "selector_expression", "call_expression",
		"return_statement", "short_var_declaration", "assignment_statement", "var_declaration",
		"const_declaration", "var_spec", "const_spec", "expression_statement", "labeled_statement"),
	branch: newSet("expression_case", "type_case", "default_case", "communication_case", "else"),
	body:   newSet("block", "field_declaration_list", "interface_type", "literal_value"),
	opaque: newSet("interpreted_string_literal", "raw_string_literal", "rune_literal"),
}

var kotlinIndent = &indentLang{
	cont: newSet("if_expression", "when_entry", "for_statement", "while_statement", "do_while_statement",
		"property_declaration", "assignment", "additive_expression", "multiplicative_expression",
		"comparison_expression", "equality_expression", "conjunction_expression", "disjunction_expression",
		"navigation_expression", "call_expression", "jump_expression", "function_declaration",
		"class_declaration", "object_declaration", "elvis_expression", "infix_expression"),
	branch:   newSet("else", "catch_block", "finally_block"),
	preamble: newSet("modifiers", "annotation"),
	body:     newSet("class_body", "function_body", "control_structure_body", "statements", "lambda_literal"),
	opaque:   newSet("string_literal", "character_literal"),
	visual:   visualAllowed, contExtra: 1, bracketExtra: 1,
}

var csharpIndent = &indentLang{
	cont: newSet("if_statement", "for_statement", "foreach_statement", "while_statement", "do_statement",
		"switch_section", "local_declaration_statement", "variable_declaration", "variable_declarator",
		"assignment_expression", "binary_expression", "conditional_expression", "invocation_expression",
		"member_access_expression", "return_statement", "throw_statement", "expression_statement",
		"method_declaration", "constructor_declaration", "class_declaration", "field_declaration",
		"property_declaration", "lambda_expression", "object_creation_expression"),
	branch:       newSet("else", "catch_clause", "finally_clause"),
	preamble:     newSet("attribute_list", "modifier"),
	body:         newSet("block", "declaration_list", "switch_body", "accessor_list"),
	caseLabel:    newSet("switch_section"),
	opaque:       newSet("string_literal", "verbatim_string_literal", "character_literal", "interpolated_string_expression", "raw_string_literal"),
	visual:       visualAllowed,
	contExtra:    1,
	bracketExtra: 1,
}

// indentLangs are the languages the lint model judges by their tree.
var indentLangs = map[lang.ID]*indentLang{
	lang.JavaScript: jsIndent,
	lang.TypeScript: jsIndent,
	lang.Java:       javaIndent,
	lang.C:          cIndent,
	lang.CPP:        cIndent,
	lang.Rust:       rustIndent,
	lang.Python:     pythonIndent,
	lang.Go:         goIndent,
	lang.Kotlin:     kotlinIndent,
	lang.CSharp:     csharpIndent,
}
