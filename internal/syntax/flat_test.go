package syntax

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// Flatten must copy exactly what Child, Parent and FieldNameForChild say.
func TestFlattenMatchesNavigation(t *testing.T) {
	srcs := map[lang.ID]string{
		lang.JavaScript: "const x = f(a, {b: 1}, [2, 3]);\nif (x) { y(); } else z();\n",
		lang.Python:     "def f(a, b=1):\n    return [i for i in a]\n",
		lang.C:          "int main(void) { long t=0; return t; }\n#define X 1\n",
		lang.Go:         "package p\nfunc f() { for i := 0; i < 3; i++ {} }\n",
		// Broken inputs: ERROR and MISSING nodes.
		lang.TypeScript: "class A<T> { m(x: T): void { if (x { return } }\nlet y = ;\n",
		lang.Java:       "class A { void m() { int x = 1 } }\n",
		lang.Rust:       "fn f() -> i32 { let x = 1 x }\nstruct S { a: u8, }\n",
		lang.CPP:        "namespace n { template <class T> T f(T a) { return a + ; } }\n",
	}
	for id, src := range srcs {
		tr, err := Parse(context.Background(), id, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		flatMatches(t, id, tr.Root())
		if tr.Root().ChildCount() > 0 {
			flatMatches(t, id, tr.Root().Child(0)) // a subtree: the walk stops at its root
		}
	}
}

func flatMatches(t *testing.T, id lang.ID, root Node) {
	t.Helper()
	{
		flat := root.Flatten()
		k := 0
		var rec func(n Node, field string, parent int)
		rec = func(n Node, field string, parent int) {
			if k >= len(flat) {
				t.Fatalf("%s: Flatten has fewer nodes", id)
			}
			f := flat[k]
			if f.Type != n.Type() || f.Start != n.Start() || f.End != n.End() || f.Field != field || f.Parent != parent ||
				f.Named != n.IsNamed() || f.Error != n.IsError() || f.Missing != n.IsMissing() {
				t.Errorf("%s: node %d: got %+v, want %s [%d,%d) field %q parent %d", id, k, f, n.Type(), n.Start(), n.End(), field, parent)
			}
			me := k
			k++
			prev := -1
			for i := 0; i < n.ChildCount(); i++ {
				c := k
				if i == 0 && flat[me].First != c {
					t.Errorf("%s: node %d: First %d, want %d", id, me, flat[me].First, c)
				}
				if prev >= 0 && flat[prev].Next != c {
					t.Errorf("%s: node %d: Next %d, want %d", id, prev, flat[prev].Next, c)
				}
				rec(n.Child(i), n.FieldNameForChild(i), me)
				prev = c
			}
		}
		rec(root, "", -1)
		if k != len(flat) {
			t.Errorf("%s: Flatten has %d nodes, navigation %d", id, len(flat), k)
		}
	}
}
