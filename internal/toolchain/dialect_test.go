package toolchain_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
)

// TestDialect: a C file is built in the strictest standard it satisfies
// (c89 here), where a // comment does not compile; with a
// compile_commands.json entry, in the project's flags (-std=c99 -DN=2:
// the macro reaches the object); and a warning under -Wall is kept for
// the proof to compare.
func TestDialect(t *testing.T) {
	e := &toolchain.Equivalence{Root: t.TempDir()}
	if e.Method(lang.C) == "" {
		t.Skip("no gcc here")
	}
	ctx := context.Background()
	const c89 = "/* one */\nint f(int x) { return x + N; }\n"
	o, err := e.Build(ctx, lang.C, "a.c", []byte("#define N 1\n"+c89), nil)
	if err != nil || !o.OK || o.Method != "gcc -std=c89 -pedantic-errors -g0" {
		t.Fatalf("original: %v %+v", err, o)
	}
	n, err := e.Build(ctx, lang.C, "a.c", []byte("#define N 1\n// one\nint f(int x) { return x + N; }\n"), &o)
	if err != nil || n.OK || !strings.Contains(n.Output, "C++ style comments are not allowed in ISO C90") {
		t.Errorf("a // comment under c89: %v %+v", err, n)
	}
	w, err := e.Build(ctx, lang.C, "a.c", []byte("#define N 1\nint f(int x) { int unused; return x + N; }\n"), &o)
	if err != nil || !w.OK || strings.Join(w.Warnings, "|") != "unused variable 'unused' [-Wunused-variable]" {
		t.Errorf("warnings %q (%v %+v)", w.Warnings, err, w)
	}

	// A later original of the same path (a fix applied) is built in the
	// dialect the first one chose.
	if m, err := e.Build(ctx, lang.C, "a.c", []byte("#define N 1\n// one\nint f(int x) { return x + N; }\n"), nil); err != nil || m.OK {
		t.Errorf("a later original left c89: %v %+v", err, m)
	}

	db := `[{"directory": "` + e.Root + `", "file": "a.c", "command": "cc -std=c99 -DN=2 -Werror -O2 -g -o a.o -c a.c"}]`
	if err := os.WriteFile(filepath.Join(e.Root, "compile_commands.json"), []byte(db), 0o644); err != nil {
		t.Fatal(err)
	}
	e = &toolchain.Equivalence{Root: e.Root} // a new run: the dialect is chosen again
	p, err := e.Build(ctx, lang.C, "a.c", []byte(c89), nil)
	if err != nil || !p.OK || p.Method != "gcc compile_commands.json flags -g0" || strings.Join(p.Flags, " ") != "-std=c99 -DN=2 -Werror" {
		t.Fatalf("with compile_commands.json: %v %+v", err, p)
	}
	q, err := e.Build(ctx, lang.C, "a.c", []byte("// one\nint f(int x) { return x + N; }\n"), &p)
	if err != nil || !q.OK || q.Objects[0].Digest != p.Objects[0].Digest {
		t.Errorf("a // comment under the project's -std=c99: %v %+v", err, q)
	}
	r, err := e.Build(ctx, lang.C, "a.c", []byte("int f(int x) { return x + 2; }\n"), &p)
	if err != nil || !r.OK || r.Objects[0].Digest != p.Objects[0].Digest {
		t.Errorf("N is 2 under the project's -DN=2: %v %+v %+v", err, r, p)
	}
}

// TestInactive: a change in a preprocessor branch the build skips is
// one the compiled objects say nothing about; active lines, multi-line
// comments included, and directives are not reported.
func TestInactive(t *testing.T) {
	e := &toolchain.Equivalence{Root: t.TempDir()}
	if e.Method(lang.C) == "" {
		t.Skip("no gcc here")
	}
	src := []byte("/* a\n   b */\n#if defined(_MSC_VER)\n/* win */\nint w;\n#endif\nint x; /* c */\n\n/* d */\nint y;\n")
	o, err := e.Build(context.Background(), lang.C, "t.c", src, nil)
	if err != nil || !o.OK {
		t.Fatalf("%v %+v", err, o)
	}
	off, err := e.Inactive(context.Background(), lang.C, "t.c", src, []int{1, 2, 3, 4, 5, 7, 8, 9, 10}, &o)
	if err != nil || fmt.Sprint(off) != "[4 5]" {
		t.Errorf("inactive lines %v (%v), want [4 5]", off, err)
	}
}
