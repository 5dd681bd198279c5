package bench

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/rules"
)

const storedPreamble = "I will give you a sentence or question related to code. Do not add explanations. \n\nThe following is the input: "

func TestAlignFile(t *testing.T) {
	tasks := []Task{{Index: 0, Prompt: "Sort a list."}, {Index: 1, Prompt: "Sort a list. Use a heap."}, {Index: 2, Prompt: "Parse  a\nfile."}}
	gen := func(p string) Generation { return Generation{Prompt: p, Output: "x"} }
	cases := []struct {
		name    string
		gens    []Generation
		want    []int  // entry per task
		reasons string // misalignment indices and reason prefixes, joined
	}{
		{"positional behind a preamble, whitespace normalised", []Generation{gen(storedPreamble + "Sort a list."), gen("Sort a list. Use a heap."), gen("Parse a file.")}, []int{0, 1, 2}, ""},
		{"moved entries take the longest matching prompt", []Generation{gen("Parse a file."), gen(storedPreamble + "Sort a list. Use a heap."), gen("Sort a list.")}, []int{2, 1, 0}, ""},
		{"a repeated prompt is reported, not scored", []Generation{gen("Sort a list."), gen("Sort a list."), gen("Parse a file.")}, []int{0, -1, 2},
			"1:repeats the prompt of task 0|-1:3 entries for 3 tasks: 2 aligned"},
		{"extra entries that match nothing", []Generation{gen("Sort a list."), gen("Sort a list. Use a heap."), gen("Parse a file."), gen("Level four.")}, []int{0, 1, 2},
			"3:stored prompt matches no task|-1:4 entries for 3 tasks: 3 aligned and scored, 1 entries not aligned, 0 tasks unanswered"},
		{"a suffix must start at a word", []Generation{gen("xSort a list."), gen("Sort a list. Use a heap."), gen("Parse a file.")}, []int{-1, 1, 2},
			"0:stored prompt matches no task|-1:"},
		{"no stored prompt: trusted by position only when lengths agree", []Generation{gen(""), gen(""), gen("")}, []int{0, 1, 2}, ""},
		{"no stored prompt and a short file", []Generation{gen(""), gen("")}, []int{-1, -1, -1},
			"0:no stored prompt|1:no stored prompt|-1:2 entries for 3 tasks: 0 aligned"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, mis := alignFile("m", "f.json", c.gens, tasks)
			for i := range c.want {
				if got[i] != c.want[i] {
					t.Errorf("task %d: entry %d, want %d", i, got[i], c.want[i])
				}
			}
			var want []string
			if c.reasons != "" {
				want = strings.Split(c.reasons, "|")
			}
			if len(mis) != len(want) {
				t.Fatalf("misalignments %+v, want %d", mis, len(want))
			}
			for i, m := range mis {
				idx, prefix, _ := strings.Cut(want[i], ":")
				if strconv.Itoa(m.Index) != idx || !strings.HasPrefix(m.Reason, prefix) || m.Model != "m" || m.File != "f.json" {
					t.Errorf("misalignment %d = %+v, want index %s reason %q...", i, m, idx, prefix)
				}
			}
		})
	}
}

func TestLevelChainsRejectsBrokenChains(t *testing.T) {
	ok := []Task{{File: "ds", Level: 0}, {File: "ds", Level: 1}, {File: "ds", Level: 0}}
	chains, err := levelChains(ok)
	if err != nil || len(chains[1]) != 2 || len(chains[2]) != 1 {
		t.Fatalf("chains %v, %v", chains, err)
	}
	for _, bad := range [][]Task{
		{{File: "ds", Level: 1}},
		{{File: "ds", Level: 0}, {File: "ds", Level: 2}},
		{{File: "ds", Level: 0}, {File: "ds", Level: 0}, {File: "ds", Level: 2}},
	} {
		if _, err := levelChains(bad); err == nil || !strings.Contains(err.Error(), "ds.json") {
			t.Errorf("levels %v: error %v, want one naming ds.json", bad, err)
		}
	}
}

