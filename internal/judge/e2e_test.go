package judge

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/llm/llmtest"
)

// TestJudgeOverFakeServer drives the real client and judge against a fake
// OpenAI-compatible server through the failures real services produce.
// Every scenario ends in the right verdict or Unverified, never a panic
// or a silent failure.
func TestJudgeOverFakeServer(t *testing.T) {
	yes := llmtest.Response{Text: `{"verdict":"yes","reason":"it uses dynamic programming"}`}
	cases := []struct {
		name   string
		script []llmtest.Response
		want   check.Verdict
		reason string // substring of the decision's reason
		sleeps []time.Duration
	}{
		{name: "success", script: []llmtest.Response{yes}, want: check.Pass},
		{name: "429 with Retry-After", script: []llmtest.Response{{Status: 429, Header: map[string]string{"Retry-After": "3"}, Body: llmtest.ErrorBody("rate limited")}, yes},
			want: check.Pass, sleeps: []time.Duration{3 * time.Second}},
		{name: "500 then success", script: []llmtest.Response{{Status: 500, Body: llmtest.ErrorBody("boom")}, yes}, want: check.Pass},
		{name: "hung request", script: []llmtest.Response{{Hang: true}, yes}, want: check.Pass},
		{name: "malformed JSON", script: []llmtest.Response{{Body: `{"choices": [`}, {Body: `{"choices": [`}}, want: check.Unverified, reason: "failed"},
		{name: "empty choices", script: []llmtest.Response{{NoChoices: true}}, want: check.Unverified, reason: "failed"},
		{name: "refusal", script: []llmtest.Response{{Text: "I'm sorry, I can't help with that."}}, want: check.Unverified, reason: "unreadable"},
		{name: "verdict in prose", script: []llmtest.Response{{Text: "Let me look.\n{\"verdict\": \"no\", \"reason\": \"it is greedy\"}\nThat is all."}}, want: check.Fail, reason: "greedy"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, llmtest.Script(tc.script...))
			clock := llmtest.NewClock()
			client, err := llm.New(llm.Config{Model: "m", BaseURL: srv.URL(), APIKey: "k", Timeout: 200 * time.Millisecond, MaxRetries: 2}, srv.Client(), clock, llm.WithJitter(llm.NoJitter))
			if err != nil {
				t.Fatal(err)
			}
			ch, _ := cache.Open(t.TempDir())
			j := &Judge{Models: []Model{{Name: "m", C: client}}, Cache: ch}
			c, _ := constraint.ParseAnswer(constraint.AlgorithmType, "dynamic programming")
			d, _ := j.Decide(context.Background(), Task{Prompt: "Compute Fibonacci numbers.", Constraint: c, Code: "def fib(n): ..."})
			if d.Verdict != tc.want {
				t.Fatalf("verdict %s (%s), want %s", d.Verdict, d.Reason, tc.want)
			}
			if tc.reason != "" && !strings.Contains(d.Reason, tc.reason) {
				t.Errorf("reason %q lacks %q", d.Reason, tc.reason)
			}
			if d.Verdict == check.Unverified && d.Reason == "" {
				t.Error("unverified without a reason")
			}
			if tc.sleeps != nil {
				got := clock.Sleeps()
				if len(got) != len(tc.sleeps) || got[0] != tc.sleeps[0] {
					t.Errorf("client slept %v, want %v", got, tc.sleeps)
				}
			}
		})
	}
}
