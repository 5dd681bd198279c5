package bench

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/par"
	"github.com/iflint/iflint/internal/rules"
)

// Stored generation files cannot be trusted to line up with their task
// file: the published gpt-4o multi-level file has 6-level chains, the
// deepseek-v3 one repeats a prompt, and two input_range prompts were
// edited after generation. Every entry is therefore matched to a task by
// its stored prompt; what cannot be matched is reported, never scored.

// AlignJobs is LoadJobs with alignment checking: each model's entries are
// matched to tasks by stored prompt, and entries (or whole files) that do
// not match are returned as misalignments instead of failing the run.
// Jobs are sorted by model, task file and task index.
func AlignJobs(ds *Dataset, genDir string, rulesOnly bool) ([]Job, []Misalignment, error) {
	models, err := ModelFiles(genDir, ds.FileNames())
	if err != nil {
		return nil, nil, err
	}
	var jobs []Job
	var mis []Misalignment
	for _, model := range sortedKeys(models) {
		for _, file := range ds.FileNames() {
			tasks := ds.Files[file]
			if rulesOnly && len(tasks) > 0 {
				if _, ok := rules.For(tasks[0].Constraint.Type); !ok {
					continue
				}
			}
			path, ok := models[model][file]
			if !ok {
				// A model without a file would otherwise just look
				// better or worse on the files it has.
				mis = append(mis, Misalignment{Model: model, File: file + ".json", Index: -1,
					Reason: fmt.Sprintf("no generation file %s_%s_*.json: its %d tasks are not scored", file, model, len(tasks))})
				continue
			}
			gens, err := LoadGenerations(path)
			if err != nil {
				return nil, nil, err
			}
			entryOf, m := alignFile(model, filepath.Base(path), gens, tasks)
			mis = append(mis, m...)
			for i, t := range tasks {
				if e := entryOf[i]; e >= 0 {
					jobs = append(jobs, Job{Model: model, Task: t, Code: ExtractCode(gens[e].Output)})
				}
			}
		}
	}
	sortMisaligned(mis)
	return jobs, mis, nil
}

// LevelJob is one multi-level entry: its code is checked against the
// answers of its whole chain up to its own task.
type LevelJob struct {
	Model string
	Entry int    // position in the generation file
	Chain []Task // levels 0..k of the chain; the last is the entry's task
	Code  string
}

// Task is the task the entry answers.
func (j LevelJob) Task() Task { return j.Chain[len(j.Chain)-1] }

// LevelCheck is one answer of a chain checked against a level entry.
type LevelCheck struct {
	Index   int           `json:"index"` // the task whose answer was checked
	Verdict check.Verdict `json:"verdict"`
	Method  check.Method  `json:"method"`
}

// LevelSample is one multi-level task's outcome for one model: a line of
// levels.jsonl.
type LevelSample struct {
	Model    string       `json:"model"`
	File     string       `json:"file"`
	Index    int          `json:"index"`
	Level    int          `json:"level"`
	Entry    int          `json:"entry"`
	Language string       `json:"language"`
	Checks   []LevelCheck `json:"checks"` // chain order: level 0 first
}

// LoadLevelJobs aligns every model's multi-level generations under genDir
// (<model>/data_structure_<model>_*.json) with the multi-level tasks.
func LoadLevelJobs(data, genDir string) ([]LevelJob, []Misalignment, error) {
	tasks, err := LoadLevels(data)
	if err != nil {
		return nil, nil, err
	}
	chains, err := levelChains(tasks)
	if err != nil {
		return nil, nil, err
	}
	file := "data_structure"
	if len(tasks) > 0 {
		file = tasks[0].File
	}
	models, err := ModelFiles(genDir, []string{file})
	if err != nil {
		return nil, nil, err
	}
	var jobs []LevelJob
	var mis []Misalignment
	for _, model := range sortedKeys(models) {
		path := models[model][file]
		gens, err := LoadGenerations(path)
		if err != nil {
			return nil, nil, err
		}
		entryOf, m := alignFile(model, filepath.Base(path), gens, tasks)
		mis = append(mis, m...)
		for i := range tasks {
			if e := entryOf[i]; e >= 0 {
				jobs = append(jobs, LevelJob{Model: model, Entry: e, Chain: chains[i], Code: ExtractCode(gens[e].Output)})
			}
		}
	}
	sortMisaligned(mis)
	return jobs, mis, nil
}

// levelChains returns, per task, the tasks of its chain up to itself. A
// level-k task must follow the levels 0..k-1 of its chain directly.
func levelChains(tasks []Task) ([][]Task, error) {
	out := make([][]Task, len(tasks))
	for i, t := range tasks {
		k := t.Level
		if k < 0 || k > i {
			return nil, fmt.Errorf("%s.json: task %d: level %d, expected 0..%d (a level-k task follows the k earlier levels of its chain)", t.File, i, k, i)
		}
		for m := 0; m < k; m++ {
			if got := tasks[i-k+m].Level; got != m {
				return nil, fmt.Errorf("%s.json: task %d (level %d): task %d has level %d, expected %d", t.File, i, k, i-k+m, got, m)
			}
		}
		out[i] = tasks[i-k : i+1]
	}
	return out, nil
}

