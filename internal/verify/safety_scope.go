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
	for _, b := range bs {
		if localTypeMember(nodeAt(old, id, b.Decl.Start)) {
			line, _ := old.Position(b.Decl.Start)
			return need("the %q on line %d is a member of a type declared in a function (a local class or record), which code reaches as Type.name", rn.old, line)
		}
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
	// A cross-check that does not trust the scopes above: no use of the
	// old spelling may remain in the function that declares the local
	// (a use there that binds elsewhere is too rare to be worth the risk
	// of a scope drawn too small, as a range clause without its body).
	for _, b := range bs {
		fn := naming.EnclosingFunction(nodeAt(old, id, b.Decl.Start))
		if !fn.Valid() {
			return need("the local %q is in no function", rn.old)
		}
		for _, a := range na.code {
			if !a.ident || a.text != rn.old || naming.IsMemberName(a.node) {
				continue
			}
			if at := oldOffset(a.start, toNew, rn); at >= fn.Start() && at < fn.End() {
				line, _ := new.Position(a.start)
				return need("the candidate keeps %q on line %d, in the function that declares the renamed local", rn.old, line)
			}
		}
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

// oldOffset maps an offset of the candidate, outside any renamed
// identifier, back to the original: past the last renamed identifier
// before it, the texts differ by that identifier's shift and by the
// difference of the spellings' lengths.
func oldOffset(off int, toNew map[int]int, rn rename) int {
	best, bestNew := 0, -1
	for o, n := range toNew {
		if n < off && n > bestNew {
			best, bestNew = o, n
		}
	}
	if bestNew < 0 {
		return off
	}
	return off + (best - bestNew) + len(rn.old) - len(rn.new)
}
