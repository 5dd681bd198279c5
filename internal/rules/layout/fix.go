package layout

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/work"
)

// composeIndentation is indentation_spacing's check.Composer: it combines
// the fixes the given findings carry (see fix_carry.go) and nothing else,
// so it edits exactly what those findings require, and findings it is not
// given (outside a pull request's diff, say) are left alone. An
// indentation fix sets its line's leading blanks and shifts the lines
// that stand with it (its block) so the block keeps its shape; when
// several fixes move one line (a block inside a re-indented block) their
// shifts add up, which is why the fixes are recomputed from their Data
// rather than merged as edits (fix_indent.go). A spacing fix adds or
// removes the blanks around its operator or comma (fix_spacing.go). A
// finding that carries no fix comes back Skipped with its NoFix reason.
func composeIndentation(u *check.Unit, c constraint.Constraint, findings []check.Finding) (check.Edits, []check.Skipped, error) {
	if len(findings) == 0 || c.Indent == nil {
		return nil, nil, nil
	}
	var indent, spacing []*layoutFix
	var skipped []check.Skipped
	taken := map[int]bool{} // indentation fixes by line, each applied once
	for _, f := range findings {
		fx := carriedFix(f)
		switch {
		case fx == nil:
			why := f.NoFix
			if why == "" {
				why = "the rule no longer reports this finding on the current text"
			}
			skipped = append(skipped, check.Skipped{Start: f.Start, End: f.End, Reason: why})
		case fx.kind == indentIssue:
			if !taken[fx.line] {
				taken[fx.line] = true
				indent = append(indent, fx)
			}
		default:
			spacing = append(spacing, fx)
		}
	}
	left := map[int]bool{}
	for _, fx := range indent {
		for _, l := range fx.leaves {
			if !left[l.Start] {
				left[l.Start] = true
				skipped = append(skipped, l)
			}
		}
	}
	meter := work.Of(u)
	edits, sk := indentEdits(u.Src, indent, meter)
	skipped = append(skipped, sk...)
	se, sk := spacingEdits(spacing, edits, meter)
	skipped = append(skipped, sk...)
	edits = append(edits, se...)
	if err := edits.Validate(u.Src); err != nil {
		return nil, nil, fmt.Errorf("indentation fix: own edits: %w", err)
	}
	slices.SortStableFunc(skipped, func(a, b check.Skipped) int { return cmp.Compare(a.Start, b.Start) })
	return edits, skipped, nil
}

// carriedFix is the layout fix a finding of this rule carries, or nil.
func carriedFix(f check.Finding) *layoutFix {
	if f.Fix == nil {
		return nil
	}
	fx, _ := f.Fix.Data.(*layoutFix)
	return fx
}
