package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/iflint/iflint/benchmark"
	"github.com/iflint/iflint/internal/bench"
	"github.com/iflint/iflint/internal/bench/download"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/toolchain"
)

const benchUsage = "bench: expected a subcommand: replay, agreement, merge, generate, repair, rounds, fetch or fix"

func (c *Command) bench(ctx context.Context, args []string) (int, error) {
	if len(args) == 0 {
		return ExitUsage, usagef(benchUsage)
	}
	switch args[0] {
	case "replay":
		return c.benchReplay(ctx, args[1:], false)
	case "agreement":
		return c.benchReplay(ctx, args[1:], true)
	case "merge":
		return c.benchMerge(args[1:])
	case "generate":
		return c.benchGenerate(ctx, args[1:], false)
	case "repair":
		return c.benchGenerate(ctx, args[1:], true)
	case "rounds":
		return c.benchRounds(ctx, args[1:])
	case "fetch":
		return c.benchFetch(ctx, args[1:])
	case "fix":
		return c.benchFix(ctx, args[1:])
	}
	return ExitUsage, usagef("%s (got %q)", benchUsage, args[0])
}

func (c *Command) abs(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, p)
}

// dataFlags locate the LintEval data: a local copy, or the pinned public
// archive, downloaded once into the cache.
type dataFlags struct{ data, mirror, dataCache *string }

func addDataFlags(fs interface {
	String(string, string, string) *string
}) dataFlags {
	return dataFlags{
		data:      fs.String("data", "", "LintEval or MultiCodeIF directory (default: download the pinned MultiCodeIF data once, see benchmark/manifest.json)"),
		mirror:    fs.String("mirror", "", "download from this host instead of GitHub (same paths)"),
		dataCache: fs.String("data-cache", "", "where downloaded data is kept (default $IFLINT_CACHE_DIR/linteval or the user cache directory)"),
	}
}

// resolve returns the data directory, fetching it when -data is not set.
func (c *Command) resolveData(ctx context.Context, f dataFlags) (string, error) {
	if *f.data != "" {
		dir := c.abs(*f.data)
		if _, err := bench.ResolveRoot(dir); err != nil {
			return "", usageError{err}
		}
		return dir, nil
	}
	m, err := download.DefaultManifest()
	if err != nil {
		return "", err
	}
	cacheDir := c.abs(*f.dataCache)
	if cacheDir == "" {
		if cacheDir, err = download.DefaultCacheDir(c.Getenv, os.UserCacheDir); err != nil {
			return "", err
		}
	}
	dir, err := download.Fetcher{Mirror: *f.mirror}.Fetch(ctx, m, cacheDir)
	if err != nil {
		return "", usageError{err}
	}
	return dir, nil
}

// inData resolves a generations path: as given, or else relative to the
// data's results directory (so "single_level" works with downloaded data).
func (c *Command) inData(p, data string) string {
	if p == "" {
		return ""
	}
	if _, err := os.Stat(c.abs(p)); err == nil || filepath.IsAbs(p) {
		return c.abs(p)
	}
	if root, err := bench.ResolveRoot(data); err == nil {
		if cand := filepath.Join(root, "results", p); dirExists(cand) {
			return cand
		}
	}
	return c.abs(p)
}

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func (c *Command) progress(total int) bench.Progress {
	terminal := false
	if f, ok := c.Stderr.(*os.File); ok && c.Getenv("CI") == "" {
		terminal = bench.ProgressTerminal(f)
	}
	return bench.NewProgress(c.Stderr, total, terminal, c.Now)
}

