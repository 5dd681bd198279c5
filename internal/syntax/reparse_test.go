package syntax

import (
	"context"
	"reflect"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// TestReparseMatchesParse: a copy of a tree, edited and parsed
// incrementally, gives the tree a fresh parse of the edited source
// gives, and leaves the original tree as it was.
func TestReparseMatchesParse(t *testing.T) {
	ctx := context.Background()
	orig := []byte("fn main() {\n    assert_eq!(vec![1, 2], x);\n    let y = z;\n}\n")
	tr, err := Parse(ctx, lang.Rust, orig)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	before := NewFlatTree(tr.Root()).Nodes
	src := append([]byte(nil), orig...)
	var edits []Edit
	for i, c := range src {
		switch c {
		case '!':
			src[i] = ' '
		case '[':
			src[i] = '('
		case ']':
			src[i] = ')'
		default:
			continue
		}
		edits = append(edits, Edit{Start: i, End: i + 1})
	}
	cp := tr.Copy()
	inc, err := cp.Reparse(ctx, src, edits)
	cp.Close()
	if err != nil {
		t.Fatal(err)
	}
	defer inc.Close()
	fresh, err := Parse(ctx, lang.Rust, src)
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	got, want := NewFlatTree(inc.Root()).Nodes, NewFlatTree(fresh.Root()).Nodes
	if !reflect.DeepEqual(got, want) {
		t.Errorf("incremental parse differs from a fresh one: %d nodes against %d", len(got), len(want))
	}
	if reflect.DeepEqual(got, before) {
		t.Error("the edits changed nothing: the test reads no call")
	}
	if after := NewFlatTree(tr.Root()).Nodes; !reflect.DeepEqual(after, before) {
		t.Error("editing the copy changed the original tree")
	}
}
