; Go declarations for the lint naming rule (capture names: see
; naming_decls.go): what revive's var-naming visits — types, functions,
; methods, parameters and results, var and const specs, := and range
; variables, struct fields — plus interface methods, type switch and
; select variables and imports.

(function_declaration body: (block) @scope.function)
(method_declaration body: (block) @scope.function)
(func_literal body: (block) @scope.function)

(type_spec name: (type_identifier) @definition.class)
(type_spec name: (type_identifier) @definition.struct type: (struct_type))
(type_spec name: (type_identifier) @definition.interface type: (interface_type))
(type_alias name: (type_identifier) @definition.alias)

(function_declaration name: (identifier) @definition.function)
(method_declaration name: (field_identifier) @definition.method)
(method_elem name: (field_identifier) @definition.method)

(parameter_declaration name: (identifier) @definition.parameter)
(variadic_parameter_declaration name: (identifier) @definition.parameter)

(var_spec name: (identifier) @definition.variable)
(const_spec name: (identifier) @definition.constant)
(short_var_declaration left: (expression_list (identifier) @definition.variable))
(range_clause left: (expression_list (identifier) @definition.variable) ":=")
(receive_statement left: (expression_list (identifier) @definition.variable) ":=")
(type_switch_statement alias: (expression_list (identifier) @definition.variable))

(field_declaration name: (field_identifier) @definition.field)

(import_spec name: (package_identifier) @definition.import)
