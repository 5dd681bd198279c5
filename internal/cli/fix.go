package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/iflint/iflint/internal/atomicfile"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/fixprogress"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/report"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/termsafe"
	"github.com/iflint/iflint/internal/toolchain"
)

func (c *Command) fix(ctx context.Context, args []string) (int, error) {
	fs := c.flags("fix")
	cfgPath := fs.String("config", "", "configuration file (default: .iflint.yml in the current directory, else the embedded default)")
	write := fs.Bool("write", false, "apply the verified fixes to the files (atomically; a file whose fix was not verified is never touched)")
	format := fs.String("format", "text", "output format: text (a unified diff, the report on standard error) or json")
	test := fs.String("test", "", "test command that proves a fix (default: fix.test from the configuration)")
	model := fs.String("model", "", "LLM for what the deterministic fixers cannot fix (default: none; key from OPENAI_API_KEY)")
	rounds := fs.Int("rounds", 3, "LLM attempts per file, each told why the previous one was rejected")
	rev := fs.String("new-from-rev", "", "fix only findings on lines added or changed since this revision (as check -new-from-rev)")
	basePath := fs.String("baseline", "", "leave the findings of this baseline file alone (default: baseline from the configuration)")
	sandboxName := fs.String("sandbox", "auto", "how the test command is contained: auto (the strongest that works here), or only one of bwrap, unshare, cgroup, process-group (docs/sandbox.md)")
	jf := addJudgeFlags(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: iflint fix [flags] [paths...]\n\nProposes fixes for violations (default: the current directory) and keeps only those\nproven by re-checking every constraint and running the test command on an isolated copy.\nPrints the verified diff; -write applies it. Run it at the repository root.\n\n")
		fs.PrintDefaults()
	}
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	if err := oneOf("format", *format, "text", "json"); err != nil {
		return ExitUsage, err
	}
	if *rounds < 1 {
		return ExitUsage, usagef("-rounds %d: expected at least 1", *rounds)
	}
	mechanisms, err := parseSandbox(*sandboxName)
	if err != nil {
		return ExitUsage, err
	}
	set, err := c.configSet(*cfgPath)
	if err != nil {
		return ExitUsage, err
	}
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
		return ExitInternal, err
	}
	groups, err := projectGroups(set, files.Files)
	if err != nil {
		return ExitUsage, err
	}
	// The test commands' sandbox is chosen once, before any work, by trial
	// runs (an unavailable -sandbox is a usage error); every project's
	// runner then uses that mechanism.
	testFor := func(g *project) string { return cmp.Or(*test, g.cfg.Fix.Test) }
	newRunner := func(g *project) *sandbox.Runner {
		return &sandbox.Runner{Timeout: g.cfg.Fix.Timeout, Env: c.environ(), PassEnv: g.cfg.Fix.Env, ScrubNames: g.cfg.Fix.Scrub,
			Mechanisms: mechanisms, KeepCache: true, TreeDir: c.TreeDir, Now: c.Now}
	}
	var sandboxUsed *sandbox.Sandbox
	for _, g := range groups {
		if testFor(g) == "" {
			continue
		}
		sb, err := newRunner(g).Sandbox(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return ExitInternal, err // interrupted while trying the mechanisms
			}
			return ExitUsage, usageError{err}
		}
		sandboxUsed, mechanisms = &sb, []sandbox.Mechanism{sb.Mechanism}
		break
	}
	var refactor fix.Refactorer
	if *model != "" {
		lc := llm.ConfigFromEnv(c.Getenv)
		if *jf.baseURL != "" {
			lc.BaseURL = *jf.baseURL
		}
		lc.MaxRequests, lc.MaxTokens = *jf.maxRequests, *jf.maxTokens
		client, err := llm.New(lc, nil, nil)
		if err != nil {
			return ExitUsage, usageError{err}
		}
		refactor = fix.LLM{C: client, Model: *model}
	}
	// Each project (the files one configuration governs) is fixed at its
	// configuration's directory, as if iflint ran there: its test command
	// runs at the root of an isolated copy of that directory, and its
	// baseline and -new-from-rev apply to its files.
	res := &fixloop.FixResult{Before: &engine.Result{}, After: &engine.Result{}}
	var notWritten []engine.Skipped
	written := 0
	prog := fixprogress.New(c.Stderr, "iflint fix", fixprogress.Terminal(c.Stderr, c.Getenv), c.Now)
	stopBeat := prog.Heartbeat() // a line at least every 10 s in a log
	defer stopBeat()
	// Without a test command, the safety stage asks the compiler for
	// its proof; builds are cached like the toolchain's other runs, in a
	// cache opened only when a build is asked for.
	store := &lazyStore{open: func() (toolchain.CompileStore, error) { return c.openCache(jf) }}
	compiles, formats := &toolchain.CompileCache{Store: store}, &toolchain.CompileCache{Store: store}
	for _, g := range groups {
		show := func(p string) string { return c.display(filepath.Join(g.root, filepath.FromSlash(p))) }
		sc, err := c.newScope(ctx, g.root, []*config.Config{g.cfg}, g.configFor, *rev, *basePath)
		if err != nil {
			prog.Done()
			return ExitUsage, err
		}
		o := fixloop.FixOptions{
			Options: engine.Options{Config: g.cfg, Toolchains: c.toolchains(cfg.JDKs), Judge: jd},
			Root:    g.root, Rounds: *rounds, Refactor: refactor,
		}
		sc.limitFixes(ctx, &o)
		// Layout fixes must agree with the repository's formatter
		// (verify.Formatter), with or without a test command.
		o.Formatters = &toolchain.Formatters{Root: g.root, Cache: formats}
		if testCmd := testFor(g); testCmd != "" {
			o.Test, o.Runner = sandbox.Shell(testCmd), newRunner(g)
		} else {
			o.Prover = &toolchain.Equivalence{Root: g.root, Cache: compiles}
		}
		if *write {
			// Each file is written as soon as its fixes are proven (see
			// writeFixed); a file that cannot be written safely is left as
			// it is, with the reason, and the others are still written.
			o.FileDone = func(f fixloop.FixedFile) error {
				why, err := c.writeFixed(g.root, show(f.Path), f)
				switch {
				case err != nil:
					return err
				case why != "":
					notWritten = append(notWritten, engine.Skipped{Path: show(f.Path), Reason: why})
				default:
					written++
				}
				return nil
			}
		}
		o.Progress = func(p fixloop.FixProgress) { prog.Update(progressStatus(p)) }
		part, err := fixloop.Fix(ctx, g.files, o)
		if err != nil {
			prog.Done()
			if written > 0 && !interrupted(ctx, err) {
				fmt.Fprintf(c.Stderr, "iflint: stopped after writing %d fixed file(s): %s\n", written, names(c.gate.written()))
			}
			return ExitInternal, err
		}
		sc.apply(part.After)
		mergeFix(res, part, show)
	}
	stopBeat()
	prog.Done()
	engine.SortResult(res.After)
	if *format == "json" {
		if err := writeFixJSON(c, res, sandboxUsed, notWritten); err != nil {
			return ExitInternal, err
		}
	} else {
		if !*write {
			for _, f := range res.Files {
				fmt.Fprint(c.Stdout, fix.Unified(termsafe.Name(f.Path), f.Old, f.New, 3))
			}
		}
		writeFixReport(c, res, *write, written)
		if ran, cached := compiles.Counts(); ran+cached > 0 {
			fmt.Fprintf(c.Stderr, "iflint: compiler proof: %d build(s) run, %d answered from the cache\n", ran, cached)
		}
		if ran, cached := formats.Counts(); ran+cached > 0 {
			fmt.Fprintf(c.Stderr, "iflint: formatter stage: %d run(s), %d answered from the cache\n", ran, cached)
		}
		if sandboxUsed != nil && !sandboxUsed.Isolated {
			fmt.Fprintf(c.Stderr, "iflint: no real sandbox works here for the test command: %s\n", sandboxUsed.Text())
		}
	}
	printSkipped(c, files.Skipped)
	for _, s := range notWritten {
		fmt.Fprintf(c.Stderr, "iflint: not written %s: %s\n", termsafe.Name(s.Path), termsafe.Text(s.Reason))
	}
	if len(res.After.Diagnostics) > 0 || len(notWritten) > 0 {
		return ExitFindings, nil
	}
	if !*write && len(res.Files) > 0 {
		return ExitFindings, nil // the diff is not applied yet
	}
	return ExitClean, nil
}