// benchReplay runs bench replay, or bench agreement (judged types only,
// compared with published verdicts) when agreement is set.
func (c *Command) benchReplay(ctx context.Context, args []string, agreement bool) (int, error) {
	fs := c.flags("bench replay")
	jf := addJudgeFlags(fs)
	df := addDataFlags(fs)
	gens := fs.String("generations", "", "generations directory: <model>/<taskfile>_<model>_<anything>.json (required; a name under the data's results/ also works, e.g. single_level)")
	levels := fs.String("levels", "", "multi-level generations directory (e.g. multi_level)")
	out := fs.String("out", "", "output directory: samples.jsonl, levels.jsonl, summary.json, report.md, plots/ (required)")
	shardFlag := fs.String("shard", "", "evaluate only shard i of n (i/n); combine shards with bench merge")
	profile := fs.String("profile", string(check.MultiCodeIF), "semantics: multicodeif (the paper's evaluator) or lint")
	labels := fs.String("labels", "", "published verdicts (verdicts.jsonl) to measure agreement against")
	rulesOnly := fs.Bool("rules-only", false, "evaluate only the rule-decided types")
	timing := fs.Bool("timing", false, "also time a bare tree-sitter parse of the same inputs and report the ratio")
	useTC := fs.Bool("toolchains", true, "compile language_version tasks with installed toolchains (false: static analysis only)")
	workers := fs.Int("workers", 0, "parallel workers (default: GOMAXPROCS)")
	alias := fs.String("model-alias", "", "comma-separated FROM=TO renames of model directories, e.g. Llama-3.2-3B-Instruct=Llama-3.2-3B (the stored multi-level and single-level folders name one model differently)")
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	aliases, err := parseAliases(*alias)
	if err != nil {
		return ExitUsage, err
	}
	if *gens == "" || *out == "" {
		return ExitUsage, usagef("bench replay: -generations and -out are required")
	}
	if agreement && (*labels == "" || *jf.models == "") {
		return ExitUsage, usagef("bench agreement: -labels and -judge are required")
	}
	if err := oneOf("profile", *profile, string(check.Lint), string(check.MultiCodeIF)); err != nil {
		return ExitUsage, err
	}
	shard, err := shardFlagValue(*shardFlag)
	if err != nil {
		return ExitUsage, err
	}
	t0 := c.Now()
	data, err := c.resolveData(ctx, df)
	if err != nil {
		return ExitUsage, err
	}
	ds, err := bench.LoadDataset(data)
	if err != nil {
		return ExitUsage, usageError{err}
	}
	// Alignment runs before sharding, so every shard lists the same
	// misalignments and a merge reports them once.
	jobs, misaligned, err := bench.AlignJobs(ds, c.inData(*gens, data), *rulesOnly)
	if err != nil {
		return ExitUsage, usageError{err}
	}
	if agreement {
		jobs = judgedOnly(jobs)
	}
	jobs = shard.SelectJobs(jobs)
	var levelJobs []bench.LevelJob
	if *levels != "" {
		lj, mis, err := bench.LoadLevelJobs(data, c.inData(*levels, data))
		if err != nil {
			return ExitUsage, usageError{err}
		}
		levelJobs = shard.SelectLevelJobs(lj)
		misaligned = append(misaligned, mis...)
	}
	for i := range jobs {
		jobs[i].Model = aliases.name(jobs[i].Model)
	}
	for i := range levelJobs {
		levelJobs[i].Model = aliases.name(levelJobs[i].Model)
	}
	for i := range misaligned {
		misaligned[i].Model = aliases.name(misaligned[i].Model)
	}
	var lab bench.Labels
	if *labels != "" {
		if lab, err = bench.LoadLabels(c.abs(*labels)); err != nil {
			return ExitUsage, usageError{err}
		}
	}
	jd, client, err := c.judge(jf, data)
	if err != nil {
		return ExitUsage, err
	}
	loaded := c.Now().Sub(t0)

	var tc check.Toolchains
	var compiles *toolchain.CompileCache
	if *useTC {
		compiles = &toolchain.CompileCache{}
		if ch, err := c.openCache(jf); err != nil {
			// Compiling without a cache is slower, not wrong.
			fmt.Fprintf(c.Stderr, "iflint: toolchain runs are not cached: %v\n", err)
		} else {
			compiles.Store = ch
		}
		tc = &toolchain.CachedToolchains{Toolchains: replayToolchains(c), Cache: compiles}
	}
	opts := bench.EvalOptions{Profile: check.Profile(*profile), Toolchains: tc, Workers: *workers, Judge: jd}
	t1 := c.Now()
	opts.Progress = c.progress(len(jobs))
	samples, stopErr := bench.EvaluateRun(ctx, jobs, opts)
	opts.Progress.Done()
	var ruleErr *check.RuleError
	if errors.As(stopErr, &ruleErr) {
		return ExitInternal, stopErr
	}
	evaluated := c.Now().Sub(t1)
	opts.Progress = c.progress(len(levelJobs))
	levelSamples, err := bench.EvaluateLevels(ctx, levelJobs, opts)
	opts.Progress.Done()
	if err != nil {
		return ExitInternal, err
	}

	t2 := c.Now()
	run := bench.Run{Shard: shard, Samples: samples, Levels: levelSamples, Misaligned: misaligned}
	if stopErr != nil {
		run.Stopped = stopErr.Error()
	}
	var agreeTable []bench.Agreement
	if lab != nil {
		agreeTable = bench.Compare(samples, lab)
	}
	if err := c.writeRun(c.abs(*out), run, agreeTable); err != nil {
		return ExitInternal, err
	}
	reported := c.Now().Sub(t2)

	tl := bench.Count(samples)
	fmt.Fprintf(c.Stdout, "%d samples: %d pass, %d fail, %d unverified; %d multi-level entries; %d misaligned -> %s\n",
		len(samples), tl.Pass, tl.Fail, tl.Unverified, len(levelSamples), len(misaligned), *out)
	fmt.Fprintf(c.Stdout, "pass rate over decided samples: %d/%d = %.1f%%", tl.Pass, tl.Pass+tl.Fail, 100*tl.Rate())
	if tl.Recorded > 0 {
		fmt.Fprintf(c.Stdout, " (%d verdicts replayed from recorded ones, marked \"recorded\" in samples.jsonl)", tl.Recorded)
	}
	fmt.Fprintln(c.Stdout)
	if client != nil {
		u, n := client.Usage()
		fmt.Fprintf(c.Stdout, "llm: %d requests, %d prompt + %d completion tokens\n", n, u.PromptTokens, u.CompletionTokens)
	}
	if compiles != nil {
		ran, cached := compiles.Counts()
		fmt.Fprintf(c.Stdout, "toolchains: %d compiles run, %d answered from the cache\n", ran, cached)
	}
	fmt.Fprintf(c.Stdout, "time: load %s, evaluate %s, report %s\n", loaded.Round(time.Millisecond), evaluated.Round(time.Millisecond), reported.Round(time.Millisecond))
	if *timing {
		bare := bench.BareParse(ctx, jobs)
		fmt.Fprintf(c.Stdout, "time: bare tree-sitter parse of the same %d inputs %s; evaluate/bare = %.2fx; (evaluate+report)/evaluate = %.2fx\n",
			len(jobs), bare.Round(time.Millisecond), float64(evaluated)/float64(bare), float64(evaluated+reported)/float64(evaluated))
	}
	if agreeTable != nil {
		tw := tabwriter.NewWriter(c.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "type\tagree\ttotal\trate\tunverified\t")
		for _, a := range agreeTable {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\t%d\t\n", a.Type, a.Agree, a.Total, 100*a.Rate(), a.Unverified)
		}
		tw.Flush()
	}
	name := "bench replay"
	if agreement {
		name = "bench agreement"
	}
	return c.incomplete(name, run.Summary(), len(samples))
}

