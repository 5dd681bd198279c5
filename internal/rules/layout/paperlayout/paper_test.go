package paperlayout

import (
	"testing"

	"github.com/iflint/iflint/internal/rules/layoutview"
)

// The evaluator's patterns: \b\w+\s+OP\s+\w+\b is "spaced" and
// \b\w+OP\w+\b "unspaced"; whitespace includes newlines; \w is Unicode.
func TestLayoutSpacingPatterns(t *testing.T) {
	cases := []struct {
		text             string
		spaced, unspaced bool // does the text break "no spacing" / "spacing"
	}{
		{"a = b", true, false},
		{"a=b", false, true},
		{"a =b", false, false},
		{"a ==b", false, false},
		{"x =\n    y", true, false},
		{"ä=ö", false, true},
		{"1e-5", false, true},
		{"a->b", false, false},
		{"a <= b", true, false},
		{"f(a,b)", false, true},
		{"f(a, b)", true, false},
		{"f(a,\n  b)", true, false},
		{"x = -1", false, false},
		{"a && b", true, false},
		{"a,", false, false},
	}
	for _, c := range cases {
		v := layoutview.Build([]byte(c.text), nil)
		none := func(int, int, string, bool) {}
		if got := Spacing(v, false, nil, none) > 0; got != c.spaced {
			t.Errorf("%q breaks no-spacing = %v, want %v", c.text, got, c.spaced)
		}
		if got := Spacing(v, true, nil, none) > 0; got != c.unspaced {
			t.Errorf("%q breaks spacing = %v, want %v", c.text, got, c.unspaced)
		}
	}
}