// writeFixReport tells a person what happened to each candidate: the
// verified ones with their evidence, the rejected ones with the stage
// that rejected them.
func writeFixReport(c *Command, res *fixloop.FixResult, write bool, written int) {
	for _, cd := range res.Candidates {
		fmt.Fprintf(c.Stderr, "%s: %s (%s): %s\n", termsafe.Name(cd.Path), termsafe.Text(targetNames(cd.Targets)), sourceName(cd), termsafe.Text(candidateVerdict(cd)))
		for _, s := range cd.Skipped {
			fmt.Fprintf(c.Stderr, "  left %d:%d: %s\n", s.Line, s.Col, termsafe.Text(strings.SplitN(s.Reason, "\n", 2)[0]))
		}
		if t := cd.Verification.Tests; t != nil && !t.Passed && t.OutputTail != "" {
			for _, l := range tailLines(t.OutputTail, 8) {
				fmt.Fprintf(c.Stderr, "  | %s\n", termsafe.Text(l))
			}
		}
	}
	if b := res.Baseline; b != nil && !b.Passed {
		fmt.Fprintf(c.Stderr, "iflint: the test command fails without any fix (%s, exit %d); fixes could not be proven\n", b.Command, b.ExitCode)
	}
	if t := res.TestRuns; t.Total > 0 {
		fmt.Fprintf(c.Stderr, "iflint: %s\n", testRunsText(t))
	}
	verb, n := "would fix", len(res.Files)
	if write {
		verb, n = "fixed", written
	}
	fmt.Fprintf(c.Stderr, "iflint: %s %d file(s); %d finding(s) remain\n", verb, n, len(res.After.Diagnostics))
	for _, d := range res.After.Diagnostics {
		fmt.Fprintf(c.Stderr, "%s:%d:%d: %s: %s\n", termsafe.Name(d.Path), d.Line, d.Col, d.Type, termsafe.Text(d.Message))
	}
}

