package braces

import "github.com/iflint/iflint/internal/lang"

// braceLiterals are, per language, the node types whose "{" opens a value
// (a composite literal, an initializer list, an object, an import list, a
// pattern, a lambda literal), not a block. Brace styles govern blocks, so
// the lint profile never reports these braces, and never lets one hide
// the block brace after it on the same line.
var literals = map[lang.ID][]string{
	lang.Go:         {"literal_value"},
	lang.Java:       {"array_initializer", "element_value_array_initializer"},
	lang.JavaScript: {"object", "object_pattern", "named_imports", "export_clause", "jsx_expression"},
	lang.TypeScript: {"object", "object_pattern", "named_imports", "export_clause", "object_type", "jsx_expression"},
	lang.C:          {"initializer_list"},
	lang.CPP:        {"initializer_list"},
	lang.CSharp:     {"initializer_expression", "anonymous_object_creation_expression", "interpolation"},
	// A Kotlin lambda is a value: `list.forEach {` cannot move its brace
	// to the next line without becoming a separate statement.
	lang.Kotlin: {"lambda_literal", "interpolated_expression"},
	lang.Rust:   {"field_initializer_list", "use_list", "struct_pattern"},
}
