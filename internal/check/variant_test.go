package check

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// A variant is parsed once per name, and serves AnyTree when the
// source's own tree was never parsed, so that a reading that needs only
// declarations does not parse the file a second time.
func TestVariantTreeServesAnyTree(t *testing.T) {
	src := []byte("FOO_BEGIN\nint f(void) { return 0; }\n")
	u := NewUnit(context.Background(), "a.c", src, Lint)
	defer u.Close()
	calls := 0
	masked := func() []byte { calls++; return []byte("________;\nint f(void) { return 0; }\n") }
	v, err := u.VariantTree(lang.C, "mask", masked)
	if err != nil || v == nil {
		t.Fatalf("variant: %v %v", v, err)
	}
	if again, _ := u.VariantTree(lang.C, "mask", masked); again != v || calls != 1 {
		t.Errorf("the variant was made %d times, or parsed again", calls)
	}
	if any, _ := u.AnyTree(lang.C); any != v {
		t.Error("AnyTree parsed the source again instead of serving the variant")
	}
	if none, err := u.VariantTree(lang.C, "none", func() []byte { return nil }); none != nil || err != nil {
		t.Errorf("no variant: got %v, %v", none, err)
	}
	own, _ := u.Tree(lang.C)
	if any, _ := u.AnyTree(lang.C); any != own {
		t.Error("AnyTree did not prefer the source's own tree once parsed")
	}
}
