package layout

import (
	"fmt"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/layout/trees"
	"github.com/iflint/iflint/internal/rules/layoutspacing"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// lintIndentation is the lint profile's indentation_spacing: the
// indentation each language's own formatter or linter accepts (see
// model.go; Go as gofmt prints it, Python as pycodestyle checks it,
// JavaScript and TypeScript as eslint's indent rule decides it), and
// operator and comma spacing by the language's own rules (see
// lint_spacing.go). Every finding carries the fix that clears it, or
// the reason there is none (fix_carry.go), so the composer edits
// exactly what this rule reports.
func lintIndentation(u *check.Unit, c constraint.Constraint) check.Result {
	issues, err := lintIssues(u, c)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: err.Error()}
	}
	unit := "tabs"
	if !c.Indent.Tabs {
		unit = fmt.Sprintf("%d spaces per level", c.Indent.Width)
	}
	indent, spacing := 0, 0
	for _, is := range issues {
		if is.Kind == indentIssue {
			indent++
		} else {
			spacing++
		}
	}
	r := layoutVerdict(c, unit, spacingWant(c), indent, spacing, lintFindings(u.Src, issues, work.Of(u)))
	r.Reason += unitOnlyNote(u, c)
	return r
}

func spacingWant(c constraint.Constraint) string {
	if c.Spacing == constraint.SpacingNone {
		return "no spaces around operators and after commas"
	}
	return layoutspacing.Authority(c.Lang)
}

// issueKind tells indentation issues from spacing issues.
type issueKind uint8

const (
	indentIssue issueKind = iota + 1
	spacingIssue
)

// leadMove is a line that moves with an indentation fix: its leading
// blanks Src[Start:End], Col columns wide. With Set, the line goes to
// column Want (it was wrong relative to its own block as well, and in
// Python it must stay inside its block); otherwise it shifts along.
type leadMove struct {
	Line, Start, End, Col int
	Set                   bool
	Want                  int
}

// layoutIssue is one finding of the lint profile's indentation_spacing
// together with what clears it.
type layoutIssue struct {
	check.Finding
	Kind issueKind
	// Indentation: the flagged line's leading blanks become Lead, and the
	// lines judged relative to it (Moves) shift by Shift columns, so the
	// block keeps its shape. TabWidth and Tabs say how columns render.
	Line int
	Lead string
	// KeepsColumn: Lead only rewrites the line's blanks at the column it
	// has (tabs to spaces); a shift of the line's block still applies.
	// Otherwise Lead is where the line belongs, whatever moves around it.
	KeepsColumn bool
	Shift       int
	Moves       []leadMove
	TabWidth    int
	Tabs        bool
	// Block, when > 0, is 1 + the Line of the issue whose fix moves this
	// line's whole block (a Python block's statements share one column):
	// fixing this finding means applying that issue's fix.
	Block int
	// Spacing: the edits that clear it.
	Edits check.Edits
	// Refusal, when not empty, is why no fix is offered.
	Refusal string
	// Leaves are lines the fix moves but cannot clear (a Python
	// re-indentation's E129): the composer reports them skipped.
	Leaves []check.Skipped
}

// lintIssues returns the lint reading's issues of c on u, with what
// clears each, in source order (once per unit and spec). Both profiles'
// findings take their fixes from it; nothing outside the family reads it.
func lintIssues(u *check.Unit, c constraint.Constraint) ([]layoutIssue, error) {
	if !hasUnit(c) {
		return nil, errNoUnit
	}
	key := "layout.lint." + c.Spec
	if c.Indent.Clang != nil {
		key += fmt.Sprintf(";clang %+v", *c.Indent.Clang)
	}
	return check.MemoErr(u, key, func() ([]layoutIssue, error) {
		if ft, err := trees.ClangMasked(u, c); ft != nil || err != nil {
			if err != nil {
				return nil, err
			}
			return treeIssues(u, c, ft)
		}
		t, err := u.Tree(c.Lang)
		if err != nil {
			return nil, fmt.Errorf("cannot parse as %s: %v", c.Lang, err)
		}
		var out []layoutIssue
		if c.Lang == lang.Go {
			if gi, ok := goIssues(u.Src, c, work.Of(u)); ok {
				return sortIssues(gi), nil
			}
		}
		if c.Lang == lang.Python {
			out, err = pythonIssues(u.Src, func() *syntax.FlatTree { return flatTreeOf(u, c.Lang, t.Root()) }, c, work.Of(u))
			if err != nil {
				return nil, err
			}
		} else {
			return treeIssues(u, c, flatTreeOf(u, c.Lang, t.Root()))
		}
		return sortIssues(out), nil
	})
}

// treeIssues are the issues the tree model and the spacing reading find
// on ft, u's tree (or the tree of a copy with the same offsets).
func treeIssues(u *check.Unit, c constraint.Constraint, ft *syntax.FlatTree) ([]layoutIssue, error) {
	out, err := lintIndentIssues(u, c, ft)
	if err != nil {
		return nil, err
	}
	if c.Spacing != constraint.SpacingAny {
		for _, is := range layoutspacing.Issues(u, c, ft) {
			out = append(out, layoutIssue{Kind: spacingIssue, Finding: is.Finding, Edits: is.Edits, Refusal: is.Refusal})
		}
	}
	return sortIssues(out), nil
}

func sortIssues(out []layoutIssue) []layoutIssue {
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// flatTreeOf is u's tree for id as a syntax.FlatTree, copied once per unit.
func flatTreeOf(u *check.Unit, id lang.ID, root syntax.Node) *syntax.FlatTree {
	return u.Memo("layout.ftree."+string(id), func() any { return syntax.NewFlatTree(root) }).(*syntax.FlatTree)
}
