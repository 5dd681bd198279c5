package layout

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/layout/trees"
	"github.com/iflint/iflint/internal/work"
)

// JudgedLines reports, for each line of u (0-based), whether the lint
// profile's tree model judges its indentation under c: a line of code
// or a comment outside the regions the grammar cannot parse, and not
// inside a string, a macro the model leaves alone or a comment's text.
// A comparison with a formatter line by line (benchmark/peers) counts
// only the lines both judge. ok is false for a language the tree model
// does not read (Go, Python, JavaScript and TypeScript are judged by
// their own readings).
func JudgedLines(u *check.Unit, c constraint.Constraint) (judged []bool, ok bool, err error) {
	if !hasUnit(c) || c.Lang == lang.Go || c.Lang == lang.Python || c.Lang == lang.JavaScript || c.Lang == lang.TypeScript {
		return nil, false, nil
	}
	spec := indentLangs[c.Lang]
	if (c.Lang == lang.C || c.Lang == lang.CPP) && c.Indent.Clang != nil {
		spec = clangIndentFor(c.Indent.Clang)
		spec.clang.parse = trees.MacroParser(u, c.Lang)
	}
	if spec == nil {
		return nil, false, nil
	}
	ft, err := trees.ClangMasked(u, c)
	if err != nil {
		return nil, false, err
	}
	if ft == nil {
		t, err := u.Tree(c.Lang)
		if err != nil {
			return nil, false, err
		}
		ft = flatTreeOf(u, c.Lang, t.Root())
	}
	tw, unit := 4, 4
	if !c.Indent.Tabs {
		tw, unit = c.Indent.Width, c.Indent.Width
	}
	m := buildIndentModel(u.Src, ft, spec, tw, unit, work.Of(u))
	judged = make([]bool, len(m.lines))
	for i, l := range m.lines {
		judged[i] = l.kind == lineCode || l.kind == lineComment
	}
	return judged, true, nil
}
