; Java declarations for the lint naming rule (capture names: see
; naming_decls.go). The kinds follow checkstyle's naming checks: TypeName
; (classes, interfaces, enums, annotation types, records), MethodName,
; LocalVariableName, MemberName and StaticVariableName (fields),
; ConstantName (static final fields, interface fields), ParameterName,
; CatchParameterName, LambdaParameterName, PatternVariableName.

(method_declaration body: (block) @scope.function)
(constructor_declaration body: (constructor_body) @scope.function)
(lambda_expression body: (_) @scope.function)

(class_declaration name: (identifier) @definition.class)
(interface_declaration name: (identifier) @definition.interface)
(enum_declaration name: (identifier) @definition.enum)
(record_declaration name: (identifier) @definition.record)
(annotation_type_declaration name: (identifier) @definition.annotation)

(method_declaration name: (identifier) @definition.method)

(formal_parameter name: (identifier) @definition.parameter)
(spread_parameter (variable_declarator name: (identifier) @definition.parameter))
(catch_formal_parameter name: (identifier) @definition.parameter)
(lambda_expression parameters: (identifier) @definition.parameter)
(inferred_parameters (identifier) @definition.parameter)
; Record components are the record's fields.
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @definition.field)))

(local_variable_declaration declarator: (variable_declarator name: (identifier) @definition.variable))
(enhanced_for_statement name: (identifier) @definition.variable)
(resource name: (identifier) @definition.variable)
(instanceof_expression name: (identifier) @definition.variable)

(field_declaration declarator: (variable_declarator name: (identifier) @definition.field))
(field_declaration (modifiers "static" "final") declarator: (variable_declarator name: (identifier) @definition.constant))
(field_declaration (modifiers "final" "static") declarator: (variable_declarator name: (identifier) @definition.constant))
; Interface fields are implicitly static final.
(constant_declaration declarator: (variable_declarator name: (identifier) @definition.constant))

; An override keeps the overridden method's name.
(method_declaration
  (modifiers (marker_annotation name: [(identifier) (scoped_identifier)] @_ann))
  name: (identifier) @exempt.override
  (#match? @_ann "^(java\\.lang\\.)?Override$"))

; `import a.b.C;` binds C; wildcard imports bind nothing by name.
((import_declaration (scoped_identifier name: (identifier) @definition.import)) @_imp
  (#not-match? @_imp "\\*"))
