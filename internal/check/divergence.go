package check

import "github.com/iflint/iflint/internal/constraint"

// Divergence is one named difference in detail between the two profiles
// of a rule: where the lint profile departs from the paper's evaluator,
// and why. A rule's code asks d.In(profile) where the two readings part;
// each divergence has a golden of its own (testdata/<type>/<Name>.txt,
// whose two profiles' outputs differ), and the table in docs/ is
// generated from them.
type Divergence struct {
	Type constraint.Type
	// Name is short and unique within the type; it names the golden.
	Name string
	// Paper is what MultiCodeIF's evaluator does, Lint what the lint
	// profile does instead and why.
	Paper, Lint string
}

// In reports whether the lint reading applies under profile p.
func (d *Divergence) In(p Profile) bool { return p == Lint }
