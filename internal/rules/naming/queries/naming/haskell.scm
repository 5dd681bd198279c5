; Haskell declarations for the lint naming rule (capture names: see
; naming_decls.go): data types, newtypes, type synonyms and classes,
; function equations and bindings, their variable patterns, record
; fields.

(function match: (_) @scope.function)

(data_type name: (name) @definition.class)
(newtype name: (name) @definition.class)
(type_synomym name: (name) @definition.alias)
(class name: (name) @definition.class)

(function name: (variable) @definition.function)
(bind name: (variable) @definition.variable)
(function patterns: (patterns (variable) @definition.parameter))
(field name: (field_name (variable) @definition.field))
