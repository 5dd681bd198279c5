package braces

// How compose proves the brace fixes it combines: applied, the source
// must parse no worse and keep its tree's shape, and the rule must then
// report exactly the placements it reported before, less the fixed ones.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// verify keeps the fixes that prove out: all together when the
// result is sound, else each one that is sound on its own (a rejected
// one is Skipped with the reason).
func verify(u *check.Unit, c constraint.Constraint, before *syntax.Tree, probs []Problem, parts []part) ([]part, []check.Skipped) {
	if len(parts) == 0 {
		return nil, nil
	}
	m := work.Of(u)
	if all, ok := mergeAll(parts, m); ok && resultProblem(u, c, before, probs, parts, all) == "" {
		return parts, nil
	}
	// One by one: each part is re-checked alone, a parse of the file
	// each, so this fallback is charged as such and stopped by the budget
	// on a file with very many fixes that are unsound together.
	var kept []part
	var sk []check.Skipped
	var acc check.Edits
	for _, fx := range parts {
		m.Add(len(acc) + len(fx.edits))
		merged, err := check.Merge(acc, fx.edits)
		if err != nil {
			sk = append(sk, check.Skipped{Start: fx.f.Start, End: fx.f.End, Reason: "its edit overlaps the fix of another brace next to it; fix that one first, then run the fixer again"})
			continue
		}
		if why := resultProblem(u, c, before, probs, []part{fx}, fx.edits); why != "" {
			sk = append(sk, check.Skipped{Start: fx.f.Start, End: fx.f.End, Reason: why})
			continue
		}
		kept, acc = append(kept, fx), merged
	}
	if len(kept) > 1 {
		if why := resultProblem(u, c, before, probs, kept, acc); why != "" {
			// Sound one by one, not together: keep the first alone.
			for _, fx := range kept[1:] {
				sk = append(sk, check.Skipped{Start: fx.f.Start, End: fx.f.End, Reason: "sound alone but not together with the fix before it (" + why + "); run the fixer again"})
			}
			kept = kept[:1]
		}
	}
	return kept, sk
}

// resultProblem applies es (the edits of fixes) and says why the
// result is not the same program with exactly those placements fixed,
// or "".
func resultProblem(u *check.Unit, c constraint.Constraint, before *syntax.Tree, probs []Problem, fixes []part, es check.Edits) string {
	m := work.Of(u)
	m.Add(2 * len(u.Src)) // a parse and a re-read of the edited file
	if why := shapeProblem(u, c.Lang, es, before); why != "" {
		return why
	}
	out, err := es.Apply(u.Src)
	if err != nil {
		return fmt.Sprintf("edit does not apply: %v", err)
	}
	// The re-check is the tree reading's, whichever profile found the
	// placements: it is what the fixes carry.
	re, err := read(check.NewUnit(u.Ctx, u.Path, out, check.Lint), c)
	if err != nil {
		return "the fixed file cannot be re-read: " + err.Error()
	}
	after := re.out
	m.Add((len(probs) + len(after)) * (1 + work.Log(len(es))))
	fixed := map[int]bool{}
	for _, fx := range fixes {
		fixed[fx.p.At] = true
	}
	sorted, _ := es.Normalize(len(u.Src), check.EditName)
	fwd := newForwardMap(sorted)
	want := map[[2]int]bool{} // mapped offset, kind
	for _, p := range probs {
		if !fixed[p.At] {
			want[[2]int{fwd.of(p.At), int(p.Kind)}] = true
		}
	}
	got := map[[2]int]bool{}
	for _, p := range after {
		k := [2]int{p.At, int(p.Kind)}
		got[k] = true
		if !want[k] {
			return "after the move the rule reports a new placement: " + p.Message
		}
	}
	for k := range want {
		if !got[k] {
			return "the move would also change a placement it was not asked to fix"
		}
	}
	return ""
}

