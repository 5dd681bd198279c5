package braces

// The brace fix travels with each finding: the lint reading attaches to
// every placement it reports the edits that move that brace (or keyword)
// alone, or why it cannot (fix_edits.go); the text reading attaches to
// each of its findings the tree reading's fix of the placement at the
// same offset, where the tree reading reports one. compose combines the
// fixes of the findings it is given and keeps those that prove out
// (fix_verify.go): the reparsed tree keeps its shape and the rule then
// reports exactly the other placements it reported before.

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/srclines"
)

// fixData is what a finding's Fix carries for compose beyond its edits:
// the placement it moves and every placement the same reading reported
// (shared by the findings of one run), which the fixed file must still
// show, less the fixed ones.
type fixData struct {
	problem Problem
	all     []Problem
}

// fixer attaches fixes to the findings of one reading.
type fixer struct {
	src  []byte
	c    constraint.Constraint
	nl   string
	all  []Problem
	byAt map[int]Problem
}

func newFixer(src []byte, c constraint.Constraint, all []Problem) *fixer {
	return &fixer{src: src, c: c, nl: srclines.Break(src), all: all}
}

// attach gives f the fix of p, or the reason there is none.
func (fx *fixer) attach(f *check.Finding, p Problem) {
	es, why := problemEdits(fx.src, fx.c, fx.nl, p)
	if why != "" {
		f.NoFix = why
		return
	}
	f.Fix = &check.Fix{Edits: es, Applicability: check.Safe, Data: &fixData{problem: p, all: fx.all}}
}

// noTreeFix is why a brace the text reading reports has no fix in a
// language without a tree reading.
func noTreeFix(c constraint.Constraint) string {
	return fmt.Sprintf("braces in %s are read as text, not from a syntax tree, so they are not moved automatically", c.Lang)
}

// notAPlacement is why a brace the text reading reports, which the tree
// reading does not, has no fix.
const notAPlacement = "the brace rule's syntax-tree reading does not report this placement (it is not a block's brace there), so there is nothing to move"

// attachTextFixes gives the text reading's findings the fix of the
// placement the tree reading reports at the same offset (the same brace),
// or the reason there is none.
func attachTextFixes(u *check.Unit, c constraint.Constraint, fs []check.Finding) {
	if len(fs) == 0 {
		return
	}
	if !treeLanguage(c.Lang) {
		for i := range fs {
			fs[i].NoFix = noTreeFix(c)
		}
		return
	}
	a, err := read(u, c)
	if err != nil {
		for i := range fs {
			fs[i].NoFix = "the brace rule's syntax-tree reading cannot read the file: " + err.Error()
		}
		return
	}
	fx := newFixer(u.Src, c, a.out)
	at := make(map[int]Problem, len(a.out))
	for _, p := range a.out {
		at[p.At] = p
	}
	for i := range fs {
		if p, ok := at[fs[i].Start]; ok {
			fx.attach(&fs[i], p)
		} else {
			fs[i].NoFix = notAPlacement
		}
	}
}

// compose is the rule's Composer: each given finding's carried fix, or
// a Skipped with its NoFix reason; the fixes are kept together when the
// result is sound, else each that is sound on its own (see verify).
func compose(u *check.Unit, c constraint.Constraint, findings []check.Finding) (check.Edits, []check.Skipped, error) {
	if len(findings) == 0 {
		return nil, nil, nil
	}
	var parts []part
	var skipped []check.Skipped
	for _, f := range findings {
		d, ok := fixDataOf(f)
		switch {
		case ok:
			parts = append(parts, part{f, d.problem, f.Fix.Edits})
		case f.NoFix != "":
			skipped = append(skipped, check.Skipped{Start: f.Start, End: f.End, Reason: f.NoFix})
		default:
			skipped = append(skipped, check.Skipped{Start: f.Start, End: f.End, Reason: notAPlacement})
		}
	}
	if len(parts) == 0 {
		sortSkipped(skipped)
		return nil, skipped, nil
	}
	before, err := treeOf(u, c.Lang)
	if err != nil {
		return nil, nil, fmt.Errorf("brace fix: parse as %s: %w", c.Lang, err)
	}
	all := parts[0].data().all
	fixes, rejected := verify(u, c, before, all, parts)
	var edits check.Edits
	for _, fx := range fixes {
		edits = append(edits, fx.edits...)
	}
	skipped = append(skipped, rejected...)
	sortSkipped(skipped)
	return edits, skipped, nil
}

func fixDataOf(f check.Finding) (*fixData, bool) {
	if f.Fix == nil {
		return nil, false
	}
	d, ok := f.Fix.Data.(*fixData)
	return d, ok
}

// part is one finding with the edits that fix it.
type part struct {
	f     check.Finding
	p     Problem
	edits check.Edits
}

func (p part) data() *fixData { d, _ := fixDataOf(p.f); return d }

// sortSkipped sorts s by start, stably (an insertion sort before, which
// is quadratic in the skipped findings).
func sortSkipped(s []check.Skipped) {
	slices.SortStableFunc(s, func(a, b check.Skipped) int { return cmp.Compare(a.Start, b.Start) })
}