// ExitIncomplete is what bench replay, generate and repair exit with when
// they stopped before finishing (budget, refused key, unreachable server,
// interrupt, failed requests): what they did is kept, reports are marked
// partial, and the same command continues the run.
const ExitIncomplete = ExitFindings

// incomplete ends a replay: a partial run says on stderr what stopped it
// and how many samples remain, and exits ExitIncomplete.
func (c *Command) incomplete(name string, s bench.Summary, total int) (int, error) {
	if !s.Partial {
		return ExitClean, nil
	}
	why := "stopped by " + s.Stopped
	if s.Stopped == "" {
		why = "judge requests failed (their reasons are in samples.jsonl)"
	}
	fmt.Fprintf(c.Stderr, "iflint: %s incomplete: %s; %d of %d samples remain undecided (summary.json and report.md are marked partial); run the same command again to decide them (decided verdicts are cached)\n",
		name, why, s.Pending, total)
	return ExitIncomplete, nil
}

// writeRun writes samples, the summary, report.md and plots. The summary
// is written last by WriteRun, so a failed run never looks complete.
func (c *Command) writeRun(out string, run bench.Run, agreement []bench.Agreement) error {
	if err := bench.WriteRun(out, run); err != nil {
		return err
	}
	if run.Shard.N > 1 {
		return nil // a shard's report is written by bench merge
	}
	paper, err := benchmark.LoadPaper()
	if err != nil {
		return err
	}
	// WriteReport writes plots/*.svg, then report.md.
	return bench.WriteReport(out, run.Summary(), &paper, agreement)
}