// mapForward maps an offset of the original source, outside every
// edited range, to the edited source. It is the reference forwardMap
// answers in log time (a scan per problem was problems × edits).
func mapForward(sorted check.Edits, off int) int {
	delta := 0
	for _, e := range sorted {
		if e.End > off {
			break
		}
		delta += len(e.New) - (e.End - e.Start)
	}
	return off + delta
}

// forwardMap is mapForward for many offsets: ends[i] is sorted[i].End
// while the ends ascend (the scan stops at the first edit ending past
// the offset), shift[i] the text's shift after edits 0..i.
type forwardMap struct {
	ends, shift []int
}

func newForwardMap(sorted check.Edits) forwardMap {
	var f forwardMap
	delta, end := 0, -1
	for _, e := range sorted {
		end = max(end, e.End)
		delta += len(e.New) - (e.End - e.Start)
		f.ends, f.shift = append(f.ends, end), append(f.shift, delta)
	}
	return f
}

func (f forwardMap) of(off int) int {
	// The scan adds edits while each ends at or before off: the edits
	// before the first whose running maximum end passes off.
	i := sort.SearchInts(f.ends, off+1)
	if i == 0 {
		return off
	}
	return off + f.shift[i-1]
}

// mergeAll is check.Merge of every part's edits in turn, done in one
// sort: merging one part at a time re-sorted and re-searched everything
// merged so far, quadratic in the parts. An edit identical to one of an
// earlier part is dropped, as Merge drops it; ok is false where Merge
// would fail (an overlap).
func mergeAll(parts []part, m *work.Meter) (check.Edits, bool) {
	seen := map[check.Edit]bool{}
	var all check.Edits
	for _, fx := range parts {
		m.Add(len(fx.edits) * (1 + work.Log(len(fx.edits))))
		if _, err := fx.edits.Normalize(-1, check.EditName); err != nil {
			return nil, false
		}
		n := len(all)
		for _, e := range fx.edits {
			if !seen[e] {
				all = append(all, e)
			}
		}
		for _, e := range all[n:] {
			seen[e] = true
		}
	}
	m.Add(len(all) * (1 + work.Log(len(all))))
	sorted, err := all.Normalize(-1, check.EditName)
	if err != nil {
		return nil, false
	}
	return sorted, true
}

// shapeProblem applies es alone and says why the result is not the same
// program, or "". Brace edits change only blanks, so the tree's shape
// must stay, except where the tree was wrong to begin with: a source
// with parse errors may keep them (a brace moved elsewhere in the file
// leaves the same shape) or lose some (the move repaired them), never
// gain any. Go is that case in disguise: semicolon insertion makes
// `func main()` + newline + "{" a body-less declaration and a stray
// block, which tree-sitter accepts but the compiler rejects, and its
// newline tokens are part of the tree, so a move there is kept if the
// result parses.
func shapeProblem(u *check.Unit, id lang.ID, es check.Edits, before *syntax.Tree) string {
	out, err := es.Apply(u.Src)
	if err != nil {
		return fmt.Sprintf("edit does not apply: %v", err)
	}
	if id == lang.TypeScript && strings.HasSuffix(strings.ToLower(u.Path), ".tsx") {
		id = syntax.TSX // as the tree before was read (treeOf)
	}
	t, err := syntax.Parse(u.Ctx, id, out)
	if err != nil {
		return "the moved source cannot be parsed: " + err.Error()
	}
	was, now := parseErrors(before.Root()), parseErrors(t.Root())
	switch {
	case now > was:
		return "moving this brace would introduce a parse error"
	case id == lang.Go || now < was:
		return ""
	case syntax.Shape(t.Root()) != syntax.Shape(before.Root()):
		return "moving this brace changes the syntax tree (its line is significant here)"
	}
	return ""
}

// parseErrors counts the ERROR and MISSING nodes under n.
func parseErrors(n syntax.Node) int {
	if !n.HasError() {
		return 0
	}
	count := 0
	n.Walk(func(m syntax.Node) bool {
		if m.IsError() || m.IsMissing() {
			count++
		}
		return m.HasError() || m.IsMissing()
	})
	return count
}
