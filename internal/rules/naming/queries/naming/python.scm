; Python declarations for the lint naming rule (see naming_decls.go for
; the capture names). What pep8-naming visits: classes (N801), functions
; and methods (N802), arguments (N803), and every assignment target,
; for/with/except/comprehension target and walrus name (N806, N815,
; N816); plus imports, which are their own kind.

; Scopes: a function body makes declarations local, a class body makes
; functions methods and variables class attributes. Comprehensions are
; and lambdas are not scopes of their own here, as in pep8-naming (a
; walrus in a module-level lambda is a global).
(function_definition body: (block) @scope.function)
(class_definition body: (block) @scope.class)

(class_definition name: (identifier) @definition.class)
(function_definition name: (identifier) @definition.function)

; Parameters of functions and lambdas.
(parameters (_) @pattern.parameter)
(lambda_parameters (_) @pattern.parameter)

; Assignment targets, plain and destructuring (`a, [b, *c] = ...`).
(assignment left: (_) @pattern.variable)
(for_statement left: (_) @pattern.variable)
(for_in_clause left: (_) @pattern.variable)
(with_item value: (as_pattern alias: (as_pattern_target) @pattern.variable))
(except_clause (as_pattern alias: (as_pattern_target) @pattern.variable))
(named_expression name: (identifier) @definition.variable)

; `X = namedtuple(...)`, `T = TypeVar(...)`, `UserId = NewType(...)`
; declare types, even inside a function (pep8-naming exempts namedtuple
; from N806 for this reason).
(assignment
  left: (identifier) @definition.alias
  right: (call function: [(identifier) (attribute)] @_callee)
  (#match? @_callee "(^|\\.)(namedtuple|NamedTuple|TypeVar|NewType|TypedDict|ParamSpec|TypeVarTuple)$"))
(named_expression
  name: (identifier) @definition.alias
  value: (call function: [(identifier) (attribute)] @_callee)
  (#match? @_callee "(^|\\.)(namedtuple|NamedTuple|TypeVar|NewType|TypedDict|ParamSpec|TypeVarTuple)$"))

; `global X` rebinds a module-level name inside a function.
(global_statement (identifier) @global)

; Overrides keep the overridden method's name.
(decorated_definition
  (decorator [(identifier) (attribute)] @_dec)
  definition: (function_definition name: (identifier) @exempt.override)
  (#match? @_dec "^(typing\\.)?override$"))

; Imports: `import a.b` binds a, `import a.b as c` binds c, `from m
; import x` binds x.
(import_statement name: (dotted_name . (identifier) @definition.import))
(aliased_import alias: (identifier) @definition.import)
(import_from_statement name: (dotted_name (identifier) @definition.import))
