; C declarations for the lint naming rule (capture names: see
; naming_decls.go). Declarators nest (`int *(*f)(void)`), so they are
; followed by cBindings: a declarator applying parameters to a name
; declares a function, anything else a variable.

(function_definition body: (compound_statement) @scope.function)

(struct_specifier name: (type_identifier) @definition.struct body: (field_declaration_list))
(union_specifier name: (type_identifier) @definition.union body: (field_declaration_list))
(enum_specifier name: (type_identifier) @definition.enum body: (enumerator_list))
(type_definition declarator: (_) @pattern.alias)

(function_definition declarator: (_) @pattern.function)
(declaration declarator: (_) @pattern.variable)
(parameter_declaration declarator: (_) @pattern.parameter)
(field_declaration declarator: (_) @pattern.field)

; Object-like macros are C's named constants.
(preproc_def name: (identifier) @definition.constant)
