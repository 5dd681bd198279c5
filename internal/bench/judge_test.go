package bench

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/judge"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/llm/llmtest"
)

// TestRecordedVerdictsReproducePublishedRate replays the gpt-4o round-0
// generations with the published verdicts seeded into the cache: the
// overall pass rate must be the published 918 of 1,526, exactly.
func TestRecordedVerdictsReproducePublishedRate(t *testing.T) {
	data := lintevalData(t)
	labels := filepath.Join(data, "labels", "gpt-4o-r0")
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root, _ := ResolveRoot(data)
	recs, err := judge.LoadRecorded(filepath.Join(labels, "verdicts.jsonl"), filepath.Join(labels, "generations", "gpt-4o"),
		filepath.Join(root, "dataset", "instructions", "single_level"))
	if err != nil {
		t.Fatal(err)
	}
	if err := judge.SeedRecorded(c, "gpt-4o", recs); err != nil {
		t.Fatal(err)
	}
	samples, err := Replay(context.Background(), ReplayOptions{
		Data: data, Generations: filepath.Join(labels, "generations"), Profile: check.MultiCodeIF,
		Judge: &judge.Judge{Models: []judge.Model{judge.Recorded("gpt-4o")}, Cache: c},
	})
	if err != nil {
		t.Fatal(err)
	}
	tl := Count(samples)
	if len(samples) != 1526 || tl.Pass != 918 || tl.Fail != 608 || tl.Unverified != 0 {
		t.Errorf("replay: %d samples, %+v; want 1526 samples, 918 pass, 608 fail, 0 unverified", len(samples), tl)
	}
	wantRecorded := 0
	for _, s := range samples {
		if judge.ModelDecided(s.Constraint) {
			wantRecorded++
			if !s.Recorded {
				t.Errorf("%s[%d]: %s verdict not marked recorded", s.File, s.Index, s.Constraint)
			}
		} else if s.Recorded {
			t.Errorf("%s[%d]: rule verdict marked recorded", s.File, s.Index)
		}
	}
	if tl.Recorded != wantRecorded || wantRecorded != 636+63 {
		t.Errorf("recorded %d, want %d (636 judged + 63 language_type)", tl.Recorded, wantRecorded)
	}
	if c.Misses() != 0 {
		t.Errorf("%d cache misses: every recorded verdict should be found", c.Misses())
	}
}

// judgedJobs returns n gpt-4o round-0 jobs of an LLM-judged type.
func judgedJobs(t *testing.T, n int) []Job {
	data := lintevalData(t)
	ds, err := LoadDataset(data)
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := LoadJobs(ds, filepath.Join(data, "labels", "gpt-4o-r0", "generations"), false)
	if err != nil {
		t.Fatal(err)
	}
	var out []Job
	for _, j := range jobs {
		if j.Task.Constraint.Type.Method() == constraint.ByJudge && len(out) < n {
			out = append(out, j)
		}
	}
	return out
}

func liveJudge(t *testing.T, srv *llmtest.Server, dir string, maxRequests int) *judge.Judge {
	cfg := llm.Config{Model: "judge-model", BaseURL: srv.URL(), APIKey: "sk-test-canary", Concurrency: 2, MaxRequests: maxRequests}
	client, err := llm.New(cfg, srv.Client(), llmtest.NewClock())
	if err != nil {
		t.Fatal(err)
	}
	c, err := cache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return &judge.Judge{Models: []judge.Model{{Name: "judge-model", C: client}}, Cache: c}
}

// TestJudgeRunTwiceIsFree runs the same judged replay twice against a
// fake OpenAI-compatible server: the second run makes zero requests.
func TestJudgeRunTwiceIsFree(t *testing.T) {
	jobs := judgedJobs(t, 12)
	srv := llmtest.NewServer(t, llmtest.Reply(`{"verdict":"yes","reason":"the code meets the constraint"}`))
	dir := t.TempDir()
	first := Evaluate(context.Background(), jobs, EvalOptions{Profile: check.MultiCodeIF, Judge: liveJudge(t, srv, dir, 0)})
	if n := srv.Count(); n != len(jobs) {
		t.Fatalf("first run: %d requests, want %d", n, len(jobs))
	}
	if tl := Count(first); tl.Pass != len(jobs) {
		t.Fatalf("first run: %+v", tl)
	}
	second := Evaluate(context.Background(), jobs, EvalOptions{Profile: check.MultiCodeIF, Judge: liveJudge(t, srv, dir, 0)})
	if n := srv.Count(); n != len(jobs) {
		t.Errorf("second run sent %d requests, want 0", n-len(jobs))
	}
	if fmt.Sprint(Count(second)) != fmt.Sprint(Count(first)) {
		t.Errorf("second run %+v differs from first %+v", Count(second), Count(first))
	}
}

// TestJudgeBudgetStopIsResumable: a run whose request budget runs out
// reports the rest unverified; the next run judges only what is left.
func TestJudgeBudgetStopIsResumable(t *testing.T) {
	jobs := judgedJobs(t, 10)
	srv := llmtest.NewServer(t, llmtest.Reply(`{"verdict":"no","reason":"the reference differs"}`))
	dir := t.TempDir()
	first := Evaluate(context.Background(), jobs, EvalOptions{Profile: check.MultiCodeIF, Workers: 1, Judge: liveJudge(t, srv, dir, 4)})
	tl := Count(first)
	if tl.Fail != 4 || tl.Unverified != 6 {
		t.Fatalf("budget of 4 requests: %+v, want 4 fail and 6 unverified", tl)
	}
	for _, s := range first {
		if s.Verdict == check.Unverified && !strings.Contains(s.Reason, "budget") {
			t.Errorf("%s[%d]: unverified without naming the budget: %s", s.File, s.Index, s.Reason)
		}
	}
	second := Evaluate(context.Background(), jobs, EvalOptions{Profile: check.MultiCodeIF, Workers: 1, Judge: liveJudge(t, srv, dir, 0)})
	if tl := Count(second); tl.Fail != 10 {
		t.Errorf("resumed run: %+v, want all 10 decided", tl)
	}
	if n := srv.Count(); n != 10 {
		t.Errorf("%d requests in all, want 10 (4 + the 6 left)", n)
	}
}
