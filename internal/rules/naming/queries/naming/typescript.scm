; TypeScript declarations for the lint naming rule (capture names: see
; naming_decls.go): JavaScript's (javascript.scm) plus interfaces, type
; aliases, enums, abstract classes, signatures and parameter
; properties, the declarations typescript-eslint's naming-convention
; knows.

(function_declaration body: (statement_block) @scope.function)
(generator_function_declaration body: (statement_block) @scope.function)
(function_expression body: (statement_block) @scope.function)
(generator_function body: (statement_block) @scope.function)
(arrow_function body: (_) @scope.function)
(method_definition body: (statement_block) @scope.function)
(class_body) @scope.class
(interface_body) @scope.class

(class_declaration name: (type_identifier) @definition.class)
(abstract_class_declaration name: (type_identifier) @definition.class)
(class name: (type_identifier) @definition.class)
(interface_declaration name: (type_identifier) @definition.interface)
(type_alias_declaration name: (type_identifier) @definition.alias)
(enum_declaration name: (identifier) @definition.enum)

(function_declaration name: (identifier) @definition.function)
(generator_function_declaration name: (identifier) @definition.function)
(function_expression name: (identifier) @definition.function)
(generator_function name: (identifier) @definition.function)
(function_signature name: (identifier) @definition.function)

(class_body (method_definition name: [(property_identifier) (private_property_identifier)] @definition.method))
(class_body (method_signature name: [(property_identifier) (private_property_identifier)] @definition.method))
(class_body (abstract_method_signature name: [(property_identifier) (private_property_identifier)] @definition.method))
(interface_body (method_signature name: (property_identifier) @definition.method))
(class_body (public_field_definition name: [(property_identifier) (private_property_identifier)] @definition.field))
(interface_body (property_signature name: (property_identifier) @definition.field))
; `constructor(private readonly fooBar: T)` declares a field.
(required_parameter (accessibility_modifier) pattern: (identifier) @definition.field)
(optional_parameter (accessibility_modifier) pattern: (identifier) @definition.field)

(variable_declarator name: (_) @pattern.variable)
(for_in_statement kind: _ left: (_) @pattern.variable)
(formal_parameters (_) @pattern.parameter)
(arrow_function parameter: (identifier) @definition.parameter)
(catch_clause parameter: (_) @pattern.parameter)

(import_clause (identifier) @definition.import)
(namespace_import (identifier) @definition.import)
(import_specifier name: (identifier) @definition.import !alias)
(import_specifier alias: (identifier) @definition.import)

; An override keeps the overridden member's name.
(class_body (method_definition (override_modifier) name: (_) @exempt.override))
