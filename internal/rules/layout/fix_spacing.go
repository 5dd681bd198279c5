package layout

import (
	"slices"

	"github.com/iflint/iflint/internal/check"
)

// spacingEdits are the edits of the given spacing fixes: each fix's own
// (blanks added around an operator, after a comma, or removed around a
// keyword argument's "=", as the rule decided). A fix whose edits would
// overlap an edit already taken (a comma right before an operator, say)
// is skipped with that reason; identical edits are taken once.
func spacingEdits(fixes []*layoutFix, taken check.Edits) (check.Edits, []check.Skipped) {
	var out check.Edits
	var skipped []check.Skipped
	overlaps := func(e check.Edit) bool {
		for _, t := range append(slices.Clone(taken), out...) {
			if t == e {
				continue
			}
			if e.Start < t.End && t.Start < e.End || e.Start == e.End && t.Start < e.Start && e.Start < t.End || t.Start == t.End && e.Start < t.Start && t.Start < e.End {
				return true
			}
		}
		return false
	}
	for _, fx := range fixes {
		clash := false
		for _, e := range fx.edits {
			if overlaps(e) {
				clash = true
			}
		}
		if clash {
			skipped = append(skipped, check.Skipped{Start: fx.start, End: fx.end, Reason: "not fixed: its blanks overlap another fix on this line; run the fixer again"})
			continue
		}
		for _, e := range fx.edits {
			if !slices.Contains(out, e) && !slices.Contains(taken, e) {
				out = append(out, e)
			}
		}
	}
	return out, skipped
}