func (c *Command) benchMerge(args []string) (int, error) {
	fs := c.flags("bench merge")
	out := fs.String("out", "", "output directory for the merged samples, summary, report and plots (required)")
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	if *out == "" || fs.NArg() == 0 {
		return ExitUsage, usagef("bench merge: -out and at least one shard directory are required")
	}
	var dirs []string
	for _, d := range fs.Args() {
		dirs = append(dirs, c.abs(d))
	}
	run, err := bench.Merge(dirs)
	if err != nil {
		return ExitUsage, usageError{err}
	}
	if err := c.writeRun(c.abs(*out), run, nil); err != nil {
		return ExitInternal, err
	}
	tl := bench.Count(run.Samples)
	fmt.Fprintf(c.Stdout, "merged %d shards: %d samples, %d pass, %d fail, %d unverified -> %s\n", len(dirs), len(run.Samples), tl.Pass, tl.Fail, tl.Unverified, *out)
	return ExitClean, nil
}

func (c *Command) benchFetch(ctx context.Context, args []string) (int, error) {
	fs := c.flags("bench fetch")
	df := addDataFlags(fs)
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	dir, err := c.resolveData(ctx, df)
	if err != nil {
		return ExitUsage, err
	}
	fmt.Fprintln(c.Stdout, dir)
	return ExitClean, nil
}

func (c *Command) benchRounds(ctx context.Context, args []string) (int, error) {
	fs := c.flags("bench rounds")
	df := addDataFlags(fs)
	model := fs.String("model", "gpt-4o", "model whose stored self-repair rounds (results/self_repair/R*/<model>) to replay")
	rulesOnly := fs.Bool("rules-only", true, "score only the rule-decided types (the paper's model-decided types need a judge)")
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	data, err := c.resolveData(ctx, df)
	if err != nil {
		return ExitUsage, err
	}
	h, err := bench.LoadRepairHistory(data, *model)
	if err != nil {
		return ExitUsage, usageError{err}
	}
	if *rulesOnly {
		h = h.Filter(bench.RuleDecided)
	}
	ours := bench.RoundCurve(h.EvaluateRounds(ctx, bench.EvalOptions{Profile: check.MultiCodeIF}))
	published := h.PublishedCurve()
	tw := tabwriter.NewWriter(c.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "round\tours\tpublished\t")
	for i, r := range ours {
		pub := "-"
		if i < len(published) && published[i].SSR.Decided > 0 {
			pub = fmt.Sprintf("%d/%d %.2f%%", published[i].SSR.Satisfied, published[i].SSR.Decided, 100*published[i].SSR.Rate)
		}
		fmt.Fprintf(tw, "%d\t%d/%d %.2f%%\t%s\t\n", r.Round, r.SSR.Satisfied, r.SSR.Decided, 100*r.SSR.Rate, pub)
	}
	return ExitClean, tw.Flush()
}

type modelAliases map[string]string

func (a modelAliases) name(m string) string {
	if to, ok := a[m]; ok {
		return to
	}
	return m
}

func parseAliases(s string) (modelAliases, error) {
	a := modelAliases{}
	if s == "" {
		return a, nil
	}
	for _, pair := range strings.Split(s, ",") {
		from, to, ok := strings.Cut(pair, "=")
		if !ok || strings.TrimSpace(from) == "" || strings.TrimSpace(to) == "" {
			return nil, usagef("-model-alias %q: expected FROM=TO[,FROM=TO...]", s)
		}
		a[strings.TrimSpace(from)] = strings.TrimSpace(to)
	}
	return a, nil
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

// replayToolchains finds the toolchains bench replay compiles with (a
// test replaces it with a fake compiler).
var replayToolchains = func(c *Command) check.Toolchains { return c.toolchains(nil) }

// toolchains returns the installed-toolchain finder for language_version.
func (c *Command) toolchains(jdks map[string]string) check.Toolchains {
	return &toolchain.SystemToolchains{JDKs: jdks, PyenvRoot: c.Getenv("PYENV_ROOT")}
}

// shardFlagValue parses -shard; empty means the whole run.
func shardFlagValue(v string) (bench.Shard, error) {
	if v == "" {
		return bench.Shard{}, nil
	}
	s, err := bench.ParseShard(v)
	if err != nil {
		return s, usageError{err}
	}
	return s, nil
}
