package pycodestyle

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// codes renders a check's errors as "row:col CODE", in order.
func codes(t *testing.T, src string, size int) []string {
	t.Helper()
	c, err := Check([]byte(src), size, nil)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	var out []string
	for _, e := range c.Errors {
		out = append(out, fmt.Sprintf("%d:%d %s", e.Pos.Row, e.Pos.Col, e.Code))
	}
	return out
}

// Cases from pycodestyle's documentation of each check, with the
// positions pycodestyle 2.10 reports for them.
func TestChecks(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"if a:\n    b = 1\n", nil},
		{"if a:\n   b = 1\n", []string{"2:3 E111"}},
		{"if a:\n        b = 1\n", []string{"2:8 E117"}},
		{"if a:\n\tb = 1\n", []string{"2:0 W191"}},
		{"print(a,\n    b)\n", []string{"2:4 E128"}},
		{"foo(bar,\n        baz)\n", []string{"2:8 E127"}},
		{"x=1\n", []string{"1:1 E225"}},
		{"f(a,b)\n", []string{"1:3 E231"}},
		{"f(a = 1)\n", []string{"1:3 E251", "1:5 E251"}},
		{"def f(a: int=1):\n    pass\n", []string{"1:12 E252", "1:13 E252"}},
		{"x = x*2 - 1\n", []string{"1:5 E226"}},
	} {
		if got := codes(t, tc.src, 4); !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.src, got, tc.want)
		}
	}
}

// A dedent to a column no enclosing block uses is Python's
// IndentationError, reported with its row; an unterminated bracket
// stops the check too.
func TestTokenizeErrors(t *testing.T) {
	_, err := Check([]byte("if a:\n        b\n    c\n"), 4, nil)
	var de *DedentError
	if !errors.As(err, &de) || de.Row != 3 {
		t.Errorf("bad dedent: got %v, want a DedentError on row 3", err)
	}
	if _, err := Check([]byte("f(a,\n"), 4, nil); err == nil || errors.As(err, &de) {
		t.Errorf("unterminated bracket: got %v, want the EOF error", err)
	}
}

// Offset and TokenSpan locate errors in bytes, code points and all.
func TestOffsets(t *testing.T) {
	src := "ä = 1\nf(ö,b)\n"
	c, err := Check([]byte(src), 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Errors) != 1 || c.Errors[0].Code != "E231" {
		t.Fatalf("errors %+v, want one E231", c.Errors)
	}
	e := c.Errors[0]
	if off := c.Offset(e.Pos); src[off:off+1] != "," {
		t.Errorf("Offset(%v) = %d, at %q; want the comma", e.Pos, off, src[off:])
	}
	if s, en := c.TokenSpan(e.Token); src[s:en] != "," {
		t.Errorf("TokenSpan = [%d,%d) %q, want the comma", s, en, src[s:en])
	}
	if rows := c.StatementRows(); !slices.Equal(rows, []int{1, 2}) {
		t.Errorf("StatementRows = %v, want [1 2]", rows)
	}
}
