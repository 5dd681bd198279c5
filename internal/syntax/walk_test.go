package syntax

import (
	"context"
	"math/rand"
	"regexp"
	"sort"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lintevaltest"
)

// cursorCaptures is Captures through tree-sitter's query cursor only.
func (q *Query) cursorCaptures(n Node) []Capture {
	saved := q.types
	q.types = nil
	defer func() { q.types = saved }()
	return q.Captures(n)
}

func sameCaptures(t *testing.T, what string, got, want []Capture) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d captures, query cursor %d", what, len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Name != w.Name || !g.Node.n.Equal(w.Node.n) || g.Node.Type() != w.Node.Type() ||
			g.Node.Start() != w.Node.Start() || g.Node.End() != w.Node.End() ||
			g.Node.Parent().Start() != w.Node.Parent().Start() {
			t.Fatalf("%s: capture %d is %s %s [%d,%d), query cursor %s %s [%d,%d)", what, i,
				g.Name, g.Node.Type(), g.Node.Start(), g.Node.End(), w.Name, w.Node.Type(), w.Node.Start(), w.Node.End())
		}
	}
}

// typeListQueries builds type-list queries over a grammar's visible node
// types: all named types, all anonymous ones, and random mixes with
// per-type captures and several patterns.
func typeListQueries(id lang.ID, r *rand.Rand) []string {
	g, err := get(id)
	if err != nil {
		return nil
	}
	l := g.lang
	seen := map[string]bool{}
	var named, anon []string
	for s := uint32(0); s < l.SymbolCount(); s++ {
		sym := sitter.Symbol(s)
		name := l.SymbolName(sym)
		switch l.SymbolType(sym) {
		case sitter.SymbolTypeRegular:
			if k := "(" + name + ")"; name != "ERROR" && name != "_" && regexp.MustCompile(`^\w+$`).MatchString(name) && !seen[k] {
				seen[k] = true
				named = append(named, k)
			}
		case sitter.SymbolTypeAnonymous:
			if k := `"` + name + `"`; name != "" && !strings.ContainsAny(name, "\"\\\n\r\t") && !seen[k] {
				seen[k] = true
				anon = append(anon, k)
			}
		}
	}
	all := append(append([]string(nil), named...), anon...)
	qs := []string{
		"[" + strings.Join(named, " ") + "] @n",
		"[" + strings.Join(anon, "\n") + "] @a",
	}
	for k := 0; k < 6; k++ {
		var b strings.Builder
		for p := 0; p < 1+r.Intn(3); p++ {
			perm := r.Perm(len(all))[:1+r.Intn(min(12, len(all)))]
			if r.Intn(2) == 0 {
				b.WriteString("[")
				for _, i := range perm {
					b.WriteString(all[i] + " @c" + string(rune('a'+r.Intn(3))) + " ")
				}
				b.WriteString("]\n")
			} else {
				for _, i := range perm[:1] {
					b.WriteString(all[i] + " @x.y\n")
				}
			}
		}
		qs = append(qs, b.String())
	}
	return qs
}

