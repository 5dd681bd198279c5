package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/iflint/iflint/internal/bench"
	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/judge"
	"github.com/iflint/iflint/internal/llm"
)

// judgeFlags are the LLM-judge settings shared by bench subcommands.
type judgeFlags struct {
	models      *string
	seed        *string
	cacheDir    *string
	compat      *bool
	baseURL     *string
	maxRequests *int
	maxTokens   *int
	concurrency *int
	timeout     *time.Duration
	retries     *optionalInt
}

func addJudgeFlags(fs *flag.FlagSet) *judgeFlags {
	return &judgeFlags{
		models:      fs.String("judge", "", "comma-separated judge models for the LLM-judged types (they vote); recorded:NAME replays verdicts seeded with -seed-recorded. Key: OPENAI_API_KEY"),
		seed:        fs.String("seed-recorded", "", "labels directory (verdicts.jsonl + generations/<model>/) whose published verdicts are seeded into the cache as recorded:<model>"),
		cacheDir:    fs.String("cache", "", "cache directory: judge votes, toolchain runs and (check) files' results (default $IFLINT_CACHE_DIR or the user cache directory)"),
		compat:      fs.Bool("judge-compat", false, "read judge replies as the paper does: satisfied when the reply contains \"yes\""),
		baseURL:     fs.String("base-url", "", "OpenAI-compatible API base URL (default $OPENAI_BASE_URL)"),
		maxRequests: fs.Int("max-requests", 0, "stop judging after this many API requests (0: no limit)"),
		maxTokens:   fs.Int("max-tokens", 0, "stop judging after this many tokens (0: no limit)"),
		concurrency: fs.Int("llm-concurrency", 0, "API requests in flight at most (default $IFLINT_LLM_CONCURRENCY or 4)"),
		timeout:     fs.Duration("llm-timeout", 0, "time limit of one API request attempt, e.g. 90s (default $IFLINT_LLM_TIMEOUT or 60s)"),
		retries:     optionalIntFlag(fs, "llm-retries", "retries of a failed API request (429, 5xx, time-outs, transport errors) after the first attempt, an `int` (default $IFLINT_LLM_MAX_RETRIES or 3)"),
	}
}

// optionalInt is a non-negative int flag that remembers whether it was
// given, so "not given" (use the environment's value) differs from 0
// without a sentinel default that -h would print.
type optionalInt struct {
	set bool
	v   int
}

func optionalIntFlag(fs *flag.FlagSet, name, usage string) *optionalInt {
	o := &optionalInt{}
	fs.Var(o, name, usage)
	return o
}

func (o *optionalInt) String() string {
	if o == nil || !o.set {
		return ""
	}
	return strconv.Itoa(o.v)
}

func (o *optionalInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return fmt.Errorf("expected a non-negative integer, got %q", s)
	}
	o.v, o.set = n, true
	return nil
}

// llmConfig is the client configuration: the environment, then the
// flags. Without a key, only a server of one's own (-base-url or
// OPENAI_BASE_URL) is tried: api.openai.com would refuse every request.
func (c *Command) llmConfig(f *judgeFlags) (llm.Config, error) {
	cfg := llm.ConfigFromEnv(c.Getenv)
	if *f.baseURL != "" {
		cfg.BaseURL = *f.baseURL
	}
	cfg.MaxRequests, cfg.MaxTokens = *f.maxRequests, *f.maxTokens
	if *f.concurrency > 0 {
		cfg.Concurrency = *f.concurrency
	}
	if *f.timeout > 0 {
		cfg.Timeout = *f.timeout
	}
	if f.retries.set {
		cfg.MaxRetries = f.retries.v
	}
	if cfg.APIKey == "" && cfg.BaseURL == "" {
		return cfg, usagef("no OPENAI_API_KEY: api.openai.com refuses requests without a key (set it, or point -base-url/OPENAI_BASE_URL at a server that needs none)")
	}
	return cfg, nil
}

// judge builds the judge panel, or nil when no judge is configured. The
// returned client (if any) reports token usage after the run.
func (c *Command) judge(f *judgeFlags, dataDir string) (*judge.Judge, *llm.Client, error) {
	if *f.models == "" {
		if *f.seed != "" {
			return nil, nil, usagef("-seed-recorded needs -judge recorded:<model>")
		}
		return nil, nil, nil
	}
	ch, err := c.openCache(f)
	if err != nil {
		return nil, nil, err
	}
	if *f.seed != "" {
		if err := c.seedRecorded(ch, c.abs(*f.seed), dataDir); err != nil {
			return nil, nil, err
		}
	}
	j := &judge.Judge{Cache: ch, Compat: *f.compat}
	var client *llm.Client
	for _, name := range strings.Split(*f.models, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if strings.HasPrefix(name, judge.RecordedPrefix) {
			j.Models = append(j.Models, judge.Recorded(name))
			continue
		}
		if client == nil {
			cfg, err := c.llmConfig(f)
			if err != nil {
				return nil, nil, err
			}
			if client, err = llm.New(cfg, nil, nil); err != nil {
				return nil, nil, usageError{err}
			}
		}
		j.Models = append(j.Models, judge.Model{Name: name, C: client})
	}
	return j, client, nil
}

// openCache opens the verdict cache of -cache (default $IFLINT_CACHE_DIR
// or the user cache directory): judge votes and toolchain runs.
func (c *Command) openCache(f *judgeFlags) (*cache.Cache, error) {
	dir := *f.cacheDir
	if dir == "" {
		d, err := cache.DefaultDir(c.Getenv)
		if err != nil {
			return nil, err
		}
		dir = d
	}
	return cache.Open(c.abs(dir))
}

// seedRecorded loads labels/<name>/{verdicts.jsonl,generations/<model>/}.
func (c *Command) seedRecorded(ch *cache.Cache, labels, dataDir string) error {
	entries, err := os.ReadDir(filepath.Join(labels, "generations"))
	if err != nil {
		return usagef("-seed-recorded: %v", err)
	}
	root, err := bench.ResolveRoot(dataDir)
	if err != nil {
		return usageError{err}
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		recs, err := judge.LoadRecorded(filepath.Join(labels, "verdicts.jsonl"), filepath.Join(labels, "generations", e.Name()),
			filepath.Join(root, "dataset", "instructions", "single_level"))
		if err != nil {
			return usageError{err}
		}
		if err := judge.SeedRecorded(ch, e.Name(), recs); err != nil {
			return err
		}
		fmt.Fprintf(c.Stderr, "seeded %d recorded verdicts as %s%s\n", len(recs), judge.RecordedPrefix, e.Name())
	}
	return nil
}
