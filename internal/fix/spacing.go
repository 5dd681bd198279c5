package fix

import (
	"slices"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/rules/layout"
)

// spacingEdits are the edits of the given spacing findings: each issue's
// own (blanks added around an operator, after a comma, or removed around
// a keyword argument's "=", as the rule decided). An issue whose edits
// would overlap an edit already taken (a comma right before an operator,
// say) is skipped with that reason; identical edits are taken once.
func spacingEdits(issues []layout.LayoutIssue, taken check.Edits) (check.Edits, []check.Skipped) {
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
	for _, is := range issues {
		clash := false
		for _, le := range is.Edits {
			if overlaps(check.Edit{Start: le.Start, End: le.End, New: le.New}) {
				clash = true
			}
		}
		if clash {
			skipped = append(skipped, check.Skipped{Start: is.Start, End: is.End, Reason: "not fixed: its blanks overlap another fix on this line; run the fixer again"})
			continue
		}
		for _, le := range is.Edits {
			e := check.Edit{Start: le.Start, End: le.End, New: le.New}
			if !slices.Contains(out, e) && !slices.Contains(taken, e) {
				out = append(out, e)
			}
		}
	}
	return out, skipped
}
