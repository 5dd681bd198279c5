package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/bench"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/llm"
)

// benchGenerate runs bench generate (an LLM writes the code for each
// task, resumably) or, with repair set, bench repair (failed tasks are
// re-asked with feedback for up to -rounds rounds).
func (c *Command) benchGenerate(ctx context.Context, args []string, repair bool) (int, error) {
	name := "bench generate"
	if repair {
		name = "bench repair"
	}
	fs := c.flags(name)
	df := addDataFlags(fs)
	jf := addJudgeFlags(fs)
	out := fs.String("out", "", "output directory (required)")
	model := fs.String("model", "", "model that writes the code (required; key from OPENAI_API_KEY, server from OPENAI_BASE_URL or -base-url)")
	files := fs.String("files", "", "comma-separated task files (default: all 27)")
	shardFlag := fs.String("shard", "", "only shard i of n (whole task files)")
	workers := fs.Int("workers", 0, "tasks in flight (default: GOMAXPROCS)")
	rounds := fs.Int("rounds", 4, "feedback rounds after the first attempt (repair)")
	rulesOnly := fs.Bool("rules-only", false, "only the rule-decided types (repair needs no judge then)")
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	if *out == "" || *model == "" {
		return ExitUsage, usagef("%s: -out and -model are required", name)
	}
	shard, err := shardFlagValue(*shardFlag)
	if err != nil {
		return ExitUsage, err
	}
	var fileList []string
	if *files != "" {
		fileList = strings.Split(*files, ",")
	}
	data, err := c.resolveData(ctx, df)
	if err != nil {
		return ExitUsage, err
	}
	cfg, err := c.llmConfig(jf)
	if err != nil {
		return ExitUsage, err
	}
	cfg.Model = *model
	client, err := llm.New(cfg, nil, nil)
	if err != nil {
		return ExitUsage, usageError{err}
	}
	defer func() {
		u, n := client.Usage()
		fmt.Fprintf(c.Stdout, "llm: %d requests, %d prompt + %d completion tokens\n", n, u.PromptTokens, u.CompletionTokens)
	}()
	if !repair {
		rep, err := bench.Generate(ctx, client, bench.GenerateOptions{Data: data, Out: c.abs(*out), Model: *model,
			Files: fileList, Shard: shard, Workers: *workers, Progress: c.progress(0)})
		fmt.Fprintf(c.Stdout, "%d tasks: %d already done, %d asked, %d failed, %d remaining\n", rep.Tasks, rep.Resumed, rep.Asked, len(rep.Failed), rep.Remaining())
		return c.stopped(name, err)
	}
	jd, _, err := c.judge(jf, data)
	if err != nil {
		return ExitUsage, err
	}
	res, err := bench.Repair(ctx, client, bench.RepairOptions{Data: data, Out: c.abs(*out), Model: *model, Rounds: *rounds,
		Files: fileList, Shard: shard, RulesOnly: *rulesOnly, Workers: *workers,
		Eval: bench.EvalOptions{Profile: check.MultiCodeIF, Judge: jd}})
	for _, r := range res.Curve {
		fmt.Fprintf(c.Stdout, "round %d: %d/%d = %.1f%%\n", r.Round, r.SSR.Satisfied, r.SSR.Decided, 100*r.SSR.Rate)
	}
	return c.stopped(name, err)
}

// stopped ends a generation: an incomplete run (budget, refused key,
// unreachable server, interrupt, failed requests) says on stderr what
// stopped it and how much remains, and exits ExitIncomplete; anything
// else is an internal failure.
func (c *Command) stopped(name string, err error) (int, error) {
	var inc *bench.IncompleteError
	switch {
	case err == nil:
		return ExitClean, nil
	case errors.As(err, &inc):
		fmt.Fprintf(c.Stderr, "iflint: %s incomplete: %v\n", name, err)
		return ExitIncomplete, nil
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(c.Stderr, "iflint: %s incomplete: %v\n", name, err)
		return ExitIncomplete, nil
	}
	return ExitInternal, err
}
