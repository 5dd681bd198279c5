package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
)

func TestParseShard(t *testing.T) {
	for in, want := range map[string]Shard{"1/1": {1, 1}, "2/4": {2, 4}, " 4/4 ": {4, 4}} {
		got, err := ParseShard(in)
		if err != nil || got != want || strings.TrimSpace(in) != got.String() {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "1", "0/4", "5/4", "-1/4", "1/0", "a/b", "1/4/2", "1/-2"} {
		if _, err := ParseShard(in); err == nil || !strings.Contains(err.Error(), "shard") {
			t.Errorf("ParseShard(%q): error %v, want one", in, err)
		}
	}
	if (Shard{}).String() != "" || !(Shard{}).Has("m", "f", 3) {
		t.Error("the zero Shard must be the whole run")
	}
}

// Every task lands in exactly one shard, and the split is not lopsided.
func TestShardsPartitionTasks(t *testing.T) {
	for n := 1; n <= 5; n++ {
		counts := make([]int, n)
		for _, model := range []string{"gpt-4o", "Qwen3-1.7B"} {
			for idx := 0; idx < 500; idx++ {
				in := 0
				for i := 1; i <= n; i++ {
					if (Shard{i, n}).Has(model, "syntax_library", idx) {
						in++
						counts[i-1]++
					}
				}
				if in != 1 {
					t.Fatalf("n=%d: %s[%d] in %d shards", n, model, idx, in)
				}
			}
		}
		for i, c := range counts {
			if c < 1000/n*3/4 {
				t.Errorf("n=%d: shard %d has %d of 1000 tasks", n, i+1, c)
			}
		}
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestMergeRejectsBadShardSets(t *testing.T) {
	mk := func(shard string, indices ...int) string {
		dir := t.TempDir()
		var r Run
		if shard != "" {
			r.Shard, _ = ParseShard(shard)
		}
		for _, i := range indices {
			r.Samples = append(r.Samples, Sample{Model: "m", File: "syntax_library", Index: i, Verdict: check.Pass, Method: check.MethodRule})
		}
		if err := WriteRun(dir, r); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	s1, s2, s2b, whole := mk("1/2", 0), mk("2/2", 1), mk("2/2", 2), mk("", 3)
	cases := []struct {
		dirs []string
		want string
	}{
		{nil, "no run directories"},
		{[]string{s1}, "missing shard(s) 2/2"},
		{[]string{s1, s2, s2b}, "shard 2/2 given twice"},
		{[]string{s1, whole}, whole},
		{[]string{whole, mk("", 3)}, "already scored"},
		{[]string{s1, mk("1/3", 5)}, "a shard of 3"},
	}
	for _, c := range cases {
		if _, err := Merge(c.dirs); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Merge(%v): error %v, want one containing %q", c.dirs, err, c.want)
		}
	}
	if r, err := Merge([]string{s2, s1}); err != nil || len(r.Samples) != 2 || r.Samples[0].Index != 0 || r.Shard != (Shard{}) {
		t.Errorf("Merge(2/2, 1/2) = %+v, %v", r, err)
	}
	if r, err := Merge([]string{whole, s1}); err == nil {
		t.Errorf("merging a whole run with a shard: %+v", r)
	}

	// Damaged directories name the file at fault.
	broken := mk("", 7)
	writeFile(t, filepath.Join(broken, "samples.jsonl"), "{\"model\":\"m\",\"file\":\"f\"}\n{not json\n")
	noLevels := mk("", 8)
	os.Remove(filepath.Join(noLevels, "levels.jsonl"))
	badLevel := mk("", 9)
	writeFile(t, filepath.Join(badLevel, "levels.jsonl"), `{"model":"m","file":"data_structure","index":1,"level":1,"checks":[{"index":0}]}`+"\n")
	badSummary := mk("", 10)
	writeFile(t, filepath.Join(badSummary, "summary.json"), `{"models": [], "shard": "3/2"}`)
	for dir, want := range map[string]string{
		broken:                 filepath.Join(broken, "samples.jsonl") + ":2",
		noLevels:               filepath.Join(noLevels, "levels.jsonl"),
		badLevel:               filepath.Join(badLevel, "levels.jsonl") + ":1",
		badSummary:             filepath.Join(badSummary, "summary.json"),
		t.TempDir():            "summary of a complete run",
		filepath.Join(s1, "x"): "summary of a complete run",
	} {
		if _, err := Merge([]string{dir}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Merge(%s): error %v, want one containing %q", dir, err, want)
		}
	}
}

// A 4-shard run of the real data, merged, equals the unsharded run byte
// for byte: summary.json, samples.jsonl and levels.jsonl.
func TestShardedMergeEqualsUnsharded(t *testing.T) {
	jobs, levels, whole := loadRealRun(t)
	wholeDir := filepath.Join(t.TempDir(), "whole")
	if err := WriteRun(wholeDir, whole); err != nil {
		t.Fatal(err)
	}
	o := EvalOptions{Profile: check.MultiCodeIF}
	var dirs []string
	nJobs, nLevels := 0, 0
	for i := 1; i <= 4; i++ {
		sh := Shard{i, 4}
		sj, sl := sh.SelectJobs(jobs), sh.SelectLevelJobs(levels)
		nJobs, nLevels = nJobs+len(sj), nLevels+len(sl)
		r := Run{Shard: sh, Samples: Evaluate(context.Background(), sj, o), Levels: mustLevels(EvaluateLevels(context.Background(), sl, o)), Misaligned: whole.Misaligned}
		dir := filepath.Join(t.TempDir(), "shard"+strconv.Itoa(i))
		if err := WriteRun(dir, r); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
	}
	if nJobs != len(jobs) || nLevels != len(levels) {
		t.Fatalf("shards hold %d+%d jobs, want %d+%d", nJobs, nLevels, len(jobs), len(levels))
	}
	merged, err := Merge([]string{dirs[2], dirs[0], dirs[3], dirs[1]})
	if err != nil {
		t.Fatal(err)
	}
	mergedDir := filepath.Join(t.TempDir(), "merged")
	if err := WriteRun(mergedDir, merged); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"summary.json", "samples.jsonl", "levels.jsonl"} {
		a, errA := os.ReadFile(filepath.Join(wholeDir, f))
		b, errB := os.ReadFile(filepath.Join(mergedDir, f))
		if errA != nil || errB != nil || len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: merged differs from unsharded (%d vs %d bytes; %v %v)", f, len(a), len(b), errA, errB)
		}
	}
	sum := whole.Summary()
	// 7 names: the Llama model's single-level directory is
	// "Llama-3.2-3B", its multi-level one "Llama-3.2-3B-Instruct";
	// deepseek-r1 has no multi-level file.
	if len(sum.Models) != 7 {
		t.Errorf("%d models in the summary, want 7", len(sum.Models))
	}
	for _, ms := range sum.Models {
		if ms.Model != "gpt-4o" {
			continue
		}
		t.Logf("gpt-4o (rule types): SSR %d/%d = %.4f, macro %.4f, unverified %d, methods %v",
			ms.SSR.Satisfied, ms.SSR.Decided, ms.SSR.Rate, ms.MacroSSR, ms.SSR.Unverified, ms.Methods)
		for _, c := range sortedKeys(ms.ByCategory) {
			r := ms.ByCategory[c]
			t.Logf("  %-16s %4d/%4d = %.4f", c, r.Satisfied, r.Decided, r.Rate)
		}
		for _, lr := range ms.Levels {
			t.Logf("  level %d: tasks %d SSR_k %.4f HSR_k %.4f", lr.Level, lr.Tasks, lr.SSR, lr.HSR)
		}
	}
}
