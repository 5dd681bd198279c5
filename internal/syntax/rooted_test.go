package syntax

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lintevaltest"

	"github.com/iflint/iflint/internal/lang"
)

// TestRootedCapturesMatchCursor holds RootedCaptures to Captures (the
// whole-tree query cursor): the same captures, as a multiset, for the
// naming rule's declaration queries on LintEval's code of every
// language, whole and cut into error-recovery trees, and on subtrees.
func TestRootedCapturesMatchCursor(t *testing.T) {
	code := lintevaltest.Fenced(t)
	fences := map[lang.ID][]string{
		lang.Python: {"python"}, lang.Java: {"java"}, lang.JavaScript: {"javascript", "js"},
		lang.TypeScript: {"typescript", "ts"}, lang.Go: {"go"}, lang.Rust: {"rust"}, lang.C: {"c"},
		lang.CPP: {"cpp", "c++"}, lang.CSharp: {"csharp", "c#", "cs"}, lang.Kotlin: {"kotlin"},
		lang.Haskell: {"haskell"}, lang.Zig: {"zig"},
	}
	files, err := filepath.Glob("../rules/naming/queries/naming/*.scm")
	if err != nil || len(files) == 0 {
		t.Fatalf("no naming queries: %v", err)
	}
	r := rand.New(rand.NewSource(1))
	for _, f := range files {
		id := lang.ID(strings.TrimSuffix(filepath.Base(f), ".scm"))
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		q, err := CompileQuery(id, string(text))
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		var srcs []string
		for _, fe := range fences[id] {
			srcs = append(srcs, code[fe]...)
		}
		if len(srcs) > 200 {
			srcs = srcs[:200]
		}
		for i := range min(40, len(srcs)) {
			s := srcs[i]
			a, b := r.Intn(len(s)+1), r.Intn(len(s)+1)
			srcs = append(srcs, s[:min(a, b)]+"}{(\""+s[max(a, b):])
		}
		srcs = append(srcs, "")
		n := 0
		for si, src := range srcs {
			tree, err := Parse(context.Background(), id, []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			root := tree.Root()
			want := q.Captures(root)
			n += len(want)
			sameCaptureSet(t, fmt.Sprintf("%s source %d", id, si), q.RootedCaptures(root), want)
			if root.NamedChildCount() > 0 {
				c := root.NamedChild(root.NamedChildCount() / 2)
				sameCaptureSet(t, fmt.Sprintf("%s source %d subtree", id, si), q.RootedCaptures(c), q.Captures(c))
			}
			tree.Close()
		}
		if !q.roots.ok {
			t.Errorf("%s: the naming query runs on the whole-tree cursor, not rooted", id)
		}
		t.Logf("%s: %d sources, %d captures", id, len(srcs), n)
	}
}

func sameCaptureSet(t *testing.T, what string, got, want []Capture) {
	t.Helper()
	key := func(cs []Capture) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = fmt.Sprintf("%s %s %d %d %d", c.Name, c.Node.Type(), c.Node.Start(), c.Node.End(), c.Node.Parent().Start())
		}
		sort.Strings(out)
		return out
	}
	g, w := key(got), key(want)
	if strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Fatalf("%s: rooted captures differ from the query cursor's (%d against %d):\n%s\n---\n%s", what, len(g), len(w), strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}
