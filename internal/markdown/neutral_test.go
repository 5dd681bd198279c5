package markdown

import (
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		`function name "load_data" is not camelCase`: `function name "load_data" is not camelCase`,
		"K&R":                           "K&amp;R",
		"<details><summary>x</summary>": "&lt;details&gt;&lt;summary&gt;x&lt;/summary&gt;",
		"<!-- iflint:fingerprint=x -->": "&lt;!-- iflint:fingerprint=x --&gt;",
		"```suggestion":                 "\\`\\`\\`suggestion",
		"cc @octocat and @org/team":     "cc @\u2060octocat and @\u2060org/team",
		"mail a@b.c, not @ alone":       "mail a@\u2060b.c, not @ alone",
		"[click](https://evil.example)": "\\[click\\](https:\u2060//evil.example)",
		"![img](x)":                     "!\\[img\\](x)",
		`back\slash`:                    `back\\slash`,
		"first line\n```\n<details>":    "first line",
		"tab\there\x00nul\u2028sep":     "tab here nul sep",
		strings.Repeat("é", 5):          "ééé…",
	} {
		max := 0
		if strings.HasPrefix(in, "é") {
			max = 3
		}
		if got := Text(in, max); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCode(t *testing.T) {
	if got := Code("sh -c 'a`b`'\n<x>"); got != "sh -c 'a'b'' <x>" {
		t.Errorf("Code = %q", got)
	}
}
