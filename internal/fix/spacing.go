package fix

import (
	"slices"

	"github.com/iflint/iflint/internal/rules/layout"
)

// spacingEdits are the edits of the given spacing findings: each issue's
// own (blanks added around an operator, after a comma, or removed around
// a keyword argument's "=", as the rule decided). An issue whose edits
// would overlap an edit already taken (a comma right before an operator,
// say) is skipped with that reason; identical edits are taken once.
func spacingEdits(issues []layout.LayoutIssue, taken Edits) (Edits, []Skipped) {
	var out Edits
	var skipped []Skipped
	overlaps := func(e Edit) bool {
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
			if overlaps(Edit{le.Start, le.End, le.New}) {
				clash = true
			}
		}
		if clash {
			skipped = append(skipped, Skipped{is.Start, is.End, "not fixed: its blanks overlap another fix on this line; run the fixer again"})
			continue
		}
		for _, le := range is.Edits {
			e := Edit{le.Start, le.End, le.New}
			if !slices.Contains(out, e) && !slices.Contains(taken, e) {
				out = append(out, e)
			}
		}
	}
	return out, skipped
}
