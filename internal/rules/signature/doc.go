// Package signature decides the four interface types of the paper's
// input/output evaluator: input_type (a parameter of the named function
// is of the required kind), input_order (its parameters are the listed
// kinds, in order), output_type (its return type is of the kind) and
// output_order (it returns the listed kinds, in order).
//
// The four rules (input_type.go, input_order.go, output_type.go,
// output_order.go) share one machinery: the task read from the spec
// (task.go), the constrained function's definitions and parameters
// found in the tree-sitter parse in the evaluator's visiting order
// (definitions.go; Python's through its ast's eyes,
// python_annotations.go), the type text the evaluator matches with
// comments left out (type_text.go), the evaluator's per-language type
// tables (type_kinds.go, and input_order's own in input_order.go) and
// how findings point and quote (messages.go).
//
// Both profiles run the same code; where the lint profile reads a task
// otherwise than the paper's evaluator, the difference is a named
// divergence (divergences.go) with a golden of its name. The family has
// no fixer: changing a signature changes every caller.
package signature