// testRunsText says how many test runs proved the candidates, and what
// for: "4 test runs for 6 candidates (1 of all of them, 2 halving, 1 of
// the rest after 1 culprit; 0 on the unmodified tree; 0 for LLM candidates) in 3.2s".
func testRunsText(t fixloop.TestRuns) string {
	return fmt.Sprintf("%d test run(s) for %d candidate(s): %d of the whole set or the rest, %d halving a failing set (%d culprit(s)), %d on the unmodified tree, %d for LLM candidates; %s in tests",
		t.Total, t.Candidates, t.Set, t.Bisect, t.Culprits, t.Baseline, t.Single, t.Duration.Round(time.Millisecond))
}

// progressStatus is the engine's progress in fixprogress's terms.
func progressStatus(p fixloop.FixProgress) fixprogress.Status {
	s := fixprogress.Status{Decided: p.Decided, Total: p.Total, TestRuns: p.TestRuns}
	if p.Decided < p.Total {
		s.Note = fmt.Sprintf("%s %d candidate(s)", p.Phase, p.Total-p.Decided)
	}
	return s
}

func targetNames(ts []fixloop.Target) string {
	var out []string
	for _, t := range ts {
		out = append(out, fmt.Sprintf("%s %q", t.Type, t.Spec))
	}
	return strings.Join(out, ", ")
}

func sourceName(cd fixloop.Candidate) string {
	switch {
	case cd.Source == "llm":
		return fmt.Sprintf("llm, round %d", cd.Round+1)
	case cd.Part != "":
		return cd.Source + ", only " + cd.Part
	}
	return cd.Source
}

func candidateVerdict(cd fixloop.Candidate) string {
	switch {
	case !cd.Proposed:
		return "no candidate: " + cd.Reason
	case cd.Accepted:
		return "verified by " + cd.Verification.Summary(true, nil)
	}
	return fmt.Sprintf("rejected at %s: %s", cd.Stage, cd.Reason)
}

func tailLines(s string, n int) []string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return lines
}

// fixJSON is the -format json document.
type fixJSON struct {
	Candidates []fixloop.Candidate `json:"candidates"`
	// Sandbox is how the test command was contained (absent without one).
	Sandbox   *sandbox.Sandbox    `json:"sandbox,omitempty"`
	Baseline  *sandbox.Record     `json:"baseline,omitempty"`
	TestRuns  fixloop.TestRuns    `json:"test_runs"`
	Files     []fixedFileJSON     `json:"files"`
	Remaining []engine.Diagnostic `json:"remaining"`
	// NotWritten are the fixed files -write left alone, with the reason.
	NotWritten []engine.Skipped `json:"not_written,omitempty"`
}

