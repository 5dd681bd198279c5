package naming

// Per-language parts of the lint naming rule that a query cannot say:
// how destructuring patterns and declarators bind names, which names the
// language forces, and which other conventions a declaration may
// follow because the syntax tree cannot tell what it is.

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

type namingLang struct {
	// bindings yields the names a @pattern capture binds; a kind other
	// than "" overrides the capture's (a C declarator that turns out to
	// declare a function).
	bindings func(n syntax.Node, emit func(syntax.Node, constraint.NameKind))
	// exempt says why the language forces d's spelling, or "".
	exempt func(u *check.Unit, d *Declaration) string
	// alternates are the kinds whose conventions d may follow instead of
	// its own (pythonAlternates, jsAlternates, kotlinAlternates).
	alternates func(d Declaration) []constraint.NameKind
}

var namingLangs = map[lang.ID]namingLang{
	lang.Python:     {bindings: pythonBindings, exempt: pythonExempt, alternates: pythonAlternates},
	lang.Java:       {exempt: javaExempt},
	lang.JavaScript: {bindings: jsBindings, exempt: blankExempt, alternates: jsAlternates},
	lang.TypeScript: {bindings: jsBindings, exempt: blankExempt, alternates: jsAlternates},
	lang.Go:         {exempt: goExempt},
	lang.Rust:       {bindings: rustBindings, exempt: mainExempt},
	lang.C:          {bindings: cBindings, exempt: mainExempt},
	lang.CPP:        {bindings: cBindings, exempt: mainExempt},
	lang.CSharp:     {exempt: blankExempt},
	lang.Kotlin:     {exempt: kotlinExempt, alternates: kotlinAlternates},
	lang.Haskell:    {exempt: blankExempt},
	lang.Zig:        {exempt: blankExempt},
}

var (
	constTypeAlt = []constraint.NameKind{constraint.KindConstant, constraint.KindClass}
	constAlt     = []constraint.NameKind{constraint.KindConstant}
)

// pythonAlternates: PEP 8 writes module-level constants in UPPER_CASE
// and type aliases (`Url = str`, `Point = namedtuple(...)` outside a
// function) in CapWords, with nothing in the syntax to mark either; so a
// module- or class-level assignment may follow the variable, constant
// or class convention (pep8-naming's N815/N816 accept exactly these and
// flag only mixedCase). Inside a function a variable is a variable.
func pythonAlternates(d Declaration) []constraint.NameKind {
	if (d.Kind == constraint.KindVariable || d.Kind == constraint.KindField) && d.Scope != ScopeFunction {
		return constTypeAlt
	}
	return nil
}

// jsAlternates: a JavaScript binding may hold a class or a constructor
// (`const EventEmitter = require('events')`, `function View() {}` used
// with new) or a constant (`const MAX_RETRIES = 3`); eslint's camelcase
// accepts PascalCase and ALL_CAPS names for the same reason, functions
// included (`function LOADER_EXECUTION()` names a stack frame).
func jsAlternates(d Declaration) []constraint.NameKind {
	switch d.Kind {
	case constraint.KindVariable, constraint.KindParameter, constraint.KindImport, constraint.KindField:
		return constTypeAlt
	case constraint.KindFunction:
		return constTypeAlt
	}
	return nil
}

// kotlinAlternates: Kotlin's coding conventions write top-level and
// object-level `val`s holding constants in SCREAMING_CASE even without
// `const`.
func kotlinAlternates(d Declaration) []constraint.NameKind {
	if (d.Kind == constraint.KindVariable || d.Kind == constraint.KindField) && d.Scope != ScopeFunction {
		return constAlt
	}
	return nil
}

// HasAlternates reports whether a declaration in id may follow another
// kind's convention instead of its own (see pythonAlternates), so that
// its verdict depends on the conventions the spec sets for those kinds;
// internal/infer then writes those kinds' rules along with the one it
// infers.
func HasAlternates(id lang.ID) bool { return namingLangs[id].alternates != nil }

// defaultConvention is the convention an alternate kind is held to when
// the constraint sets none for it.
func defaultConvention(k constraint.NameKind) string {
	if k == constraint.KindConstant {
		return "UPPER_CASE"
	}
	return "PascalCase"
}
