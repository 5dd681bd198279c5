package layout

import (
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/cpreproc"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// clangMaskedTree is, under a clang-format style, the flat tree of u's
// source with its macro lines made statements (cpreproc.MaskMacros:
// clang-format reads a line holding only an upper-case macro and no
// semicolon as a line of its own, the grammar as part of the next
// declaration), parsed instead of the source's own (nil when there is
// no such line, or no style). Every other byte is the source's, so
// offsets and columns are unchanged.
func clangMaskedTree(u *check.Unit, c constraint.Constraint) (*syntax.FlatTree, error) {
	if c.Indent == nil || c.Indent.Clang == nil || c.Lang != lang.C && c.Lang != lang.CPP {
		return nil, nil
	}
	masked := cpreproc.MaskMacros(u.Src)
	if masked == nil {
		return nil, nil
	}
	work.Of(u).Add(len(u.Src))
	t, err := syntax.Parse(u.Ctx, c.Lang, masked)
	if err != nil {
		return nil, fmt.Errorf("cannot parse as %s: %w", c.Lang, err)
	}
	defer t.Close()
	return syntax.NewFlatTree(t.Root()), nil
}
