package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/iflint/iflint/internal/atomicfile"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/judge"
	"github.com/iflint/iflint/internal/report"
)

func (c *Command) check(ctx context.Context, args []string) (int, error) {
	fs := c.flags("check")
	cfgPath := fs.String("config", "", "configuration file (default: .iflint.yml in the current directory, else the embedded default)")
	format := fs.String("format", "text", "output format: text, json or sarif")
	output := fs.String("output", "", "write the report to this file instead of standard output")
	profile := fs.String("profile", "", "override the configured profile: lint or multicodeif")
	jf := addJudgeFlags(fs)
	fs.Usage = func() {
		fmt.Fprintf(c.Stderr, "Usage: iflint check [flags] [paths...]\n\nChecks files (default: the current directory) against the configured constraints.\n\n")
		fs.PrintDefaults()
	}
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	if err := oneOf("format", *format, report.Formats...); err != nil {
		return ExitUsage, err
	}
	cfg, err := c.loadConfig(*cfgPath)
	if err != nil {
		return ExitUsage, err
	}
	if *profile != "" {
		if err := oneOf("profile", *profile, string(check.Lint), string(check.MultiCodeIF)); err != nil {
			return ExitUsage, err
		}
		cfg.Profile = check.Profile(*profile)
	}
	jd, err := c.configuredJudge(jf, cfg)
	if err != nil {
		return ExitUsage, err
	}
	paths, err := c.paths(fs.Args())
	if err != nil {
		return ExitUsage, err
	}
	res, err := engine.CheckPaths(ctx, c.Dir, paths, engine.Options{Config: cfg, Toolchains: c.toolchains(cfg.JDKs), Judge: jd})
	if err != nil {
		return ExitInternal, err
	}
	var buf bytes.Buffer
	if err := report.Write(&buf, *format, res, Version); err != nil {
		return ExitInternal, err
	}
	if *output != "" {
		out := *output
		if !filepath.IsAbs(out) {
			out = filepath.Join(c.Dir, out)
		}
		if err := writeFileAtomic(out, buf.Bytes()); err != nil {
			return ExitInternal, err
		}
	} else if _, err := c.Stdout.Write(buf.Bytes()); err != nil {
		return ExitInternal, err
	}
	unconstrained := 0
	for _, s := range res.Skipped {
		if s.Unconstrained {
			unconstrained++
			continue
		}
		fmt.Fprintf(c.Stderr, "iflint: skipped %s: %s\n", s.Path, s.Reason)
	}
	if unconstrained > 0 {
		fmt.Fprintf(c.Stderr, "iflint: %d file(s) skipped: no configured constraint applies to their language (listed in -format json)\n", unconstrained)
	}
	unverified := 0
	for _, o := range res.Outcomes {
		if o.Verdict == check.Unverified {
			unverified++
		}
	}
	if unverified > 0 && *format == "text" {
		fmt.Fprintf(c.Stderr, "iflint: %d constraint checks unverified (LLM-judged types need a judge; see -format json for reasons)\n", unverified)
	}
	if len(res.Diagnostics) > 0 {
		return ExitFindings, nil
	}
	return ExitClean, nil
}

// loadConfig loads -config (relative to Dir) or the repository's
// .iflint.yml, else the embedded default.
func (c *Command) loadConfig(p string) (*config.Config, error) {
	if p != "" && !filepath.IsAbs(p) {
		p = filepath.Join(c.Dir, p)
	}
	return config.Load(c.Dir, p)
}

// configuredJudge builds the judge from the flags, else from the
// config's judge models; without an API key, LLM-judged constraints are
// skipped with one line saying so (recorded verdicts need no key).
func (c *Command) configuredJudge(jf *judgeFlags, cfg *config.Config) (*judge.Judge, error) {
	if *jf.models == "" && len(cfg.Judge) > 0 {
		*jf.models = strings.Join(cfg.Judge, ",")
	}
	if *jf.models != "" && c.Getenv("OPENAI_API_KEY") == "" && !allRecorded(*jf.models) {
		fmt.Fprintf(c.Stderr, "iflint: no OPENAI_API_KEY: LLM-judged constraints are skipped (reported unverified)\n")
		*jf.models = ""
	}
	jd, _, err := c.judge(jf, "")
	return jd, err
}

// paths resolves path arguments against Dir (default: Dir itself) and
// checks that they exist.
func (c *Command) paths(args []string) ([]string, error) {
	paths := append([]string(nil), args...)
	if len(paths) == 0 {
		paths = []string{"."}
	}
	for i, p := range paths {
		if !filepath.IsAbs(p) {
			paths[i] = filepath.Join(c.Dir, p)
		}
		if _, err := os.Stat(paths[i]); err != nil {
			return nil, usagef("%v", err)
		}
	}
	return paths, nil
}

func allRecorded(models string) bool {
	for _, m := range strings.Split(models, ",") {
		if !strings.HasPrefix(strings.TrimSpace(m), judge.RecordedPrefix) {
			return false
		}
	}
	return true
}

// writeFileAtomic writes via a temporary file and rename, so a reader never
// sees a half-written report.
func writeFileAtomic(path string, b []byte) error {
	return atomicfile.Write(path, b, 0o644)
}
