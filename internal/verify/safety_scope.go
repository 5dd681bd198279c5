package verify

// A scope-true rename (internal/rules/naming/resolve.go) respells a
// local and the references bound to it and leaves the other uses of the
// spelling alone: jsoup's enum constant Comment next to a method's local
// Comment. The stage proves it by resolving twice: before the edit the
// local declarations of the old spelling must bind exactly the respelled
// references, and after it the renamed declarations must bind exactly
// the same references, now of the new spelling (nothing of the new
// spelling was captured, nothing left behind). A local is seen by no
// other file, so no other file is read.

import (
	"slices"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/naming"
)

func scopeTrueRisk(old, new *check.Unit, id lang.ID, rn rename, oa, na atoms, need func(string, ...any) string) string {
	bs, why := naming.LocalBindings(old, id, rn.old)
	if why != "" {
		return need("the candidate keeps %q elsewhere, and its declarations are not all locals the rename can follow (%s)", rn.old, why)
	}
	renamed := make([]int, 0, len(rn.at)) // old offsets
	toNew := map[int]int{}
	for _, i := range rn.at {
		renamed = append(renamed, oa.code[i].start)
		toNew[oa.code[i].start] = na.code[i].start
	}
	slices.Sort(renamed)
	var before []int
	for _, b := range bs {
		before = append(before, b.Refs...)
	}
	slices.Sort(before)
	before = slices.Compact(before)
	if !slices.Equal(before, renamed) {
		return need("the respelled identifiers are not exactly the references bound to the local %q", rn.old)
	}
	var after, want []int
	for _, b := range bs {
		nb, why := naming.ResolveAt(new, id, toNew[b.Decl.Start])
		if why != "" {
			return need("after the rename %s", why)
		}
		after = append(after, nb.Refs...)
	}
	for _, o := range renamed {
		want = append(want, toNew[o])
	}
	slices.Sort(after)
	after = slices.Compact(after)
	slices.Sort(want)
	if !slices.Equal(after, want) {
		return need("after the rename the local %q binds other references than before (a capture)", rn.new)
	}
	if stringsNameLocals(id) {
		for _, a := range oa.code {
			if a.ident || !hasWord(a.text, rn.old) {
				continue
			}
			for _, b := range bs {
				if a.start >= b.Start && a.start < b.End {
					line, _ := old.Position(a.start)
					return need("it also appears in text on line %d (a string or macro body) in its scope, which a rename does not update", line)
				}
			}
		}
	}
	return ""
}
