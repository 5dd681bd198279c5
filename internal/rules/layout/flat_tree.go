package layout

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// unitFtree is u's tree for id as a syntax.FlatTree, copied once per unit.
func unitFtree(u *check.Unit, id lang.ID, root syntax.Node) *syntax.FlatTree {
	return u.Memo("layout.ftree."+string(id), func() any { return syntax.NewFlatTree(root) }).(*syntax.FlatTree)
}
