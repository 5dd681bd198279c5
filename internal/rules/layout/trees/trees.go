// Package trees gives the layout model (internal/rules/layout) the trees
// it reads a unit by where the unit's own tree is not the one: C and C++
// under a clang-format style with their macro lines made statements,
// a macro body parsed on its own, a .tsx file by the TSX grammar, and
// Rust with the macro calls rustfmt formats read as calls. Each is made
// once per unit (check.Unit's memo and variant trees) and has the
// offsets of the unit's source.
package trees

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/cpreproc"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/layout/rustmacro"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// ClangMasked is, under a clang-format style, the tree of u's source
// with its macro lines made statements (cpreproc.MaskMacros), parsed
// instead of the source's own; nil when there is no such line.
func ClangMasked(u *check.Unit, c constraint.Constraint) (*syntax.FlatTree, error) {
	if c.Indent == nil || c.Indent.Clang == nil || c.Lang != lang.C && c.Lang != lang.CPP {
		return nil, nil
	}
	t, err := u.VariantTree(c.Lang, "layout.clangmacros", func() []byte {
		work.Of(u).Add(len(u.Src))
		return cpreproc.MaskMacros(u.Src, c.Lang == lang.CPP)
	})
	if err != nil {
		return nil, fmt.Errorf("cannot parse as %s: %w", c.Lang, err)
	}
	if t == nil {
		return nil, nil
	}
	return u.Memo("layout.ftree.clangmacros."+string(c.Lang), func() any { return syntax.NewFlatTree(t.Root()) }).(*syntax.FlatTree), nil
}

// MacroParser parses a macro body of u (cpreproc.MacroSource) with the
// grammar of id; nil when the grammar cannot.
func MacroParser(u *check.Unit, id lang.ID) func([]byte) *syntax.FlatTree {
	return func(src []byte) *syntax.FlatTree {
		t, err := syntax.Parse(u.Ctx, id, src)
		if err != nil {
			return nil
		}
		defer t.Close()
		return syntax.NewFlatTree(t.Root())
	}
}

// TSX is the tree the prettier reading reads: a .tsx file's
// from the TSX grammar (the TypeScript grammar reads its JSX as errors,
// whose lines the reading leaves alone), else ft.
func TSX(u *check.Unit, ft *syntax.FlatTree) *syntax.FlatTree {
	if !strings.HasSuffix(strings.ToLower(u.Path), ".tsx") {
		return ft
	}
	return u.Memo("layout.ftree.tsx", func() any {
		t, err := syntax.Parse(u.Ctx, syntax.TSX, u.Src)
		if err != nil {
			return ft
		}
		defer t.Close()
		return syntax.NewFlatTree(t.Root())
	}).(*syntax.FlatTree)
}

// RustMacros is the tree the model judges a Rust file by: the
// file's tree with the macro calls rustfmt formats read as calls (see
// package rustmacro), once per unit.
func RustMacros(u *check.Unit, ft *syntax.FlatTree) *syntax.FlatTree {
	return u.Memo("layout.rustmacros", func() any {
		t, err := u.Tree(lang.Rust) // ft's tree, parsed once per unit
		if err != nil {
			return ft
		}
		return rustmacro.Tree(u.Ctx, u.Src, t, ft)
	}).(*syntax.FlatTree)
}
