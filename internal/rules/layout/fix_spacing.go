package layout

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/rules/layout/editset"
	"github.com/iflint/iflint/internal/work"
)

// spacingEdits are the edits of the given spacing fixes: each fix's own
// (blanks added around an operator, after a comma, or removed around a
// keyword argument's "=", as the rule decided). A fix whose edits would
// overlap an edit already taken (a comma right before an operator, say)
// is skipped with that reason; identical edits are taken once.
//
// The edits taken so far are kept sorted (editset.Set), so each overlap test
// looks at the few edits next to it, not at all of them: a long line
// with thousands of commas composes in n·log n.
func spacingEdits(fixes []*layoutFix, taken check.Edits, m *work.Meter) (check.Edits, []check.Skipped) {
	var out check.Edits
	var skipped []check.Skipped
	before := editset.New(taken, m)
	added := editset.New(nil, m)
	seen := map[check.Edit]bool{}
	for _, e := range taken {
		seen[e] = true
	}
	for _, fx := range fixes {
		clash := false
		for _, e := range fx.edits {
			if before.Clashes(e) || added.Clashes(e) {
				clash = true
			}
		}
		if clash {
			skipped = append(skipped, check.Skipped{Start: fx.start, End: fx.end, Reason: "not fixed: its blanks overlap another fix on this line; run the fixer again"})
			continue
		}
		for _, e := range fx.edits {
			if !seen[e] {
				seen[e] = true
				out = append(out, e)
				added.Insert(e)
			}
		}
	}
	return out, skipped
}