// EvaluateLevels checks every level job against its chain's answers on
// all cores; one parse of the code serves all its checks. The result is
// in job order. The error is a rule's internal failure.
func EvaluateLevels(ctx context.Context, jobs []LevelJob, o EvalOptions) ([]LevelSample, error) {
	out := make([]LevelSample, len(jobs))
	errs := make([]error, len(jobs))
	par.For(len(jobs), o.Workers, func(i int) {
		j := jobs[i]
		t := j.Task()
		s := LevelSample{Model: j.Model, File: t.File, Index: t.Index, Level: t.Level, Entry: j.Entry,
			Language: string(t.Constraint.Lang), Checks: make([]LevelCheck, len(j.Chain))}
		u := check.NewUnit(ctx, "", []byte(j.Code), o.Profile)
		u.Toolchains = o.Toolchains
		for m, ct := range j.Chain {
			res, err := rules.Run(u, ct.Constraint)
			if err != nil {
				errs[i] = err
				return
			}
			s.Checks[m] = LevelCheck{Index: ct.Index, Verdict: res.Verdict, Method: res.Method}
		}
		out[i] = s
		if o.Progress != nil {
			o.Progress.Add(1)
		}
	})
	return out, errors.Join(errs...)
}

// alignFile matches a generation file's entries to tasks. entryOf[i] is
// the entry answering task i, or -1. An entry whose stored prompt agrees
// with the task at its own position keeps it; any other entry goes to the
// unanswered task whose prompt its stored prompt ends with (the longest
// such prompt, since chain prompts extend each other). An entry with no
// stored prompt can only be trusted by position, and only when the file
// has exactly one entry per task.
func alignFile(model, file string, gens []Generation, tasks []Task) (entryOf []int, mis []Misalignment) {
	entryOf = make([]int, len(tasks))
	for i := range entryOf {
		entryOf[i] = -1
	}
	prompts := make([]string, len(tasks))
	for i, t := range tasks {
		prompts[i] = normSpace(t.Prompt)
	}
	stored := make([]string, len(gens))
	for e, g := range gens {
		stored[e] = normSpace(g.Prompt)
	}
	// Positional matches first, so that a repeated prompt never steals
	// the task of the entry that really answers it.
	var rest []int
	for e := range gens {
		switch {
		case e < len(tasks) && stored[e] != "" && promptMatches(stored[e], prompts[e]):
			entryOf[e] = e
		case e < len(tasks) && stored[e] == "" && len(gens) == len(tasks):
			entryOf[e] = e
		default:
			rest = append(rest, e)
		}
	}
	for _, e := range rest {
		if stored[e] == "" {
			mis = append(mis, Misalignment{Model: model, File: file, Index: e,
				Reason: fmt.Sprintf("no stored prompt, and the file has %d entries for %d tasks, so its position proves nothing", len(gens), len(tasks))})
			continue
		}
		best, taken := -1, -1
		for i, p := range prompts {
			if !promptMatches(stored[e], p) {
				continue
			}
			if entryOf[i] >= 0 {
				if taken < 0 || len(p) > len(prompts[taken]) {
					taken = i
				}
				continue
			}
			if best < 0 || len(p) > len(prompts[best]) {
				best = i
			}
		}
		switch {
		case best >= 0 && (taken < 0 || len(prompts[best]) >= len(prompts[taken])):
			entryOf[best] = e
		case taken >= 0:
			mis = append(mis, Misalignment{Model: model, File: file, Index: e,
				Reason: fmt.Sprintf("repeats the prompt of task %d, already answered by entry %d", taken, entryOf[taken])})
		case e < len(tasks):
			mis = append(mis, Misalignment{Model: model, File: file, Index: e,
				Reason: "stored prompt matches no task; " + divergence(stored[e], prompts[e])})
		default:
			mis = append(mis, Misalignment{Model: model, File: file, Index: e,
				Reason: fmt.Sprintf("stored prompt matches no task (entry beyond the %d tasks): %q", len(tasks), tail(stored[e], 80))})
		}
	}
	aligned := 0
	for _, e := range entryOf {
		if e >= 0 {
			aligned++
		}
	}
	if aligned != len(tasks) || len(gens) != len(tasks) {
		mis = append(mis, Misalignment{Model: model, File: file, Index: -1,
			Reason: fmt.Sprintf("%d entries for %d tasks: %d aligned and scored, %d entries not aligned, %d tasks unanswered", len(gens), len(tasks), aligned, len(gens)-aligned, len(tasks)-aligned)})
	}
	return entryOf, mis
}

// promptMatches reports whether a stored prompt is the task prompt,
// possibly behind a preamble (MultiCodeIF wraps every task in one, as
// does iflint's own generate template).
func promptMatches(stored, task string) bool {
	if task == "" || !strings.HasSuffix(stored, task) {
		return false
	}
	n := len(stored) - len(task)
	return n == 0 || stored[n-1] == ' '
}

// normSpace collapses whitespace runs to one space and trims.
func normSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// divergence says where a stored prompt and the task prompt at its
// position part, comparing from the end because the stored prompt may
// carry a preamble; it makes edits to a task after generation visible.
func divergence(stored, task string) string {
	sw, tw := strings.Fields(stored), strings.Fields(task)
	i, j := len(sw), len(tw)
	for i > 0 && j > 0 && sw[i-1] == tw[j-1] {
		i, j = i-1, j-1
	}
	if j == 0 {
		return "the task at this position differs from it"
	}
	around := func(w []string, k int) string {
		lo, hi := max(k-4, 0), min(k+3, len(w))
		return strings.Join(w[lo:hi], " ")
	}
	return fmt.Sprintf("the task at this position differs near %q (stored: %q)", around(tw, j-1), around(sw, i-1))
}

// tail keeps the last n bytes of s (on a rune boundary) for messages.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	k := len(s) - n
	for k < len(s) && (s[k]&0xC0) == 0x80 {
		k++
	}
	return "..." + s[k:]
}

func sortMisaligned(m []Misalignment) {
	sort.Slice(m, func(i, j int) bool {
		a, b := m[i], m[j]
		if a.Model != b.Model {
			return a.Model < b.Model
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Index != b.Index {
			return a.Index < b.Index
		}
		return a.Reason < b.Reason
	})
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
