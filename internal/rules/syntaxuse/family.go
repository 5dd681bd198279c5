package syntaxuse

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Rules lists the family's rules, one per constraint type.
var Rules = []*check.Rule{AdvancedSyntaxRule, FunctionRule, LibraryRule}

// The three rules run the same code in both profiles; where the lint
// profile reads a task otherwise than the paper's evaluator, the
// difference is a named divergence (divergences.go).
var (
	// AdvancedSyntaxRule decides "the code uses <feature>"
	// (advanced_syntax.go).
	AdvancedSyntaxRule = &check.Rule{
		Type:        constraint.AdvancedSyntax,
		Paper:       checkAdvancedSyntax,
		Lint:        checkAdvancedSyntax,
		Doc:         advancedSyntaxDoc,
		Divergences: []*check.Divergence{moreFeatures, featureUnsupported},
	}
	// FunctionRule decides "the code calls <function>" and "the code never
	// calls <function>" (function.go, function_forbidden.go).
	FunctionRule = &check.Rule{
		Type:        constraint.Function,
		Paper:       checkFunction,
		Lint:        checkFunction,
		Doc:         functionDoc,
		Divergences: []*check.Divergence{methodNameOnly, turbofishCalls, templateCalls, genericCalls, callLanguages, callUnsupported},
	}
	// LibraryRule decides "the code uses library <lib>" and "the code never
	// imports <lib>" (library.go, library_forbidden.go).
	LibraryRule = &check.Rule{
		Type:        constraint.Library,
		Paper:       checkLibrary,
		Lint:        checkLibrary,
		Doc:         libraryDoc,
		Divergences: []*check.Divergence{topLevelPackage, relativePaths, wholePathElements, crateSpellings, importLanguages, importUnsupported},
	}
)
