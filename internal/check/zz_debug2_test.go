package check

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/iflint/iflint/internal/constraint"
)

func TestZZDebugPy(t *testing.T) {
	src, err := os.ReadFile(os.Getenv("F"))
	if err != nil {
		t.Skip()
	}
	c, _ := constraint.ParseAnswer(constraint.Indentation, os.Getenv("SPEC"))
	u := NewUnit(context.Background(), "x.py", src, Lint)
	is, err := LayoutIssues(u, c)
	fmt.Println(err)
	for _, i := range is {
		l, _ := u.Position(i.Start)
		fmt.Printf("%d: %s lead=%q shift=%d moves=%v edits=%v refusal=%q\n", l, i.Message, i.Lead, i.Shift, i.Moves, i.Edits, i.Refusal)
	}
}

func TestZZDebugModel(t *testing.T) {
	src, err := os.ReadFile(os.Getenv("F"))
	if err != nil {
		t.Skip()
	}
	c, _ := constraint.ParseAnswer(constraint.Indentation, os.Getenv("SPEC"))
	u := NewUnit(context.Background(), "x", src, Lint)
	tr, _ := u.Tree(c.Lang)
	spec := indentLangs[c.Lang]
	w := c.Indent.Width
	if c.Indent.Tabs {
		w = 4
	}
	m := buildIndentModel(src, newFtree(tr.Root()), spec, w, w)
	for i, l := range m.lines {
		if os.Getenv("L") != "" && fmt.Sprint(i+1) != os.Getenv("L") {
			continue
		}
		fmt.Printf("%d kind=%d col=%d anchor=%d want=%v rel=%v atl=%d mode=%d ecol=%d cont=%v\n", i+1, l.kind, l.col, l.anchor+1, l.want, l.rel, l.atLeastRel, l.mode, l.ecol, l.cont)
	}
}
