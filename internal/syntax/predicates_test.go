package syntax

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/iflint/iflint/internal/lang"
)

// TestPredicatesAsGoTreeSitter: Captures applies #eq?, #not-eq?, #match?
// and #not-match? exactly as go-tree-sitter's FilterPredicates does.
func TestPredicatesAsGoTreeSitter(t *testing.T) {
	src := []byte("class A:\n    def f(self, x):\n        y = x\n        x = x\n        self = y\n        _z = A\n        B = _z\n        return [self, x, y, B]\n")
	tree, err := Parse(context.Background(), lang.Python, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, pattern := range []string{
		`((identifier) @x (#eq? @x "self"))`,
		`((identifier) @x (#not-eq? @x "self"))`,
		`((identifier) @x (#match? @x "^[A-Z]"))`,
		`((identifier) @x (#not-match? @x "^_"))`,
		`(assignment left: (identifier) @a right: (identifier) @b (#eq? @a @b))`,
		`(assignment left: (identifier) @a right: (identifier) @b (#not-eq? @a @b))`,
		`((assignment left: (identifier) @a) @s (#match? @a "^[a-z]") (#not-eq? @a "self"))`,
		`(function_definition name: (identifier) @n parameters: (parameters (identifier) @p) (#eq? @p "self"))`,
	} {
		q, err := CompileQuery(lang.Python, pattern)
		if err != nil {
			t.Fatal(err)
		}
		got := texts(q.Captures(tree.Root()))
		qc := sitter.NewQueryCursor()
		qc.Exec(q.q, tree.Root().n)
		var want []string
		for {
			m, ok := qc.NextMatch()
			if !ok {
				break
			}
			for _, c := range qc.FilterPredicates(m, src).Captures {
				want = append(want, fmt.Sprintf("%s=%s", q.names[c.Index], c.Node.Content(src)))
			}
		}
		qc.Close()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %q\nwant %q", pattern, got, want)
		}
		if len(want) == 0 {
			t.Errorf("%s: no captures; the case proves nothing", pattern)
		}
	}
}

func texts(cs []Capture) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name+"="+c.Node.Text())
	}
	return out
}

func TestBadMatchPredicateIsAnError(t *testing.T) {
	if _, err := CompileQuery(lang.Python, `((identifier) @x (#match? @x "("))`); err == nil {
		t.Error("an invalid #match? expression compiled")
	}
}
