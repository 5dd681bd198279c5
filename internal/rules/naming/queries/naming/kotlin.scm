; Kotlin declarations for the lint naming rule (capture names: see
; naming_decls.go): classes, objects, interfaces, enums and type aliases,
; functions, parameters, properties and locals, const vals.

(function_declaration (function_body) @scope.function)
(lambda_literal) @scope.function
(class_body) @scope.class
(enum_class_body) @scope.class

(class_declaration (type_identifier) @definition.class)
(class_declaration "interface" (type_identifier) @definition.interface)
(class_declaration "enum" (type_identifier) @definition.enum)
(object_declaration (type_identifier) @definition.object)
(type_alias (type_identifier) @definition.alias)

(function_declaration (simple_identifier) @definition.function)

(parameter (simple_identifier) @definition.parameter)
(class_parameter (simple_identifier) @definition.parameter)
(class_parameter (binding_pattern_kind) (simple_identifier) @definition.field)
(lambda_parameters (variable_declaration (simple_identifier) @definition.parameter))
(catch_block (simple_identifier) @definition.parameter)

(property_declaration (variable_declaration (simple_identifier) @definition.variable))
(property_declaration (multi_variable_declaration (variable_declaration (simple_identifier) @definition.variable)))
(property_declaration (modifiers (property_modifier) @_m) (variable_declaration (simple_identifier) @definition.constant)
  (#eq? @_m "const"))
(for_statement (variable_declaration (simple_identifier) @definition.variable))

(import_alias (type_identifier) @definition.import)

(function_declaration (modifiers (member_modifier) @_m) (simple_identifier) @exempt.override (#eq? @_m "override"))
(property_declaration (modifiers (member_modifier) @_m) (variable_declaration (simple_identifier) @exempt.override) (#eq? @_m "override"))
