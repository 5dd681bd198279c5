package infer

import "testing"

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		t    Tally
		want string
	}{
		{Tally{1000, 0}, "100.0%"},
		{Tally{10000, 1}, "99.9%"},  // 99.99% is not written as 100.0%
		{Tally{2000, 101}, "94.9%"}, // 94.95%, below a 95% threshold, never reads 95.0%
		{Tally{3, 1}, "66.6%"},
		{Tally{0, 0}, "-"},
	} {
		if got := pct(tc.t); got != tc.want {
			t.Errorf("pct(%+v) = %s, want %s", tc.t, got, tc.want)
		}
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1204: "1,204", 1234567: "1,234,567"} {
		if got := num(n); got != want {
			t.Errorf("num(%d) = %s, want %s", n, got, want)
		}
	}
	for f, want := range map[float64]string{0.95: "95%", 0.995: "99.5%", 1: "100%", 0.8: "80%"} {
		if got := pctOf(f); got != want {
			t.Errorf("pctOf(%v) = %s, want %s", f, got, want)
		}
	}
	if got := scalar("*.pb.go"); got != `'*.pb.go'` {
		t.Errorf("scalar(*.pb.go) = %s: a leading * is a YAML alias and must be quoted", got)
	}
	if got := scalar("java;K&R"); got != "java;K&R" {
		t.Errorf("scalar(java;K&R) = %s", got)
	}
}

func TestCommentWraps(t *testing.T) {
	w := &writer{}
	w.comment(secLead, secCont, "left out, below 95%: tabs"+nbsp+"70.2%, spaces:8"+nbsp+"74.4%, spaces:3"+nbsp+"71.4%, spaces:2"+nbsp+"70.0%, spaces:16"+nbsp+"1.0%, more words here")
	want := "  # left out, below 95%: tabs 70.2%, spaces:8 74.4%, spaces:3 71.4%, spaces:2 70.0%,\n  #   spaces:16 1.0%, more words here\n"
	if got := w.b.String(); got != want {
		t.Errorf("comment:\n%s\nwant:\n%s", got, want)
	}
}