func TestAlignBadInputsNameTheFile(t *testing.T) {
	data := lintevalData(t)
	ds, err := LoadDataset(data)
	if err != nil {
		t.Fatal(err)
	}
	gen := t.TempDir()
	bad := filepath.Join(gen, "m", "syntax_library_m_1.json")
	os.MkdirAll(filepath.Dir(bad), 0o755)
	os.WriteFile(bad, []byte(`[{"id":1,"response":[["p"`), 0o644)
	if _, _, err := AlignJobs(ds, gen, true); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("truncated generation file: error %v, want one naming %s", err, bad)
	}
	os.WriteFile(bad, []byte(`[{"id":1,"response":[["p","x"]]}]`), 0o644)
	jobs, mis, err := AlignJobs(ds, gen, true)
	if err != nil || len(jobs) != 0 {
		t.Fatalf("one-entry generation file: %d jobs, %v", len(jobs), err)
	}
	// Every other rule file is missing; syntax_library is misaligned.
	if want := len(rules.RuleTypes()) - 1 + 2; len(mis) != want {
		t.Errorf("%d misalignments, want %d: %+v", len(mis), want, mis)
	}
	os.WriteFile(bad, []byte(`[{"id":1,"response":[]}]`), 0o644)
	if _, _, err := AlignJobs(ds, gen, true); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("entry without response: error %v, want one naming %s", err, bad)
	}
	missing := filepath.Join(t.TempDir(), "none")
	if _, _, err := LoadLevelJobs(data, missing); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing generations dir: error %v, want one naming %s", err, missing)
	}
	if _, _, err := LoadLevelJobs(t.TempDir(), missing); err == nil || !strings.Contains(err.Error(), "single_level") {
		t.Errorf("not a data dir: error %v", err)
	}
}

// The stored generations of the 6 models align with the rule tasks
// exactly; with every type loaded, the only defects are the two
// input_range prompts edited after generation (5 of the 6 models).
func TestAlignSingleLevelRealData(t *testing.T) {
	data := lintevalData(t)
	ds, err := LoadDataset(data)
	if err != nil {
		t.Fatal(err)
	}
	genDir := filepath.Join(data, "multicodeif", "results", "single_level")
	jobs, mis, err := AlignJobs(ds, genDir, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 5340 || len(mis) != 0 {
		t.Errorf("rule types: %d jobs, %d misalignments %v; want 5340 and none", len(jobs), len(mis), mis)
	}
	jobs, mis, err = AlignJobs(ds, genDir, false)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]int{}
	for _, m := range mis {
		if !strings.HasPrefix(m.File, "input_output_input_range_") {
			t.Errorf("unexpected misalignment %+v", m)
		}
		files[m.Model]++
	}
	if len(files) != 5 || len(mis) != 15 {
		t.Errorf("misalignments per model %v (%d), want 3 (2 entries + the file) for 5 models", files, len(mis))
	}
	if want := 6*1526 - 10; len(jobs) != want {
		t.Errorf("%d jobs, want %d", len(jobs), want)
	}
	// The published round-0 labels store no prompts: same length, so
	// position is trusted.
	jobs, mis, err = AlignJobs(ds, filepath.Join(data, "labels", "gpt-4o-r0", "generations"), false)
	if err != nil || len(jobs) != 1526 || len(mis) != 0 {
		t.Errorf("labels: %d jobs, misalignments %v, %v; want 1526 and none", len(jobs), mis, err)
	}
}

// realRun is the unsharded rule-type replay of all stored generations
// (6 models single-level, 5 models multi-level), shared by the tests
// that need it because it is the expensive part.
var realRun struct {
	once     sync.Once
	jobs     []Job
	levels   []LevelJob
	mis      []Misalignment
	run      Run
	loadErrs error
}

