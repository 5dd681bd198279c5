package datastruct

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Rules lists the family's rules, one per constraint type.
var Rules = []*check.Rule{TypeRule, SizeRule, OperationRule}

// The three rules run the same code in both profiles; where the lint
// profile reads a task otherwise than the paper's evaluator, the
// difference is a named divergence (divergences.go).
var (
	// TypeRule decides data_structure_type (data_structure_type.go).
	TypeRule = &check.Rule{
		Type: constraint.DSType, Paper: checkType, Lint: checkType, Doc: typeDoc,
		Divergences: []*check.Divergence{typeSpec, typePython, typeGo, typeRust},
	}
	// SizeRule decides data_structure_size (data_structure_size.go).
	SizeRule = &check.Rule{
		Type: constraint.DSSize, Paper: checkSize, Lint: checkSize, Doc: sizeDoc,
		Divergences: []*check.Divergence{sizeSpec, sizePython, sizeGo, sizeRust, caseInsensitive},
	}
	// OperationRule decides data_structure_operation
	// (data_structure_operation.go).
	OperationRule = &check.Rule{
		Type: constraint.DSOperation, Paper: checkOperation, Lint: checkOperation, Doc: operationDoc,
		Divergences: []*check.Divergence{operationSpec, operationPython, operationGo, operationRust, notAndPhrases, characterOffsets},
	}
)
