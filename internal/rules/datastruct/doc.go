// Package datastruct decides the three data-structure types of the
// paper's evaluator: data_structure_type (the code uses the required
// structure), data_structure_size (and its size appears in the code) and
// data_structure_operation (and every listed operation is called).
//
// All three start from one analysis per unit and language
// (analysis.go): the tree-sitter parse (internal/syntax) read through
// one query, minus what Pygments would call a comment and the
// evaluator's remove_comments drops (removed_text.go), the structures
// found as the evaluator finds them (type_identifiers, or Python's
// visitor, python_structures.go) and the call sites. structures.go looks
// the required structure up; the rules are data_structure_type.go,
// data_structure_size.go and data_structure_operation.go, the last
// reading call names with the evaluator's byte-offset slicing
// (char_offsets.go).
//
// Both profiles run the same code; where the lint profile reads a task
// otherwise than the paper's evaluator, the difference is a named
// divergence (divergences.go) with a golden of its name. The family has
// no fixer.
package datastruct