func loadRealRun(t *testing.T) (jobs []Job, levels []LevelJob, run Run) {
	data := lintevalData(t)
	realRun.once.Do(func() {
		ds, err := LoadDataset(data)
		if err != nil {
			realRun.loadErrs = err
			return
		}
		results := filepath.Join(data, "multicodeif", "results")
		jobs, mis, err := AlignJobs(ds, filepath.Join(results, "single_level"), true)
		if err != nil {
			realRun.loadErrs = err
			return
		}
		levels, lmis, err := LoadLevelJobs(data, filepath.Join(results, "multi_level"))
		if err != nil {
			realRun.loadErrs = err
			return
		}
		mis = append(mis, lmis...)
		sortMisaligned(mis)
		o := EvalOptions{Profile: check.MultiCodeIF}
		realRun.jobs, realRun.levels, realRun.mis = jobs, levels, mis
		realRun.run = Run{Samples: Evaluate(context.Background(), jobs, o), Levels: mustLevels(EvaluateLevels(context.Background(), levels, o)), Misaligned: mis}
	})
	if realRun.loadErrs != nil {
		t.Fatal(realRun.loadErrs)
	}
	return realRun.jobs, realRun.levels, realRun.run
}

func TestMultiLevelRealData(t *testing.T) {
	_, levels, run := loadRealRun(t)
	perModel := map[string]int{}
	for _, j := range levels {
		perModel[j.Model]++
	}
	want := map[string]int{"Llama-3.2-3B-Instruct": 660, "Qwen3-1.7B": 660, "claude-3-7-sonnet-20250219": 660, "deepseek-v3-0324": 494, "gpt-4o": 660}
	for m, n := range want {
		if perModel[m] != n {
			t.Errorf("%s: %d aligned multi-level entries, want %d", m, perModel[m], n)
		}
	}
	mis := map[string][]Misalignment{}
	for _, m := range run.Misaligned {
		mis[m.Model] = append(mis[m.Model], m)
	}
	if len(mis) != 2 {
		t.Errorf("misaligned models %v, want gpt-4o and deepseek-v3-0324 only", sortedKeys(mis))
	}
	// gpt-4o: 990 entries, the 660 of levels 0..3 found by prompt, the
	// 330 of levels 4..5 matching no task.
	if g := mis["gpt-4o"]; len(g) != 331 || g[0].Index != -1 || !strings.HasPrefix(g[0].Reason, "990 entries for 660 tasks: 660 aligned") {
		t.Errorf("gpt-4o: %d misalignments, first %+v", len(g), firstMisalignment(g))
	}
	// deepseek-v3: 164 level-0 entries repeat chain 0's prompt.
	repeats := 0
	for _, m := range mis["deepseek-v3-0324"] {
		if strings.HasPrefix(m.Reason, "repeats the prompt of task 0,") {
			repeats++
		} else {
			t.Logf("deepseek-v3-0324 entry %d: %s", m.Index, m.Reason)
		}
	}
	if d := mis["deepseek-v3-0324"]; repeats != 164 || len(d) != 167 {
		t.Errorf("deepseek-v3: %d misalignments, %d repeats of task 0; want 167 and 164", len(d), repeats)
	}
	for _, l := range run.Levels {
		if len(l.Checks) != l.Level+1 {
			t.Fatalf("%s %s[%d]: %d checks at level %d", l.Model, l.File, l.Index, len(l.Checks), l.Level)
		}
		for _, c := range l.Checks {
			if c.Verdict == check.Unverified && c.Method == check.MethodRule {
				t.Errorf("%s %s[%d] check of task %d unverified", l.Model, l.File, l.Index, c.Index)
			}
		}
	}
	for _, ms := range run.Summary().Models {
		for _, lr := range ms.Levels {
			t.Logf("%-28s level %d: tasks %3d  SSR %.4f  HSR %.4f  unverified %d", ms.Model, lr.Level, lr.Tasks, lr.SSR, lr.HSR, lr.Unverified)
		}
	}
}

func firstMisalignment(m []Misalignment) Misalignment {
	if len(m) == 0 {
		return Misalignment{}
	}
	return m[0]
}
