; Zig declarations for the lint naming rule (capture names: see
; naming_decls.go): the Zig style guide's kinds — types (a const bound
; to a struct, enum, union or opaque), functions, parameters, variables,
; fields; `@import` bindings are imports.

(function_declaration body: (block) @scope.function)
(struct_declaration) @scope.class

(variable_declaration (identifier) @definition.struct (struct_declaration))
(variable_declaration (identifier) @definition.enum (enum_declaration))
(variable_declaration (identifier) @definition.union (union_declaration))
(variable_declaration (identifier) @definition.import
  (builtin_function (builtin_identifier) @_b) (#eq? @_b "@import"))
(variable_declaration (identifier) @definition.variable)

(function_declaration name: (identifier) @definition.function)
(parameter name: (identifier) @definition.parameter)
(payload (identifier) @definition.variable)
(struct_declaration (container_field name: (identifier) @definition.field))
(union_declaration (container_field name: (identifier) @definition.field))
