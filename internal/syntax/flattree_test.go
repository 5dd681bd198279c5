package syntax

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// A FlatTree answers every navigation as the tree it copies does.
func TestFlatTreeMatchesNavigation(t *testing.T) {
	srcs := map[lang.ID]string{
		lang.JavaScript: "const x = f(a, /* c */ {b: 1}, [2, 3]);\nif (x) { y(); } else z();\n",
		lang.Python:     "def f(a, b=1):\n    return [i for i in a]\n",
		lang.Go:         "package p\nfunc f() { for i := 0; i < 3; i++ {} }\n",
	}
	for id, src := range srcs {
		tr, err := Parse(context.Background(), id, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		ft := NewFlatTree(tr.Root())
		var rec func(n Node, f FlatRef)
		rec = func(n Node, f FlatRef) {
			if f.Type() != n.Type() || f.Start() != n.Start() || f.End() != n.End() || f.IsNamed() != n.IsNamed() ||
				f.IsError() != n.IsError() || f.IsMissing() != n.IsMissing() {
				t.Fatalf("%s: node %d is %s [%d,%d), want %s [%d,%d)", id, f.Index(), f.Type(), f.Start(), f.End(), n.Type(), n.Start(), n.End())
			}
			if f.ChildCount() != n.ChildCount() || f.NamedChildCount() != n.NamedChildCount() {
				t.Fatalf("%s: %s has %d/%d children, want %d/%d", id, n.Type(), f.ChildCount(), f.NamedChildCount(), n.ChildCount(), n.NamedChildCount())
			}
			for k := 0; k < n.NamedChildCount(); k++ {
				if f.NamedChild(k).Start() != n.NamedChild(k).Start() || f.NamedChild(k).Type() != n.NamedChild(k).Type() {
					t.Errorf("%s: %s's named child %d differs", id, n.Type(), k)
				}
			}
			for k := 0; k < n.ChildCount(); k++ {
				if name := n.FieldNameForChild(k); name != "" {
					if a, b := f.Field(name), n.Field(name); a.Start() != b.Start() || a.Type() != b.Type() {
						t.Errorf("%s: %s's field %s is %s at %d, want %s at %d", id, n.Type(), name, a.Type(), a.Start(), b.Type(), b.Start())
					}
				}
				c := f.Child(k)
				if c.Parent().Index() != f.Index() {
					t.Errorf("%s: child %d of %s has parent %d", id, k, n.Type(), c.Parent().Index())
				}
				if k+1 < n.ChildCount() && c.NextSibling().Index() != f.Child(k+1).Index() {
					t.Errorf("%s: child %d of %s: next sibling is not child %d", id, k, n.Type(), k+1)
				}
				rec(n.Child(k), c)
			}
		}
		rec(tr.Root(), ft.Root())
		if r := ft.Root(); r.Parent().Valid() || r.Child(-1).Valid() || r.Child(r.ChildCount()).Valid() || r.Field("nope").Valid() {
			t.Errorf("%s: a missing node reads as valid", id)
		}
		if missing := ft.Root().Parent(); missing.Type() != "" || missing.ChildCount() != 0 || missing.NextSibling().Valid() {
			t.Errorf("%s: a missing node has a type or children", id)
		}
	}
}
