package syntax

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/lintevaltest"

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

// TestFlattenWalkMatchesCursorOnCorpus holds Flatten of a whole tree
// from its walk (type and field names read from the grammar's tables by
// symbol and field id) to Flatten through its own tree cursor
// (ts_node_type and the cursor's field name for every node) on
// LintEval's code of nine grammars, whole and cut in half (error
// recovery's nodes), and on inputs that do not parse. (The cursor's
// field of an ERROR node, none, is not go-tree-sitter's
// FieldNameForChild, which TestFlattenMatchesNavigation's inputs do not
// reach.)
func TestFlattenWalkMatchesCursorOnCorpus(t *testing.T) {
	code := lintevaltest.Fenced(t)
	for fence, id := range map[string]lang.ID{"python": lang.Python, "java": lang.Java, "cpp": lang.CPP, "c": lang.C, "rust": lang.Rust,
		"go": lang.Go, "javascript": lang.JavaScript, "typescript": lang.TypeScript, "kotlin": lang.Kotlin} {
		srcs := code[fence]
		if len(srcs) > 40 {
			srcs = srcs[:40]
		}
		if len(srcs) == 0 {
			t.Errorf("no %s code in the corpus", fence)
		}
		for i, src := range append(srcs, "", "}{", "class A { void m( { int x = } }") {
			if i < len(srcs) && i%2 == 1 && len(src) > 4 {
				src = src[:len(src)/2]
			}
			tree, err := Parse(context.Background(), id, []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			root := tree.Root()
			walked := root.Flatten()
			own := Node{n: root.n, src: root.src}.Flatten() // no walk: ifl_flatten's cursor
			if len(walked) != len(own) {
				t.Fatalf("%s: %d nodes from the walk, %d from the cursor", id, len(walked), len(own))
			}
			for k := range walked {
				if walked[k] != own[k] {
					t.Fatalf("%s: node %d: walk %+v, cursor %+v", id, k, walked[k], own[k])
				}
			}
			tree.Close()
		}
	}
}
