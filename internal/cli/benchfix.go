package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/iflint/iflint/internal/bench/fixtrack"
	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/fixprogress"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/toolchain"
)

func (c *Command) benchFix(ctx context.Context, args []string) (int, error) {
	fs := c.flags("bench fix")
	tasks := fs.String("tasks", "benchmark/fix", "fix track directory (manifest.json and tasks/)")
	out := fs.String("out", "", "directory for report.md and results.json (default: report on standard output only)")
	only := fs.String("only", "", "comma-separated task names to run (default: all)")
	workers := fs.Int("workers", 2, "tasks run at once")
	model := fs.String("model", "", "LLM for what the deterministic fixers leave (default: deterministic fixers only, offline)")
	rounds := fs.Int("rounds", 3, "LLM attempts per file")
	baseURL := fs.String("base-url", "", "OpenAI-compatible API base URL (default $OPENAI_BASE_URL)")
	compileCache := fs.String("cache", "", "directory that keeps the compiler proof's builds across runs (default: none, every build runs)")
	noTests := fs.Bool("no-tests", false, "run every task without its test command: fixes are kept only by the safety stage's proofs (compiled output, syntax tree)")
	fs.Usage = func() {
		fmt.Fprintf(c.Stderr, "Usage: iflint bench fix [flags]\n\nRuns the LintEval fix track: every task is fixed on a temporary copy, each candidate\nverified (syntax, findings, regressions, tests), and the outcomes compared with the manifest.\n\n")
		fs.PrintDefaults()
	}
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	dir := c.abs(*tasks)
	m, err := fixtrack.LoadFixManifest(dir)
	if err != nil {
		return ExitUsage, usageError{err}
	}
	o := fixtrack.FixTrackOptions{Env: c.environ(), Workers: *workers, Rounds: *rounds, Now: c.Now, NoTests: *noTests, Compiles: &toolchain.CompileCache{}}
	if *only != "" {
		o.Only = strings.Split(*only, ",")
	}
	if *compileCache != "" {
		st, err := cache.Open(c.abs(*compileCache))
		if err != nil {
			return ExitUsage, usageError{err}
		}
		o.Compiles.Store = st
	}
	if *model != "" {
		lc := llm.ConfigFromEnv(c.Getenv)
		if *baseURL != "" {
			lc.BaseURL = *baseURL
		}
		client, err := llm.New(lc, nil, nil)
		if err != nil {
			return ExitUsage, usageError{err}
		}
		o.Refactor = fix.LLM{C: client, Model: *model}
	}
	prog := fixprogress.New(c.Stderr, "iflint bench fix", fixprogress.Terminal(c.Stderr, c.Getenv), c.Now)
	o.Progress = func(p fixtrack.FixTrackProgress) {
		prog.Update(fixprogress.Status{Decided: p.Decided, Total: p.Total, TestRuns: p.TestRuns, Note: fmt.Sprintf("%d/%d tasks done", p.TasksDone, p.Tasks)})
	}
	rs := fixtrack.RunFixTrack(ctx, dir, m, o)
	prog.Done()
	if err := ctx.Err(); err != nil {
		return ExitInternal, err
	}
	var buf bytes.Buffer
	fixtrack.WriteFixTrackReport(&buf, rs)
	ran, cached := o.Compiles.Counts()
	per := ""
	if n := fixtrack.SummarizeFixTrack(rs).Proposed; n > 0 {
		per = fmt.Sprintf(" for %d candidate(s): %.2f run and %.2f cached per candidate", n, float64(ran)/float64(n), float64(cached)/float64(n))
	}
	fmt.Fprintf(&buf, "\ncompiler proof: %d build(s) run, %d answered from the cache%s\n", ran, cached, per)
	if _, err := c.Stdout.Write(buf.Bytes()); err != nil {
		return ExitInternal, err
	}
	if *out != "" {
		od := c.abs(*out)
		if err := os.MkdirAll(od, 0o755); err != nil {
			return ExitInternal, err
		}
		js, err := json.MarshalIndent(rs, "", "  ")
		if err != nil {
			return ExitInternal, err
		}
		if err := writeFileAtomic(filepath.Join(od, "results.json"), append(js, '\n')); err != nil {
			return ExitInternal, err
		}
		if err := writeFileAtomic(filepath.Join(od, "report.md"), buf.Bytes()); err != nil {
			return ExitInternal, err
		}
	}
	s := fixtrack.SummarizeFixTrack(rs)
	if s.Mismatches > 0 || s.Unproven > 0 || s.Errors > 0 {
		return ExitFindings, nil
	}
	return ExitClean, nil
}
