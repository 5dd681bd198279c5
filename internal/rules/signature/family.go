package signature

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Rules lists the family's rules, one per constraint type.
var Rules = []*check.Rule{InputTypeRule, InputOrderRule, OutputTypeRule, OutputOrderRule}

// The four rules run the same code in both profiles; where the lint
// profile reads a task otherwise than the paper's evaluator, the
// difference is a named divergence (divergences.go).
var (
	// InputTypeRule: some parameter of the named function is of the
	// required kind (input_type.go).
	InputTypeRule = &check.Rule{
		Type: constraint.InputType, Paper: checkInputType, Lint: checkInputType, Doc: inputTypeDoc,
		Divergences: []*check.Divergence{inputTypeSpec, inputTypeUnsupported, inputTypePointers},
	}
	// InputOrderRule: the named function takes exactly the listed kinds,
	// in order (input_order.go).
	InputOrderRule = &check.Rule{
		Type: constraint.InputOrder, Paper: checkInputOrder, Lint: checkInputOrder, Doc: inputOrderDoc,
		Divergences: []*check.Divergence{inputOrderSpec, inputOrderUnsupported, inputOrderPointers, pythonAbstractKinds, javaArrayMatrix, javaAdjacencyGraph},
	}
	// OutputTypeRule: the named function's declared return type is of the
	// required kind (output_type.go).
	OutputTypeRule = &check.Rule{
		Type: constraint.OutputType, Paper: checkOutputType, Lint: checkOutputType, Doc: outputTypeDoc,
		Divergences: []*check.Divergence{outputTypeSpec, outputTypeUnsupported, outputTypePointers},
	}
	// OutputOrderRule: the named function returns exactly the listed
	// kinds, in order (output_order.go).
	OutputOrderRule = &check.Rule{
		Type: constraint.OutputOrder, Paper: checkOutputOrder, Lint: checkOutputOrder, Doc: outputOrderDoc,
		Divergences: []*check.Divergence{outputOrderSpec, outputOrderUnsupported, topLevelCommas, goSingleResult},
	}
)
