; Rust declarations for the lint naming rule (capture names: see
; naming_decls.go): what rustc's naming lints check — types, traits and
; type aliases (non_camel_case_types), functions, methods, let, for and
; parameter bindings and fields (non_snake_case), const and static
; items (non_upper_case_globals) — plus `use ... as` aliases.

(function_item body: (block) @scope.function)
(closure_expression body: (_) @scope.function)
(impl_item body: (declaration_list) @scope.class)
(trait_item body: (declaration_list) @scope.class)

(struct_item name: (type_identifier) @definition.struct)
(enum_item name: (type_identifier) @definition.enum)
(union_item name: (type_identifier) @definition.union)
(trait_item name: (type_identifier) @definition.trait)
(type_item name: (type_identifier) @definition.alias)

(function_item name: (identifier) @definition.function)
(function_signature_item name: (identifier) @definition.function)

(parameters (parameter) @pattern.parameter)
(closure_parameters) @pattern.parameter
(let_declaration pattern: (_) @pattern.variable)
(for_expression pattern: (_) @pattern.variable)
(let_condition pattern: (_) @pattern.variable)

(field_declaration name: (field_identifier) @definition.field)

(const_item name: (identifier) @definition.constant)
(static_item name: (identifier) @definition.constant)

(use_as_clause alias: (identifier) @definition.import)

; A trait implementation's items are named by the trait.
(impl_item trait: (_) body: (declaration_list [(function_item name: (identifier) @exempt.trait_impl) (const_item name: (identifier) @exempt.trait_impl) (type_item name: (type_identifier) @exempt.trait_impl)]))
