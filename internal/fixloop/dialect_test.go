package fixloop

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/toolchain"
)

// TestCompilerProofKeepsTheStandard is cJSON's case (issue 18): the
// repository builds with -std=c89 -pedantic -Werror, and `/* */` → `//`
// compiled the same under gcc's default dialect, so every conversion was
// kept as proven and `make test` then failed ("C++ style comments are
// not allowed in ISO C90"). The proof must build both sides in the
// strictest standard the original satisfies: c89.c's conversion is
// refused with the compiler's reason, c99.c's (a C99 file, where //
// is the standard's own) is kept under -std=c99.
func TestCompilerProofKeepsTheStandard(t *testing.T) {
	if (&toolchain.Equivalence{}).Method("c") == "" {
		t.Skip("no gcc here")
	}
	files := map[string]string{}
	for _, n := range []string{"iflint.yml", "c89.c", "c99.c"} {
		b, err := os.ReadFile(filepath.Join("testdata", "c89_comments", n))
		if err != nil {
			t.Fatal(err)
		}
		if n == "iflint.yml" {
			n = ".iflint.yml"
		}
		files[n] = string(b)
	}
	dir := writeRepo(t, files)
	cfg, fs := loadRepo(t, dir)
	res, err := Fix(context.Background(), fs, FixOptions{Options: engine.Options{Config: cfg}, Root: dir, Prover: &toolchain.Equivalence{Root: dir}})
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	kept89, kept99, refused89 := false, false, false
	for _, c := range res.Candidates {
		log = append(log, c.Path+" "+c.Part+" -> "+string(c.Stage)+" "+c.Reason+" "+c.Verification.Summary(false, nil))
		switch {
		case c.Path == "c89.c" && c.Accepted:
			kept89 = true
		case c.Path == "c89.c" && strings.Contains(c.Reason, "the candidate does not compile (gcc -std=c89 -pedantic-errors -g0)") && strings.Contains(c.Reason, "C++ style comments are not allowed in ISO C90"):
			refused89 = true
		case c.Path == "c99.c" && c.Accepted && strings.Contains(c.Verification.Summary(false, nil), "compiled output identical (gcc -std=c99 -pedantic-errors -g0)"):
			kept99 = true
		}
	}
	if kept89 || !refused89 || !kept99 {
		t.Errorf("c89.c kept %v, refused with the compiler's reason %v; c99.c kept under -std=c99 %v; candidates:\n%s", kept89, refused89, kept99, strings.Join(log, "\n"))
	}
}
