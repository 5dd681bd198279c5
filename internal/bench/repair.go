package bench

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/rules"
)

// RepairOptions configures Repair.
type RepairOptions struct {
	Data  string // LintEval or MultiCodeIF directory
	Out   string // round directories <Out>/R0 (first attempt), <Out>/R1..Rn
	Model string
	// Rounds is the number of feedback rounds after the first attempt.
	Rounds int
	Files  []string // task files (nil: all)
	Shard  Shard    // whole task files, as in Generate
	// RulesOnly keeps only the rule-decided types, which need no judge.
	RulesOnly bool
	Workers   int
	// Eval decides each round (its Judge, if any, decides the LLM types;
	// without one they stay unverified and are never re-asked).
	Eval EvalOptions
}

// RepairResult is a self-repair run: round k's samples and the curve.
type RepairResult struct {
	Samples [][]Sample
	Curve   []RoundRate
}

// Repair runs multi-turn self-repair: a first attempt at every task, then
// up to o.Rounds feedback rounds in which only the tasks that failed the
// round before are asked again, told which constraint they violate and
// what is wrong; passing tasks carry their code unchanged, as in the
// paper. Each round is written like Generate's output (so it resumes the
// same way and replays with bench replay) plus its samples.jsonl. It
// stops early once no task fails.
func Repair(ctx context.Context, c llm.Completer, o RepairOptions) (RepairResult, error) {
	var res RepairResult
	ds, err := LoadDataset(o.Data)
	if err != nil {
		return res, err
	}
	names, err := selectFiles(ds, o.Files)
	if err != nil {
		return res, err
	}
	var files []genFile
	for _, f := range names {
		rule := true
		if len(ds.Files[f]) > 0 {
			_, rule = rules.For(ds.Files[f][0].Constraint.Type)
		}
		if o.Shard.Has(o.Model, f, -1) && (rule || !o.RulesOnly) {
			files = append(files, genFile{file: f, tasks: ds.Files[f]})
		}
	}
	if len(files) == 0 {
		return res, fmt.Errorf("repair: no task files selected")
	}

	first := func(ctx context.Context, t Task) (string, string, error) {
		_, reply, err := llm.Generate(ctx, c, o.Model, t.Prompt, string(t.Constraint.Lang))
		return t.Prompt, reply.Text, err
	}
	var prev []Job    // the previous round's code, in file and task order
	var last []Sample // and its verdicts
	for k := 0; k <= o.Rounds; k++ {
		dir := filepath.Join(o.Out, fmt.Sprintf("R%d", k))
		ask := first
		if k > 0 {
			fails := map[roundTaskRef]repairFeedback{}
			for i, s := range last {
				if s.Verdict == check.Fail {
					fails[roundTaskRef{s.File, s.Index}] = repairFeedback{job: prev[i], sample: s}
				}
			}
			if len(fails) == 0 {
				break
			}
			files = carryPasses(files, prev, fails)
			ask = func(ctx context.Context, t Task) (string, string, error) {
				p := repairPrompt(ctx, fails[roundTaskRef{t.File, t.Index}], o.Eval.Profile, k)
				r, err := c.Complete(ctx, llm.Request{Model: o.Model, Messages: []llm.Message{{Role: "user", Content: p}}})
				return p, r.Text, err
			}
		}
		if _, err := produce(ctx, dir, o.Model, files, ask, o.Workers, nil); err != nil {
			return res, fmt.Errorf("repair round %d (%s): %w", k, dir, err)
		}
		jobs, err := roundJobs(dir, o.Model, files, prev, last)
		if err != nil {
			return res, err
		}
		samples, stopErr := EvaluateRun(ctx, jobs, o.Eval)
		if err := WriteSamples(dir, samples); err != nil {
			return res, err
		}
		if n := Pending(samples); n > 0 {
			// A round with undecided verdicts cannot say which tasks
			// to re-ask: stop here, resumable like a generation.
			cause := stopErr
			if cause == nil {
				cause = fmt.Errorf("judge requests failed")
			}
			return res, &IncompleteError{Remaining: n, Total: len(samples), Err: fmt.Errorf("repair round %d (%s): %d of %d samples not judged; run again to continue: %w", k, dir, n, len(samples), cause)}
		}
		prev, last = jobs, samples
		res.Samples = append(res.Samples, samples)
		res.Curve = RoundCurve(res.Samples)
	}
	return res, nil
}

