package judge

import (
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
)

func TestReadReply(t *testing.T) {
	cases := []struct {
		name, reply string
		want        check.Verdict
		reason      string // substring of the reason
	}{
		{"json yes", `{"verdict":"yes","reason":"Uses a DP table."}`, check.Pass, "Uses a DP table."},
		{"json no", `{"verdict": "no", "reason": "Sorts in O(n^2)."}`, check.Fail, "Sorts in O(n^2)."},
		{"json upper-case verdict", `{"verdict":"YES","reason":"ok"}`, check.Pass, "ok"},
		{"json no reason", `{"verdict":"no"}`, check.Fail, "no reason given"},
		{"json in prose", "Let me check.\nThe loop is linear. {\"verdict\":\"yes\",\"reason\":\"One pass over the list.\"} Done.", check.Pass, "One pass"},
		{"fenced json", "```json\n{\n  \"verdict\": \"no\",\n  \"reason\": \"Uses recursion, not iteration.\"\n}\n```", check.Fail, "Uses recursion"},
		{"nested braces in reason", `{"verdict":"yes","reason":"returns {a: 1}"}`, check.Pass, "returns {a: 1}"},
		{"object wrapped", `{"result":{"verdict":"no","reason":"r"}}`, check.Fail, "r"},
		{"multi-line reason folded", "{\"verdict\":\"yes\",\"reason\":\"a\\n  b\"}", check.Pass, "a b"},
		{"bare YES", "YES", check.Pass, "without a reason"},
		{"bare no.", "no.", check.Fail, "without a reason"},
		{"bold yes", "**Yes**", check.Pass, "without a reason"},
		{"yes with prose", "Yes, mostly, but it also uses a heap.", check.Unverified, "no JSON verdict"},
		{"refusal", "I can't help with that.", check.Unverified, "judge refused"},
		{"refusal sorry", "I'm sorry, but I cannot evaluate this code.", check.Unverified, "judge refused"},
		{"empty", "", check.Unverified, "empty reply"},
		{"blank", " \n\t", check.Unverified, "empty reply"},
		{"garbage", "qwerty }{ 42", check.Unverified, "no JSON verdict"},
		{"truncated json", `{"verdict":"ye`, check.Unverified, "no JSON verdict"},
		{"verdict not yes/no", `{"verdict":"maybe","reason":"unclear"}`, check.Unverified, "neither yes nor no"},
		{"verdict not a string", `{"verdict":true}`, check.Unverified, "no JSON verdict"},
		{"conflicting objects", `Either {"verdict":"yes"} or {"verdict":"no"}.`, check.Unverified, "conflicting"},
		{"agreeing objects", `{"verdict":"no","reason":"first"} again {"verdict":"no"}`, check.Fail, "first"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := readReply(tc.reply)
			if got.verdict != tc.want || !strings.Contains(got.reason, tc.reason) {
				t.Fatalf("readReply(%q) = %s %q, want %s with %q", tc.reply, got.verdict, got.reason, tc.want, tc.reason)
			}
		})
	}
}

func TestReadReasonBounded(t *testing.T) {
	got := readReply(`{"verdict":"yes","reason":"` + strings.Repeat("x", 2000) + `"}`)
	if n := len([]rune(got.reason)); n > maxReason+1 {
		t.Fatalf("reason of %d runes not bounded", n)
	}
}

// TestReadCompat pins the MultiCodeIF reading, quirks included.
func TestReadCompat(t *testing.T) {
	cases := map[string]check.Verdict{
		"YES":                     check.Pass,
		"Yes.":                    check.Pass,
		"no":                      check.Fail,
		"NO.":                     check.Fail,
		"":                        check.Fail,
		"I can't help with that.": check.Fail,
		// The paper's substring test also counts these as satisfied.
		`{"verdict":"no","reason":"the eyes of the reviewer"}`: check.Pass,
		"Not yet":                  check.Fail,
		"yesterday's code is fine": check.Pass,
	}
	for reply, want := range cases {
		if got := readCompat(reply); got.verdict != want {
			t.Errorf("readCompat(%q) = %s, want %s", reply, got.verdict, want)
		}
	}
}
