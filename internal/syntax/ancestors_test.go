package syntax

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// TestAncestorsMatchParent holds the walk's ancestors to Parent, on
// every grammar the brace rule reads, both the type-list walk and the
// fallback.
func TestAncestorsMatchParent(t *testing.T) {
	srcs := map[lang.ID]string{
		lang.C:          "int f(int x) { if (x) { return 1; } else { int a[] = {1}; } }",
		lang.Java:       "class A { { int n; } static { } void f() { try { } catch (E e) { } } }",
		lang.Go:         "package p\nfunc f() { if x { } else { }; _ = []int{1} }",
		lang.Rust:       "fn f() { #[cfg(x)] { } let s = S { a: 1 }; }",
		lang.JavaScript: "function f() { if (x) { } else { } return {a: 1} }",
		lang.Kotlin:     "fun f() { if (x) { } else { }; list.forEach { it } }",
	}
	for id, src := range srcs {
		tr, err := Parse(context.Background(), id, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		// Depths that differ by capture: the walk shares a chain built
		// from one parent between captures, longer one first or shorter.
		for _, run := range []struct {
			pattern string
			depth   map[string]int
		}{
			{`["{" "}" "else"] @tok`, map[string]int{"tok": 3}},
			{`("{" @tok) ("}" @tok)`, map[string]int{"tok": 3}},
			{`"{" @open "}" @close "else" @kw`, map[string]int{"open": 6, "close": 3, "kw": 2}},
			{`"{" @open "}" @close`, map[string]int{"open": 1, "close": 5}},
		} {
			pattern := run.pattern
			q := MustQuery(id, pattern)
			if strings.HasPrefix(pattern, `"{"`) && q.types == nil {
				t.Fatalf("%s: %s is not read as a type list: the walk is not tested", id, pattern)
			}
			caps, ancs := q.CapturesWithAncestors(tr.Root(), run.depth)
			if len(caps) == 0 || len(caps) != len(ancs) {
				t.Fatalf("%s %s: %d captures, %d ancestor lists", id, pattern, len(caps), len(ancs))
			}
			for i, c := range caps {
				var want []string
				for p, k := c.Node.Parent(), 0; p.Valid() && k < run.depth[c.Name]; p, k = p.Parent(), k+1 {
					want = append(want, p.Type()+"@"+itoa(p.Start())+"-"+itoa(p.End()))
				}
				var got []string
				for _, a := range ancs[i] {
					got = append(got, a.Type()+"@"+itoa(a.Start())+"-"+itoa(a.End()))
				}
				if len(ancs[i]) > 0 && ancs[i][0].Key() != c.Node.Parent().Key() {
					t.Errorf("%s: %q at %d: the ancestor's Key differs from its Parent's", id, c.Node.Type(), c.Node.Start())
				}
				if c.Node.Key() == c.Node.Parent().Key() {
					t.Errorf("%s: %q at %d shares its Key with its parent", id, c.Node.Type(), c.Node.Start())
				}
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s %s: %q at %d: ancestors %v, Parent says %v", id, pattern, c.Node.Type(), c.Node.Start(), got, want)
				}
			}
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
