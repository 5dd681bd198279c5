package suppress

import (
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// TestMayHaveMarkersFoldsCase: the pre-test finds keywords in any case,
// in ASCII files (lowered in a reused buffer) and in others (Unicode's
// lowering, where the Kelvin sign is a "k").
func TestMayHaveMarkersFoldsCase(t *testing.T) {
	for _, c := range []struct {
		id   lang.ID
		src  string
		want bool
	}{
		{lang.Go, "x := 1 // NOLINT\n", true},
		{lang.Go, "x := 1 // IfLint:ignore\n", true},
		{lang.Go, "x := 1 // no lint\n", false},
		{lang.Java, "@SuppressWarnings(\"x\") // é\n", true},
		{lang.Java, "@SuppressWarnings(\"x\")\n", true},
		{lang.Java, "// chec\u212astyle:off\n", true},
		{lang.Java, "// checkstyle off é\n", false},
		{lang.Python, "", false},
	} {
		// Twice: the second call reuses the first one's buffer.
		for i := 0; i < 2; i++ {
			if got := MayHaveMarkers(c.id, []byte(c.src)); got != c.want {
				t.Errorf("%s %q: %v, want %v", c.id, c.src, got, c.want)
			}
		}
	}
}
