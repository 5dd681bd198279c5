package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/iflint/iflint/internal/atomicfile"
	"github.com/iflint/iflint/internal/baseline"
	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/judge"
	"github.com/iflint/iflint/internal/report"
	"github.com/iflint/iflint/internal/termsafe"
)

func (c *Command) check(ctx context.Context, args []string) (int, error) {
	fs := c.flags("check")
	cfgPath := fs.String("config", "", "configuration file (default: .iflint.yml in the current directory or its parents up to the repository root, else the embedded default)")
	format := fs.String("format", "text", "output format: text, json or sarif")
	output := fs.String("output", "", "write the report to this file instead of standard output")
	profile := fs.String("profile", "", "override the configured profile: lint or multicodeif")
	failOn := fs.String("fail-on", "error", "when to exit 1: none, error (a finding of severity error) or any (any finding)")
	basePath := fs.String("baseline", "", "report only findings not in this baseline file (default: baseline from the configuration)")
	writeBase := fs.String("write-baseline", "", "record today's findings in this baseline file, then report none of them")
	rev := fs.String("new-from-rev", "", "report only findings on lines added or changed since this revision (git diff against its merge base with HEAD; untracked files count as new)")
	noCache := fs.Bool("no-cache", false, "check every file again instead of reading the results kept from earlier runs (in the -cache directory's results/)")
	unused := fs.Bool("report-unused-ignores", false, "report suppression markers that silence no finding (iflint's as errors, ecosystem markers as warnings)")
	jf := addJudgeFlags(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: iflint check [flags] [paths...]\n\nChecks files (default: the current directory) against the configured constraints.\nFlags may come before, between or after the paths.\n\n")
		fs.PrintDefaults()
	}
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	if err := oneOf("format", *format, report.Formats...); err != nil {
		return ExitUsage, err
	}
	if err := oneOf("fail-on", *failOn, "none", "error", "any"); err != nil {
		return ExitUsage, err
	}
	if *basePath != "" && *writeBase != "" {
		return ExitUsage, usagef("-baseline and -write-baseline exclude each other: -write-baseline records every finding of this run")
	}
	set, err := c.configSet(*cfgPath)
	if err != nil {
		return ExitUsage, err
	}
	if *profile != "" {
		if err := oneOf("profile", *profile, string(check.Lint), string(check.MultiCodeIF)); err != nil {
			return ExitUsage, err
		}
		set.Profile = check.Profile(*profile)
	}
	// The configuration governing the working directory names the judge
	// models and JDKs of the whole run.
	cfg, err := set.Dir(c.Dir)
	if err != nil {
		return ExitUsage, err
	}
	jd, err := c.configuredJudge(jf, cfg)
	if err != nil {
		return ExitUsage, err
	}
	paths, err := c.paths(fs.Args())
	if err != nil {
		return ExitUsage, err
	}
	files, err := engine.ReadFilesSetContext(ctx, set, paths)
	if err != nil {
		return ExitInternal, err // a configuration's error is a usage error (Main)
	}
	var cfgs []*config.Config
	if *writeBase == "" { // a run that records findings applies no old baseline
		if cfgs, err = governing(set, files.Files); err != nil {
			return ExitUsage, err
		}
	}
	sc, err := c.newScope(ctx, c.Dir, cfgs, set.For, *rev, *basePath)
	if err != nil {
		return ExitUsage, err
	}
	opts := engine.Options{Configs: set, Toolchains: c.toolchains(cfg.JDKs), Judge: jd, ReportUnusedIgnores: *unused, Rules: c.Rules}
	var rc *cache.Cache
	if !*noCache {
		rc, opts.CacheSalt = c.resultCache(*jf.cacheDir)
		if rc != nil {
			opts.Cache = rc
		}
	}
	res, err := engine.Check(ctx, files.Files, opts)
	if err != nil {
		return ExitInternal, err
	}
	c.trimResultCache(rc)
	res.Skipped = append(files.Skipped, res.Skipped...)
	engine.SortResult(res)
	n := sc.apply(res)
	if *writeBase != "" {
		out := *writeBase
		if !filepath.IsAbs(out) {
			out = filepath.Join(c.Dir, out)
		}
		b := baseline.FromDiagnostics(res.Diagnostics)
		if err := c.gate.write(*writeBase, func() error { return baseline.Write(out, b) }); err != nil {
			return ExitInternal, err
		}
		fmt.Fprintf(c.Stderr, "iflint: wrote %s accepting %s\n", termsafe.Name(*writeBase), plural(b.Total(), "finding"))
		res.Diagnostics, n.baselined = b.Filter(res.Diagnostics)
	}
	var buf bytes.Buffer
	if err := report.Write(&buf, *format, res, c.version()); err != nil {
		return ExitInternal, err
	}
	if *output != "" {
		out := *output
		if !filepath.IsAbs(out) {
			out = filepath.Join(c.Dir, out)
		}
		if err := c.gate.write(*output, func() error { return writeFileAtomic(out, buf.Bytes()) }); err != nil {
			return ExitInternal, err
		}
	} else if _, err := c.Stdout.Write(buf.Bytes()); err != nil {
		return ExitInternal, err
	}
	c.printSummary(res, n, sc)
	return failCode(*failOn, res), nil
}

// governing lists the configurations that govern files, in the order
// first met.
func governing(set *config.Set, files []engine.File) ([]*config.Config, error) {
	var out []*config.Config
	seen := map[*config.Config]bool{}
	for _, f := range files {
		cfg, err := set.For(f.Path)
		if err != nil {
			return nil, err
		}
		if !seen[cfg] {
			seen[cfg] = true
			out = append(out, cfg)
		}
	}
	return out, nil
}

// failCode applies -fail-on to the findings and the unused suppressions
// (errors for iflint's markers, warnings for ecosystem markers), and under
// "any" to files that could not be read: like a warning, an unreadable
// file is something to look at, not a violation of a constraint, so the
// default (error) reports it and still passes.
func failCode(failOn string, res *engine.Result) int {
	if failOn == "none" {
		return ExitClean
	}
	for _, s := range res.Skipped {
		if failOn == "any" && s.Unreadable {
			return ExitFindings
		}
	}
	for _, u := range res.UnusedIgnores {
		if failOn == "any" || u.Severity != "warning" {
			return ExitFindings
		}
	}
	for _, d := range res.Diagnostics {
		if failOn == "any" || d.Severity != "warning" {
			return ExitFindings
		}
	}
	return ExitClean
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
		// A path that exists but cannot be read is the check's to report
		// and skip; one that does not exist is a mistyped argument.
		if _, err := os.Stat(paths[i]); errors.Is(err, fs.ErrNotExist) {
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