// carryPasses marks every task that did not fail as carried: it is
// written with its code unchanged and never asked again.
func carryPasses(files []genFile, prev []Job, fails map[roundTaskRef]repairFeedback) []genFile {
	code := map[roundTaskRef]string{}
	for _, j := range prev {
		code[roundTaskRef{j.Task.File, j.Task.Index}] = j.Code
	}
	out := make([]genFile, len(files))
	for fi, f := range files {
		f.carried = map[int]genEntry{}
		for _, t := range f.tasks {
			ref := roundTaskRef{t.File, t.Index}
			if _, failed := fails[ref]; !failed {
				f.carried[t.Index] = genEntry{Index: t.Index, Prompt: t.Prompt, Output: code[ref]}
			}
		}
		out[fi] = f
	}
	return out
}

// roundJobs reads a round's code back from its files: a new answer's
// code is extracted as replay extracts it; a carried task keeps the
// previous round's code exactly, whatever its text looks like.
func roundJobs(dir, model string, files []genFile, prev []Job, last []Sample) ([]Job, error) {
	carried := map[roundTaskRef]string{}
	for i, s := range last {
		if s.Verdict != check.Fail {
			carried[roundTaskRef{s.File, s.Index}] = prev[i].Code
		}
	}
	var jobs []Job
	for _, f := range files {
		path := GenerationPath(dir, model, f.file)
		gens, err := LoadGenerations(path)
		if err != nil {
			return nil, err
		}
		if len(gens) != len(f.tasks) {
			return nil, fmt.Errorf("%s: %d entries, expected %d aligned with %s.json", path, len(gens), len(f.tasks), f.file)
		}
		for i, t := range f.tasks {
			code, ok := carried[roundTaskRef{t.File, t.Index}]
			if !ok {
				code = ExtractCode(gens[i].Output)
			}
			jobs = append(jobs, Job{Model: model, Task: t, Code: code})
		}
	}
	return jobs, nil
}

// repairFeedback is what a failed task is re-asked with.
type repairFeedback struct {
	job    Job
	sample Sample
}

// repairPrompt is our feedback wording: the task, the violated constraint
// with what it requires, what is wrong (the rule's reason and findings
// with line numbers, or the judge's reason) and the failing code.
func repairPrompt(ctx context.Context, f repairFeedback, p check.Profile, round int) string {
	t, c := f.job.Task, f.job.Task.Constraint
	var b strings.Builder
	fmt.Fprintf(&b, "Your code for the task below does not satisfy one of its constraints (feedback round %d). Fix it.\n\n", round)
	fmt.Fprintf(&b, "Task:\n%s\n\n", t.Prompt)
	spec := c.Spec
	if spec == "" {
		spec = t.Answer
	}
	fmt.Fprintf(&b, "Violated constraint: %s", c.Type)
	if spec != "" && c.Detail == "" {
		fmt.Fprintf(&b, " (%s)", spec)
	}
	b.WriteString("\n")
	if doc := c.Type.Doc(); doc != "" {
		fmt.Fprintf(&b, "It requires: %s\n", doc)
	}
	b.WriteString("What is wrong:\n")
	for _, line := range whatIsWrong(ctx, f, p) {
		fmt.Fprintf(&b, "- %s\n", line)
	}
	fmt.Fprintf(&b, "\nYour previous code:\n```%s\n%s\n```\n\n", c.Lang, f.job.Code)
	b.WriteString("Keep everything else the task asks for. Reply with the complete corrected code in one fenced code block, and nothing else.\n")
	return b.String()
}

// whatIsWrong lists the failure's reason and, for a rule, its findings
// located by line (samples keep no findings, so the rule runs again).
func whatIsWrong(ctx context.Context, f repairFeedback, p check.Profile) []string {
	var out []string
	if r := strings.TrimSpace(f.sample.Reason); r != "" {
		out = append(out, r)
	}
	if _, ok := rules.For(f.job.Task.Constraint.Type); ok && f.sample.Method != check.MethodLLM {
		u := check.NewUnit(ctx, "", []byte(f.job.Code), p)
		res, err := rules.Run(u, f.job.Task.Constraint)
		if err != nil {
			return append(out, err.Error())
		}
		if len(out) == 0 && res.Reason != "" {
			out = append(out, res.Reason)
		}
		for _, fd := range res.Findings {
			line, _ := u.Position(fd.Start)
			out = append(out, fmt.Sprintf("line %d: %s", line, fd.Message))
		}
	}
	if len(out) == 0 {
		out = append(out, "the checker gave no details")
	}
	return out
}
