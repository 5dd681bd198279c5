package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Sample is one task's verdict for one model: a line of samples.jsonl.
type Sample struct {
	Model      string          `json:"model"`
	File       string          `json:"file"`
	Index      int             `json:"index"`
	Category   string          `json:"category"`
	Constraint constraint.Type `json:"constraint"`
	Language   string          `json:"language"`
	Verdict    check.Verdict   `json:"verdict"`
	Method     check.Method    `json:"method"`
	Reason     string          `json:"reason,omitempty"`
}

// ReplayOptions configures a replay.
type ReplayOptions struct {
	Data        string // LintEval or MultiCodeIF directory
	Generations string // <model>/<file>_<model>_*.json
	Profile     check.Profile
	// RulesOnly skips LLM-judged types instead of recording them unverified.
	RulesOnly  bool
	Workers    int
	Toolchains check.Toolchains
}

// Job is one unit of replay work.
type Job struct {
	Model string
	Task  Task
	Code  string
}

// LoadJobs aligns every model's generations with the tasks by position.
func LoadJobs(ds *Dataset, genDir string, rulesOnly bool) ([]Job, error) {
	models, err := ModelFiles(genDir, ds.FileNames())
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(models))
	for m := range models {
		names = append(names, m)
	}
	sort.Strings(names)
	var jobs []Job
	for _, model := range names {
		for _, file := range ds.FileNames() {
			path, ok := models[model][file]
			if !ok {
				continue
			}
			tasks := ds.Files[file]
			if rulesOnly && len(tasks) > 0 {
				if _, ok := check.For(tasks[0].Constraint.Type); !ok {
					continue
				}
			}
			gens, err := LoadGenerations(path)
			if err != nil {
				return nil, err
			}
			if len(gens) != len(tasks) {
				return nil, fmt.Errorf("%s: %d entries, expected %d aligned with %s.json", path, len(gens), len(tasks), file)
			}
			for i, t := range tasks {
				jobs = append(jobs, Job{Model: model, Task: t, Code: ExtractCode(gens[i].Output)})
			}
		}
	}
	return jobs, nil
}

// Evaluate decides every job on all cores; the result is in job order.
func Evaluate(ctx context.Context, jobs []Job, p check.Profile, tc check.Toolchains, workers int) []Sample {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]Sample, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = evaluate(ctx, jobs[i], p, tc)
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

func evaluate(ctx context.Context, j Job, p check.Profile, tc check.Toolchains) Sample {
	c := j.Task.Constraint
	u := check.NewUnit(ctx, "", []byte(j.Code), p)
	u.Toolchains = tc
	res := check.Run(u, c)
	return Sample{
		Model: j.Model, File: j.Task.File, Index: j.Task.Index,
		Category: string(c.Type.Category()), Constraint: c.Type, Language: string(c.Lang),
		Verdict: res.Verdict, Method: res.Method, Reason: res.Reason,
	}
}

// Replay evaluates a generations directory and returns the samples.
func Replay(ctx context.Context, o ReplayOptions) ([]Sample, error) {
	ds, err := LoadDataset(o.Data)
	if err != nil {
		return nil, err
	}
	jobs, err := LoadJobs(ds, o.Generations, o.RulesOnly)
	if err != nil {
		return nil, err
	}
	return Evaluate(ctx, jobs, o.Profile, o.Toolchains, o.Workers), nil
}

// WriteSamples writes samples.jsonl atomically (temp file, then rename),
// so a failed run never leaves a partial file that looks complete.
func WriteSamples(dir string, samples []Sample) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, "samples.jsonl"), func(w *bufio.Writer) error {
		enc := json.NewEncoder(w)
		for _, s := range samples {
			s.Reason = ""
			if err := enc.Encode(s); err != nil {
				return err
			}
		}
		return nil
	})
}

func writeAtomic(path string, write func(*bufio.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path))
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	w := bufio.NewWriter(f)
	if err := write(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
