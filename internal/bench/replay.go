package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync/atomic"

	"github.com/iflint/iflint/internal/atomicfile"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/judge"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/par"
	"github.com/iflint/iflint/internal/rules"
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
	// Recorded marks a verdict replayed from published verdicts.
	Recorded bool `json:"recorded,omitempty"`
	// Raw keeps a judge's unreadable replies behind an unverified verdict.
	Raw []string `json:"raw,omitempty"`
	// Pending marks a sample the run did not decide: it stopped first
	// (budget, refused key, unreachable server, interrupt), or the
	// judge's request failed. Nothing is cached for it, so the same
	// command decides it next time.
	Pending bool `json:"pending,omitempty"`
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
	Judge      *judge.Judge
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
				if _, ok := rules.For(tasks[0].Constraint.Type); !ok {
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

// EvalOptions configures Evaluate.
type EvalOptions struct {
	Profile    check.Profile
	Toolchains check.Toolchains
	Workers    int
	// Judge decides the LLM-judged types (nil: they stay unverified). A
	// panel of recorded verdicts also decides language_type, which the
	// paper decided with a neural classifier (judge.ModelDecided).
	Judge *judge.Judge
	// Progress counts finished jobs (nil: silent).
	Progress Progress
}

// Evaluate decides every job on all cores; the result is in job order.
// It is EvaluateRun without the reason a run stopped (tests).
func Evaluate(ctx context.Context, jobs []Job, o EvalOptions) []Sample {
	s, _ := EvaluateRun(ctx, jobs, o)
	return s
}

// EvaluateRun decides every job on all cores; the result is in job order.
// Once an LLM request fails in a way no later one can recover from
// (llm.Stops: budget spent, key refused, server unreachable, context
// done), no more requests are made: the jobs not yet judged come back
// Pending, and that first error is returned. Everything decided so far is
// cached, so running the same command again continues where this run
// stopped. A rule's internal failure (*check.RuleError) is returned
// before any stop: the run is then broken, not merely incomplete.
func EvaluateRun(ctx context.Context, jobs []Job, o EvalOptions) ([]Sample, error) {
	out := make([]Sample, len(jobs))
	errs := make([]error, len(jobs))
	var stop atomic.Pointer[error]
	par.For(len(jobs), o.Workers, func(i int) {
		out[i], errs[i] = evaluate(ctx, jobs[i], o, &stop)
		if o.Progress != nil {
			o.Progress.Add(1)
		}
	})
	if err := errors.Join(errs...); err != nil {
		return out, err
	}
	if p := stop.Load(); p != nil {
		return out, *p
	}
	if err := ctx.Err(); err != nil && Pending(out) > 0 {
		return out, err
	}
	return out, nil
}

// Pending counts the samples a run left undecided.
func Pending(samples []Sample) int {
	n := 0
	for _, s := range samples {
		if s.Pending {
			n++
		}
	}
	return n
}

func evaluate(ctx context.Context, j Job, o EvalOptions, stop *atomic.Pointer[error]) (Sample, error) {
	c := j.Task.Constraint
	s := Sample{
		Model: j.Model, File: j.Task.File, Index: j.Task.Index,
		Category: string(c.Type.Category()), Constraint: c.Type, Language: string(c.Lang),
	}
	judged := o.Judge != nil && (c.Type.Method() == constraint.ByJudge || (o.Judge.AllRecorded() && judge.ModelDecided(c.Type)))
	if !judged {
		u := check.NewUnit(ctx, "", []byte(j.Code), o.Profile)
		u.Toolchains = o.Toolchains
		res, err := rules.Run(u, c)
		s.Verdict, s.Method, s.Reason = res.Verdict, res.Method, res.Reason
		return s, err
	}
	s.Method = check.MethodLLM
	if p := stop.Load(); p != nil {
		s.Verdict, s.Pending = check.Unverified, true
		s.Reason = fmt.Sprintf("not judged: the run stopped (%v); run again to continue", *p)
		return s, nil
	}
	d, err := o.Judge.Decide(ctx, judge.Task{Prompt: j.Task.Prompt, Constraint: c, Code: j.Code})
	if err != nil && llm.Stops(err) {
		stop.CompareAndSwap(nil, &err)
	}
	s.Verdict, s.Reason, s.Recorded = d.Verdict, d.Reason, d.Recorded
	s.Pending = err != nil
	if d.Verdict == check.Unverified {
		s.Raw = d.Raw
	}
	return s, nil
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
	return Evaluate(ctx, jobs, EvalOptions{Profile: o.Profile, Toolchains: o.Toolchains, Workers: o.Workers, Judge: o.Judge}), nil
}

// WriteSamples writes samples.jsonl atomically (temp file, then rename),
// so a failed run never leaves a partial file that looks complete.
func WriteSamples(dir string, samples []Sample) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return WriteAtomic(filepath.Join(dir, "samples.jsonl"), func(w *bufio.Writer) error {
		enc := json.NewEncoder(w)
		for _, s := range samples {
			if s.Method != check.MethodLLM {
				s.Reason = ""
			}
			if err := enc.Encode(s); err != nil {
				return err
			}
		}
		return nil
	})
}

func WriteAtomic(path string, write func(*bufio.Writer) error) error {
	return atomicfile.WriteFunc(path, 0o644, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	})
}

// Tally counts verdicts: pass and fail are the decided samples, recorded
// how many verdicts were replayed from published ones.
type Tally struct {
	Pass, Fail, Unverified, Recorded int
}

// Count tallies samples.
func Count(samples []Sample) Tally {
	var t Tally
	for _, s := range samples {
		switch s.Verdict {
		case check.Pass:
			t.Pass++
		case check.Fail:
			t.Fail++
		default:
			t.Unverified++
		}
		if s.Recorded {
			t.Recorded++
		}
	}
	return t
}

// Rate is the pass rate over decided samples; unverified ones are
// excluded, never counted as failures.
func (t Tally) Rate() float64 {
	if t.Pass+t.Fail == 0 {
		return 0
	}
	return float64(t.Pass) / float64(t.Pass+t.Fail)
}
