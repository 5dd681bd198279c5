package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/iflint/iflint/internal/bench"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

func (c *Command) bench(ctx context.Context, args []string) (int, error) {
	if len(args) > 0 {
		switch args[0] {
		case "replay":
			return c.benchReplay(ctx, args[1:], false)
		case "agreement":
			return c.benchReplay(ctx, args[1:], true)
		}
	}
	return ExitUsage, usagef("bench: expected a subcommand: replay or agreement")
}

func (c *Command) abs(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, p)
}

// benchReplay runs bench replay, or bench agreement (judged types only,
// compared with published verdicts) when agreement is set.
func (c *Command) benchReplay(ctx context.Context, args []string, agreement bool) (int, error) {
	fs := c.flags("bench replay")
	jf := addJudgeFlags(fs)
	data := fs.String("data", "", "LintEval or MultiCodeIF directory holding dataset/instructions (required)")
	gens := fs.String("generations", "", "generations directory: <model>/<taskfile>_<model>_<anything>.json (required)")
	out := fs.String("out", "", "output directory for samples.jsonl (required)")
	profile := fs.String("profile", string(check.MultiCodeIF), "semantics: multicodeif (the paper's evaluator) or lint")
	labels := fs.String("labels", "", "published verdicts (verdicts.jsonl) to measure agreement against")
	rulesOnly := fs.Bool("rules-only", false, "evaluate only the rule-decided types")
	timing := fs.Bool("timing", false, "also time a bare tree-sitter parse of the same inputs and report the ratio")
	useTC := fs.Bool("toolchains", true, "compile language_version tasks with installed toolchains (false: static analysis only)")
	workers := fs.Int("workers", 0, "parallel workers (default: GOMAXPROCS)")
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	if *data == "" || *gens == "" || *out == "" {
		return ExitUsage, usagef("bench replay: -data, -generations and -out are required")
	}
	if agreement && (*labels == "" || *jf.models == "") {
		return ExitUsage, usagef("bench agreement: -labels and -judge are required")
	}
	if err := oneOf("profile", *profile, string(check.Lint), string(check.MultiCodeIF)); err != nil {
		return ExitUsage, err
	}
	t0 := time.Now()
	ds, err := bench.LoadDataset(c.abs(*data))
	if err != nil {
		return ExitUsage, usageError{err}
	}
	jobs, err := bench.LoadJobs(ds, c.abs(*gens), *rulesOnly)
	if err != nil {
		return ExitUsage, usageError{err}
	}
	if agreement {
		jobs = judgedOnly(jobs)
	}
	jd, client, err := c.judge(jf, c.abs(*data))
	if err != nil {
		return ExitUsage, err
	}
	var lab bench.Labels
	if *labels != "" {
		if lab, err = bench.LoadLabels(c.abs(*labels)); err != nil {
			return ExitUsage, usageError{err}
		}
	}
	loaded := time.Since(t0)
	t1 := time.Now()
	var tc check.Toolchains
	if *useTC {
		tc = c.toolchains(nil)
	}
	samples := bench.Evaluate(ctx, jobs, bench.EvalOptions{Profile: check.Profile(*profile), Toolchains: tc, Workers: *workers, Judge: jd})
	evaluated := time.Since(t1)
	if err := bench.WriteSamples(c.abs(*out), samples); err != nil {
		return ExitInternal, err
	}
	tl := bench.Count(samples)
	fmt.Fprintf(c.Stdout, "%d samples: %d pass, %d fail, %d unverified -> %s\n",
		len(samples), tl.Pass, tl.Fail, tl.Unverified, filepath.Join(*out, "samples.jsonl"))
	fmt.Fprintf(c.Stdout, "pass rate over decided samples: %d/%d = %.1f%%", tl.Pass, tl.Pass+tl.Fail, 100*tl.Rate())
	if tl.Recorded > 0 {
		fmt.Fprintf(c.Stdout, " (%d verdicts replayed from recorded ones, marked \"recorded\" in samples.jsonl)", tl.Recorded)
	}
	fmt.Fprintln(c.Stdout)
	if client != nil {
		u, n := client.Usage()
		fmt.Fprintf(c.Stdout, "llm: %d requests, %d prompt + %d completion tokens\n", n, u.PromptTokens, u.CompletionTokens)
	}
	for _, s := range samples {
		if s.Verdict == check.Unverified && strings.Contains(s.Reason, "budget was exhausted") {
			fmt.Fprintf(c.Stdout, "llm budget exhausted: some judged samples are unverified; run the same command again to continue (decided verdicts are cached)\n")
			break
		}
	}
	fmt.Fprintf(c.Stdout, "time: load %s, evaluate %s\n", loaded.Round(time.Millisecond), evaluated.Round(time.Millisecond))
	if *timing {
		bare := bench.BareParse(ctx, jobs)
		fmt.Fprintf(c.Stdout, "time: bare tree-sitter parse of the same %d inputs %s; evaluate/bare = %.2fx\n",
			len(jobs), bare.Round(time.Millisecond), float64(evaluated)/float64(bare))
	}
	if lab != nil {
		tw := tabwriter.NewWriter(c.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "type\tagree\ttotal\trate\tunverified\t")
		for _, a := range bench.Compare(samples, lab) {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\t%d\t\n", a.Type, a.Agree, a.Total, 100*a.Rate(), a.Unverified)
		}
		tw.Flush()
	}
	return ExitClean, nil
}

// judgedOnly keeps the jobs of LLM-judged types.
func judgedOnly(jobs []bench.Job) []bench.Job {
	var out []bench.Job
	for _, j := range jobs {
		if j.Task.Constraint.Type.Method() == constraint.ByJudge {
			out = append(out, j)
		}
	}
	return out
}

// toolchains returns the installed-toolchain finder for language_version.
func (c *Command) toolchains(jdks map[string]string) check.Toolchains {
	return &check.SystemToolchains{JDKs: jdks, PyenvRoot: c.Getenv("PYENV_ROOT")}
}
