package bench

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/iflint/iflint/internal/check"
)

// allModelJobs loads the rule-decided tasks of all 6 models' stored
// single-level generations (5,340 jobs).
func allModelJobs(b testing.TB) []Job {
	data := lintevalData(b)
	ds, err := LoadDataset(data)
	if err != nil {
		b.Fatal(err)
	}
	jobs, err := LoadJobs(ds, filepath.Join(data, "multicodeif", "results", "single_level"), true)
	if err != nil {
		b.Fatal(err)
	}
	return jobs
}

// BenchmarkReplayRules and BenchmarkBareParse run side by side: the
// acceptance target is ReplayRules <= 2x BareParse (compare medians with
// benchstat; see README).
func BenchmarkReplayRules(b *testing.B) {
	jobs := allModelJobs(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Evaluate(context.Background(), jobs, EvalOptions{Profile: check.MultiCodeIF})
	}
}

func BenchmarkBareParse(b *testing.B) {
	jobs := allModelJobs(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		BareParse(context.Background(), jobs)
	}
}

func TestAllModelsReplayCoversRuleTasks(t *testing.T) {
	jobs := allModelJobs(t)
	if len(jobs) != 5340 {
		t.Errorf("%d rule-decided jobs across 6 models, want 5340", len(jobs))
	}
	samples := Evaluate(context.Background(), jobs, EvalOptions{Profile: check.MultiCodeIF})
	for _, s := range samples {
		if s.Method == check.MethodRule && s.Verdict == check.Unverified && len(s.Reason) > 14 && s.Reason[:14] == "internal error" {
			t.Errorf("%s %s[%d]: %s", s.Model, s.File, s.Index, s.Reason)
		}
	}
}
