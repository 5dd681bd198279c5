package check

import "github.com/iflint/iflint/internal/constraint"

// Applicability says when a fix may be applied, as ruff's does.
type Applicability uint8

const (
	// DisplayOnly fixes are shown (a suggestion, a diff), never applied
	// by iflint itself.
	DisplayOnly Applicability = iota + 1
	// Unsafe fixes can change what the program does (a rename the rest
	// of the program may depend on); they are applied only with a proof
	// that they do not: the repository's tests passing, or the safety
	// stage's proof.
	Unsafe
	// Safe fixes cannot change what the program does once their syntax
	// tree is proven to keep its shape (layout, comments).
	Safe
)

func (a Applicability) String() string {
	switch a {
	case DisplayOnly:
		return "display-only"
	case Unsafe:
		return "unsafe"
	case Safe:
		return "safe"
	}
	return "unknown"
}

// MarshalText writes the applicability's name.
func (a Applicability) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// Fix is what clears one finding: edits of the unit's source as it was
// checked, applied alone.
type Fix struct {
	Edits         Edits
	Applicability Applicability
	// Data is what the rule's Composer needs to combine this fix with
	// others beyond its edits (an indentation fix's block shift), as an
	// LSP diagnostic's data travels to its code action. Only the rule that
	// made the fix reads it.
	Data any
}

// Composer combines the fixes carried by findings of one constraint on
// one unit into one set of edits. It reads only the findings (their Fix
// and NoFix) and the source: every fact about a fix travels with its
// finding. A finding it cannot fix comes back Skipped with the reason.
// The error is for broken inputs, never for findings that cannot be
// fixed.
type Composer func(u *Unit, c constraint.Constraint, findings []Finding) (Edits, []Skipped, error)
