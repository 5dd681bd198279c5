; C# declarations for the lint naming rule (capture names: see
; naming_decls.go): the symbols .NET's naming guidelines and the IDE
; naming rules cover.

(method_declaration body: (block) @scope.function)
(constructor_declaration body: (block) @scope.function)
(lambda_expression body: (_) @scope.function)
(local_function_statement body: (block) @scope.function)

(class_declaration name: (identifier) @definition.class)
(struct_declaration name: (identifier) @definition.struct)
(interface_declaration name: (identifier) @definition.interface)
(enum_declaration name: (identifier) @definition.enum)
(record_declaration name: (identifier) @definition.record)
(delegate_declaration name: (identifier) @definition.alias)

(method_declaration name: (identifier) @definition.method)
(local_function_statement name: (identifier) @definition.function)

(parameter name: (identifier) @definition.parameter)
(catch_declaration name: (identifier) @definition.parameter)
(local_declaration_statement (variable_declaration (variable_declarator name: (identifier) @definition.variable)))
(foreach_statement left: (identifier) @definition.variable)
(for_statement (variable_declaration (variable_declarator name: (identifier) @definition.variable)))
(using_statement (variable_declaration (variable_declarator name: (identifier) @definition.variable)))

(field_declaration (variable_declaration (variable_declarator name: (identifier) @definition.field)))
(field_declaration (modifier "const") (variable_declaration (variable_declarator name: (identifier) @definition.constant)))
(property_declaration name: (identifier) @definition.field)
(record_declaration (parameter_list (parameter name: (identifier) @definition.field)))

(using_directive name: (identifier) @definition.import)

(method_declaration (modifier "override") name: (identifier) @exempt.override)
(property_declaration (modifier "override") name: (identifier) @exempt.override)