type fixedFileJSON struct {
	Path string `json:"path"`
	Diff string `json:"diff"`
}

func writeFixJSON(c *Command, res *fixloop.FixResult, sb *sandbox.Sandbox, notWritten []engine.Skipped) error {
	doc := fixJSON{Candidates: res.Candidates, Sandbox: sb, Baseline: res.Baseline, TestRuns: res.TestRuns, Files: []fixedFileJSON{}, Remaining: res.After.Diagnostics, NotWritten: notWritten}
	if doc.Candidates == nil {
		doc.Candidates = []fixloop.Candidate{}
	}
	if doc.Remaining == nil {
		doc.Remaining = []engine.Diagnostic{}
	}
	for _, f := range res.Files {
		doc.Files = append(doc.Files, fixedFileJSON{f.Path, fix.Unified(f.Path, f.Old, f.New, 3)})
	}
	return report.JSON(c.Stdout, doc) // indented, without HTML escaping
}

// writeFixed writes one fixed file, or says why it did not (why): a file
// changed on disk since it was read (the fix was proven against the old
// content), a read-only file, or a symbolic link whose target lies
// outside the repository. A link inside it is written through, to its
// target; mode, owner and hard links are kept (see atomicfile.Update).
// err is for failures that should stop the run (a full disk, say). name
// is the file as the run's output shows it (f.Path is relative to its
// project's root).
func (c *Command) writeFixed(root, name string, f fixloop.FixedFile) (why string, err error) {
	p := filepath.FromSlash(f.Path)
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, p)
	}
	target, why := insideRoot(root, p)
	if why != "" {
		return why, nil
	}
	err = c.gate.write(name, func() error { return atomicfile.Update(target, f.Old, f.New) })
	switch {
	case errors.Is(err, atomicfile.ErrChanged):
		return "it changed on disk while it was being fixed (its fixes were proven on the content read before); run iflint fix again", nil
	case errors.Is(err, atomicfile.ErrReadOnly):
		return fmt.Sprintf("the file is %v; iflint fix does not write read-only files", err), nil
	case errors.Is(err, atomicfile.ErrNotRegular), errors.Is(err, fs.ErrNotExist):
		return "it is no longer a regular file", nil
	case err != nil:
		return "", fmt.Errorf("writing %s: %w", name, err)
	}
	return "", nil
}

// insideRoot resolves the symbolic links of p and returns the file they
// lead to, or why it is not written: its target lies outside root.
func insideRoot(root, p string) (target, why string) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", fmt.Sprintf("the repository root cannot be resolved: %v", err)
	}
	target, err = filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Sprintf("it cannot be resolved: %v", err)
	}
	rel, err := filepath.Rel(realRoot, target)
	if err != nil || !filepath.IsLocal(rel) {
		if target != filepath.Clean(p) {
			return "", fmt.Sprintf("it is a symbolic link to %s, outside the repository; iflint fix writes only inside it", target)
		}
		return "", "it lies outside the repository; iflint fix writes only inside it"
	}
	return target, ""
}

// parseSandbox reads -sandbox: "auto" tries every mechanism, strongest
// first; a name allows only that one.
func parseSandbox(name string) ([]sandbox.Mechanism, error) {
	if name == "auto" {
		return nil, nil
	}
	m, err := sandbox.ParseMechanism(name)
	if err != nil {
		return nil, usagef("-sandbox: %v (or auto)", err)
	}
	return []sandbox.Mechanism{m}, nil
}

// lazyStore opens a compile store at its first use, so that a run that
// builds nothing creates no cache directory; a store that cannot be
// opened answers nothing and keeps nothing (slower, not wrong).
type lazyStore struct {
	open func() (toolchain.CompileStore, error)
	once sync.Once
	s    toolchain.CompileStore
}

func (l *lazyStore) store() toolchain.CompileStore {
	l.once.Do(func() {
		if s, err := l.open(); err == nil {
			l.s = s
		}
	})
	return l.s
}

func (l *lazyStore) Get(key string, v any) bool {
	s := l.store()
	return s != nil && s.Get(key, v)
}

func (l *lazyStore) Put(key string, v any) error {
	if s := l.store(); s != nil {
		return s.Put(key, v)
	}
	return nil
}
