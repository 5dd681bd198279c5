; JavaScript declarations for the lint naming rule (capture names: see
; naming_decls.go): what eslint's camelcase reports as declarations —
; variables (destructuring included), functions, classes, parameters,
; catch parameters and imports — plus class methods and fields. Object
; literal keys and member assignments (`obj.foo_bar = 1`) are property
; names, not declarations (camelcase with properties: "never").

(function_declaration body: (statement_block) @scope.function)
(generator_function_declaration body: (statement_block) @scope.function)
(function_expression body: (statement_block) @scope.function)
(generator_function body: (statement_block) @scope.function)
(arrow_function body: (_) @scope.function)
(method_definition body: (statement_block) @scope.function)
(class_body) @scope.class

(class_declaration name: (identifier) @definition.class)
(class name: (identifier) @definition.class)

(function_declaration name: (identifier) @definition.function)
(generator_function_declaration name: (identifier) @definition.function)
(function_expression name: (identifier) @definition.function)
(generator_function name: (identifier) @definition.function)

(class_body (method_definition name: [(property_identifier) (private_property_identifier)] @definition.method))
(class_body (field_definition property: [(property_identifier) (private_property_identifier)] @definition.field))

(variable_declarator name: (_) @pattern.variable)
(for_in_statement kind: _ left: (_) @pattern.variable)
(formal_parameters (_) @pattern.parameter)
(arrow_function parameter: (identifier) @definition.parameter)
(catch_clause parameter: (_) @pattern.parameter)

(import_clause (identifier) @definition.import)
(namespace_import (identifier) @definition.import)
(import_specifier name: (identifier) @definition.import !alias)
(import_specifier alias: (identifier) @definition.import)
