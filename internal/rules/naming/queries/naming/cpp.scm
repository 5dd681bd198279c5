; C++ declarations for the lint naming rule (capture names: see
; naming_decls.go): C's (c.scm) plus classes, namespaced aliases,
; methods, range-for and structured bindings, and lambdas.

(function_definition body: (compound_statement) @scope.function)
(lambda_expression body: (compound_statement) @scope.function)
(field_declaration_list) @scope.class

(class_specifier name: (type_identifier) @definition.class body: (field_declaration_list))
(struct_specifier name: (type_identifier) @definition.struct body: (field_declaration_list))
(union_specifier name: (type_identifier) @definition.union body: (field_declaration_list))
(enum_specifier name: (type_identifier) @definition.enum body: (enumerator_list))
(type_definition declarator: (_) @pattern.alias)
(alias_declaration name: (type_identifier) @definition.alias)

(function_definition declarator: (_) @pattern.function)
(declaration declarator: (_) @pattern.variable)
(parameter_declaration declarator: (_) @pattern.parameter)
(optional_parameter_declaration declarator: (_) @pattern.parameter)
(field_declaration declarator: (_) @pattern.field)
(for_range_loop declarator: (_) @pattern.variable)

(preproc_def name: (identifier) @definition.constant)
; constexpr at namespace level declares a constant.
(translation_unit (declaration (type_qualifier "constexpr") declarator: (_) @pattern.constant))
(namespace_definition body: (declaration_list (declaration (type_qualifier "constexpr") declarator: (_) @pattern.constant)))

; Constructors and destructors carry the class's name; overrides the
; overridden method's.
(class_specifier name: (type_identifier) @_class
  body: (field_declaration_list [
    (function_definition declarator: (function_declarator declarator: (identifier) @exempt.constructor))
    (declaration declarator: (function_declarator declarator: (identifier) @exempt.constructor))
    (field_declaration declarator: (function_declarator declarator: (identifier) @exempt.constructor))])
  (#eq? @_class @exempt.constructor))
(struct_specifier name: (type_identifier) @_class
  body: (field_declaration_list [
    (function_definition declarator: (function_declarator declarator: (identifier) @exempt.constructor))
    (declaration declarator: (function_declarator declarator: (identifier) @exempt.constructor))])
  (#eq? @_class @exempt.constructor))
(qualified_identifier scope: (namespace_identifier) @_class name: (identifier) @exempt.constructor
  (#eq? @_class @exempt.constructor))
(function_declarator declarator: (field_identifier) @exempt.override (virtual_specifier))
(function_declarator declarator: (identifier) @exempt.override (virtual_specifier))