// TestTypeListWalkMatchesQueryCursor compares the C walk with the query
// cursor on LintEval code (and a mangled copy of it, for error trees) for
// every grammar.
func TestTypeListWalkMatchesQueryCursor(t *testing.T) {
	if !layoutOK {
		t.Fatal("sitter.Node layout changed: type-list queries fall back to the query cursor")
	}
	code := lintevaltest.Fenced(t)
	fences := map[lang.ID][]string{
		lang.Python: {"python"}, lang.Java: {"java"}, lang.JavaScript: {"javascript", "js"},
		lang.TypeScript: {"typescript", "ts"}, lang.Go: {"go"}, lang.Rust: {"rust"}, lang.C: {"c"},
		lang.CPP: {"cpp", "c++"}, lang.CSharp: {"csharp", "c#", "cs"}, lang.Kotlin: {"kotlin"},
		lang.Lua: {"lua"}, lang.Ruby: {"ruby"}, lang.Haskell: {"haskell"}, lang.Zig: {"zig"},
	}
	ids := make([]lang.ID, 0, len(fences))
	for id := range fences {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	r := rand.New(rand.NewSource(1))
	for _, id := range ids {
		var srcs []string
		for _, f := range fences[id] {
			srcs = append(srcs, code[f]...)
		}
		if len(srcs) > 150 {
			srcs = srcs[:150]
		}
		for i := range min(20, len(srcs)) {
			// Error recovery trees: the same code cut and spliced.
			s := srcs[i]
			a, b := r.Intn(len(s)+1), r.Intn(len(s)+1)
			srcs = append(srcs, s[:min(a, b)]+"}{(\""+s[max(a, b):])
		}
		srcs = append(srcs, "")
		qs := typeListQueries(id, r)
		for qi, pattern := range qs {
			q, err := CompileQuery(id, pattern)
			if err != nil {
				t.Fatalf("%s query %d: %v", id, qi, err)
			}
			if q.types == nil {
				t.Fatalf("%s query %d not recognised as a type list:\n%s", id, qi, pattern)
			}
			for si, src := range srcs {
				tree, err := Parse(context.Background(), id, []byte(src))
				if err != nil {
					t.Fatal(err)
				}
				root := tree.Root()
				got, want := q.Captures(root), q.cursorCaptures(root)
				sameCaptures(t, string(id)+" query "+string(rune('0'+qi))+" source "+string(rune('0'+si%10)), got, want)
				// A subtree, as rules pass nodes other than the root.
				if root.NamedChildCount() > 0 {
					c := root.NamedChild(root.NamedChildCount() / 2)
					sameCaptures(t, string(id)+" subtree", q.Captures(c), q.cursorCaptures(c))
				}
			}
			if !q.types.ok {
				t.Errorf("%s query %d fell back to the query cursor", id, qi)
			}
		}
	}
}

func TestParseTypeList(t *testing.T) {
	for _, c := range []struct {
		q  string
		ok bool
	}{
		{`[(a) (b) "c"] @n`, true},
		{`[(a) @x (b) @y]`, true},
		{"(a) @n\n(b) @m", true},
		{`[(a) (a)] @n`, false},
		{`[(a) @x] @n`, false},
		{`[(a) (b)]`, false},
		{`(a name: (b)) @n`, false},
		{`(a (b)) @n`, false},
		{`(_) @n`, false},
		{`(ERROR) @n`, false},
		{`[(a) (b)] @n (#eq? @n "x")`, false},
		{`(a)* @n`, false},
		{`; c` + "\n(a) @n", false},
		{`"\"" @n`, false},
	} {
		if _, _, ok := parseTypeList(c.q); ok != c.ok {
			t.Errorf("%q: ok=%v, want %v", c.q, ok, c.ok)
		}
	}
}

// TestNavMatchesGoTreeSitter compares the C navigation with
// go-tree-sitter's accessors on every node of LintEval code.
func TestNavMatchesGoTreeSitter(t *testing.T) {
	code := lintevaltest.Fenced(t)
	same := func(what string, got Node, want *sitter.Node) {
		t.Helper()
		w := wrap(want, got.src)
		// Start reads the node's context in Go: held to go-tree-sitter's
		// cgo call here.
		if got.Valid() != w.Valid() || got.Valid() && (!got.n.Equal(w.n) || got.Type() != w.Type() || got.Start() != int(want.StartByte()) || got.End() != w.End()) {
			t.Fatalf("%s: got %s [%d,%d), go-tree-sitter %s [%d,%d)", what, got.Type(), got.Start(), got.End(), w.Type(), w.Start(), w.End())
		}
	}
	fields := []string{"name", "body", "type", "value", "left", "right", "function", "arguments", "parameters",
		"declarator", "condition", "object", "field", "return_type", "alias", "path", "operator", "nope", ""}
	for fence, id := range map[string]lang.ID{"python": lang.Python, "java": lang.Java, "cpp": lang.CPP, "rust": lang.Rust,
		"go": lang.Go, "javascript": lang.JavaScript, "kotlin": lang.Kotlin, "haskell": lang.Haskell, "zig": lang.Zig} {
		srcs := code[fence]
		if len(srcs) > 20 {
			srcs = srcs[:20]
		}
		for _, src := range append(srcs, "", "}{") {
			tree, err := Parse(context.Background(), id, []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			var walked, cursor []Node
			tree.Root().Walk(func(n Node) bool { walked = append(walked, n); return true })
			cur := sitter.NewTreeCursor(tree.Root().n)
			for {
				cursor = append(cursor, wrap(cur.CurrentNode(), tree.Src))
				if cur.GoToFirstChild() {
					continue
				}
				for !cur.GoToNextSibling() && cur.GoToParent() {
				}
				if cur.CurrentNode().Equal(tree.Root().n) {
					break
				}
			}
			cur.Close()
			if len(walked) != len(cursor) {
				t.Fatalf("%s: walk visits %d nodes, go-tree-sitter's cursor %d", id, len(walked), len(cursor))
			}
			for i, n := range walked {
				same(string(id)+" walk", n, cursor[i].n)
				for c := -1; c <= n.ChildCount(); c++ {
					same("child", n.Child(c), n.n.Child(c))
					same("named child", n.NamedChild(c), n.n.NamedChild(c))
				}
				same("parent", n.Parent(), n.n.Parent())
				same("next", n.NextSibling(), n.n.NextSibling())
				same("prev", n.PrevSibling(), n.n.PrevSibling())
				for _, f := range fields {
					same("field "+f, n.Field(f), n.n.ChildByFieldName(f))
				}
			}
		}
	}
}

// cursorFirst is First through tree-sitter's query cursor only.
func (q *Query) cursorFirst(n Node, accept func(Node) bool) Node {
	saved := q.types
	q.types = nil
	defer func() { q.types = saved }()
	return q.First(n, accept)
}

// TestTypeListFirstMatchesQueryCursor checks First, with accept calls
// counted, against the query cursor on the same corpus and queries.
func TestTypeListFirstMatchesQueryCursor(t *testing.T) {
	code := lintevaltest.Fenced(t)
	r := rand.New(rand.NewSource(2))
	for fence, id := range map[string]lang.ID{"python": lang.Python, "java": lang.Java, "cpp": lang.CPP, "rust": lang.Rust,
		"go": lang.Go, "javascript": lang.JavaScript, "c": lang.C, "csharp": lang.CSharp} {
		srcs := code[fence]
		if len(srcs) > 40 {
			srcs = srcs[:40]
		}
		for _, pattern := range typeListQueries(id, r) {
			q := MustQuery(id, pattern)
			for _, src := range srcs {
				tree, _ := Parse(context.Background(), id, []byte(src))
				root := tree.Root()
				for _, skip := range []int{0, 1, 3, 1 << 30} {
					var seenGot, seenWant []int
					got := q.First(root, func(n Node) bool { seenGot = append(seenGot, n.Start()); return len(seenGot) > skip })
					want := q.cursorFirst(root, func(n Node) bool { seenWant = append(seenWant, n.Start()); return len(seenWant) > skip })
					if got.Valid() != want.Valid() || got.Start() != want.Start() || got.End() != want.End() ||
						len(seenGot) != len(seenWant) {
						t.Fatalf("%s %q skip %d: First %s@%d (%d looks), query cursor %s@%d (%d looks)", id, pattern, skip,
							got.Type(), got.Start(), len(seenGot), want.Type(), want.Start(), len(seenWant))
					}
				}
				if q.First(root, nil).Start() != q.cursorFirst(root, nil).Start() {
					t.Fatalf("%s: First without accept differs", id)
				}
			}
		}
	}
}
