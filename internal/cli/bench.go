package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/iflint/iflint/internal/bench"
	"github.com/iflint/iflint/internal/check"
)

func (c *Command) bench(ctx context.Context, args []string) (int, error) {
	if len(args) == 0 || args[0] != "replay" {
		return ExitUsage, usagef("bench: expected a subcommand: replay")
	}
	return c.benchReplay(ctx, args[1:])
}

func (c *Command) abs(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, p)
}

func (c *Command) benchReplay(ctx context.Context, args []string) (int, error) {
	fs := c.flags("bench replay")
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
	samples := bench.Evaluate(ctx, jobs, check.Profile(*profile), tc, *workers)
	evaluated := time.Since(t1)
	if err := bench.WriteSamples(c.abs(*out), samples); err != nil {
		return ExitInternal, err
	}
	counts := map[check.Verdict]int{}
	for _, s := range samples {
		counts[s.Verdict]++
	}
	fmt.Fprintf(c.Stdout, "%d samples: %d pass, %d fail, %d unverified -> %s\n",
		len(samples), counts[check.Pass], counts[check.Fail], counts[check.Unverified], filepath.Join(*out, "samples.jsonl"))
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

// toolchains returns the installed-toolchain finder for language_version.
func (c *Command) toolchains(jdks map[string]string) check.Toolchains {
	return &check.SystemToolchains{JDKs: jdks, PyenvRoot: c.Getenv("PYENV_ROOT")}
}
