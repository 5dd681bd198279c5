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
	}
	for id, src := range srcs {
		tr, err := Parse(context.Background(), id, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		flat := tr.Root().Flatten()
		k := 0
		var rec func(n Node, field string, parent int)
		rec = func(n Node, field string, parent int) {
			if k >= len(flat) {
				t.Fatalf("%s: Flatten has fewer nodes", id)
			}
			f := flat[k]
			if f.Type != n.Type() || f.Start != n.Start() || f.End != n.End() || f.Field != field || f.Parent != parent {
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
		rec(tr.Root(), "", -1)
		if k != len(flat) {
			t.Errorf("%s: Flatten has %d nodes, navigation %d", id, len(flat), k)
		}
	}
}
