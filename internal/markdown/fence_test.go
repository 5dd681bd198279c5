package markdown

import "testing"

func TestFence(t *testing.T) {
	for in, want := range map[string]string{
		"":                      "```",
		"plain":                 "```",
		"a `b` c":               "```",
		"```go\nx\n```":         "````",
		"````\n`````":           "``````",
		"line1 ``\nline2 ```` ": "`````",
	} {
		if got := Fence(in); got != want {
			t.Errorf("Fence(%q) = %q, want %q", in, got, want)
		}
	}
}
