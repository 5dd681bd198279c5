package naming

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/pygments"
	"github.com/iflint/iflint/internal/syntax"
)

// Every declaration query must compile against the bundled grammars: a
// bad pattern would only show up as a recovered panic at check time.
func TestNamingQueriesCompile(t *testing.T) {
	for _, m := range []map[lang.ID][2]string{declQueries} {
		for id, qs := range m {
			for _, q := range qs {
				if _, err := syntax.CompileQuery(id, q); err != nil {
					t.Errorf("%s: %v", id, err)
				}
			}
		}
	}
}

// Token offsets must land on the original bytes even though Pygments
// lexes a copy with CRLF folded and leading newlines stripped.
func TestPygTokensPlacement(t *testing.T) {
	src := "\r\n\r\nx_value = 1\r\nother_value = x_value\r\n"
	u := check.NewUnit(context.Background(), "x.py", []byte(src), check.MultiCodeIF)
	toks, err := pygments.PygTokens(u, lang.Python)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, tk := range toks {
		if tk.Value == "x_value" || tk.Value == "other_value" {
			seen++
			if got := src[tk.Start:tk.End]; got != tk.Value {
				t.Errorf("token %q placed on %q", tk.Value, got)
			}
		}
	}
	if seen != 3 {
		t.Errorf("saw %d name tokens, want 3", seen)
	}
}

func TestNamingOddInputs(t *testing.T) {
	for _, src := range []string{"", "\x00\xff\xfe", "(((((((((", "class"} {
		for _, id := range []lang.ID{lang.Python, lang.Java, lang.Go, lang.Kotlin, lang.Zig, lang.Haskell} {
			u := check.NewUnit(context.Background(), "x", []byte(src), check.MultiCodeIF)
			if _, _, err := declNames(u, id); err != nil {
				t.Errorf("%s %q: %v", id, src, err)
			}
			if _, err := pygments.PygTokens(u, id); err != nil {
				t.Errorf("%s %q: %v", id, src, err)
			}
		}
	}
}

// Oversized inputs get a reasoned Unverified instead of minutes of work.
func TestNamingTooLarge(t *testing.T) {
	src := make([]byte, pygments.MaxLexBytes+1)
	for i := range src {
		src[i] = 'a'
	}
	c, err := constraint.ParseAnswer(constraint.Naming, "python;function:snake_case")
	if err != nil {
		t.Fatal(err)
	}
	r := runRule(check.NewUnit(context.Background(), "x.py", src, check.MultiCodeIF), c)
	if r.Verdict != check.Unverified || r.Reason == "" {
		t.Errorf("got %s %q, want unverified with a reason", r.Verdict, r.Reason)
	}
}

func TestIsAllCapsMatchesRegexp(t *testing.T) {
	for _, s := range []string{"", "A", "AB_1", "_", "Ab", "ÀB", "A\n", "AB C", "123", "A-B", "\xff", "ǅ", "K"} {
		if got, want := isAllCaps(s), allCapsRE.MatchString(s); got != want {
			t.Errorf("%q: isAllCaps %v, regexp %v", s, got, want)
		}
	}
}
