package toolchain_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
)

// TestEquivalenceBuilds builds real files where the compilers are
// installed: a renamed local and a moved comment compile the same, a
// renamed enum constant (Java) or function (Python) does not.
func TestEquivalenceBuilds(t *testing.T) {
	root := t.TempDir()
	cc := &toolchain.CompileCache{}
	e := &toolchain.Equivalence{Root: root, Cache: cc}
	for _, c := range []struct {
		id        lang.ID
		path      string
		old, same string
		diff      string
	}{
		// A function whose body is only its docstring (python-fire):
		// the docstring stands apart from the code, and what is left
		// still compiles.
		{lang.Python, "d.py",
			"def f():\n  \"\"\"Only a docstring.\n\n  More.\n  \"\"\"\n",
			"def f():\n    \"\"\"Only a docstring.\n\n    More.\n    \"\"\"\n",
			"def f():\n    return 1\n"},
		{lang.Python, "m.py",
			"def f(a):\n    myVal = a + 1  # one\n    return myVal\n",
			"def f(a):\n    my_val = a + 1\n    # one\n    return my_val\n",
			"def g(a):\n    myVal = a + 1\n    return myVal\n"},
		{lang.Java, "src/org/x/State.java",
			"package org.x;\nenum State { Comment; static int f() { final int Comment = 3; return Comment; } }\n",
			"package org.x;\nenum State { Comment; static int f() {\n  // a comment\n  final int comment = 3; return comment; } }\n",
			"package org.x;\nenum State { comment; static int f() { final int comment = 3; return comment; } }\n"},
		{lang.C, "x.c",
			"static int add(int a) { int someValue = a + 1; return someValue; }\nint g(void) { return add(1); }\n",
			"static int add_one(int a) { int some_value = a + 1; return some_value; }\nint g(void) { return add_one(1); }\n",
			"static int add(int a) { int someValue = a + 2; return someValue; }\nint g(void) { return add(1); }\n"},
	} {
		t.Run(string(c.id), func(t *testing.T) {
			if e.Method(c.id) == "" {
				t.Skipf("no compiler for %s here", c.id)
			}
			if err := os.MkdirAll(filepath.Join(root, filepath.Dir(c.path)), 0o755); err != nil {
				t.Fatal(err)
			}
			var orig *toolchain.Build
			build := func(src string) toolchain.Build {
				b, err := e.Build(context.Background(), c.id, c.path, []byte(src), orig)
				if err != nil || !b.OK {
					t.Fatalf("build: %v %s", err, b.Output)
				}
				return b
			}
			o := build(c.old)
			orig = &o
			s, d := build(c.same), build(c.diff)
			digests := func(b toolchain.Build) string {
				out := ""
				for _, x := range b.Objects {
					out += x.Name + "=" + x.Digest + ";"
				}
				return out
			}
			if digests(o) != digests(s) {
				t.Errorf("a local rename changed the compiled output:\n%s\n%s", digests(o), digests(s))
			}
			if digests(o) == digests(d) {
				t.Errorf("a changed program compiled the same: %s", digests(o))
			}
			if b, err := e.Build(context.Background(), c.id, c.path, []byte("this is not code {"), orig); err != nil || b.OK {
				t.Errorf("a broken file built: %v %+v", err, b)
			}
		})
	}
	if ran, _ := cc.Counts(); ran == 0 {
		t.Error("no build was counted")
	}
}
