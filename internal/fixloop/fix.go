package fixloop

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/judge"
	"github.com/iflint/iflint/internal/rules"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/verify"
)

// FixOptions configures a fix run: which constraints (Options), how a
// candidate is proven (Root, Runner, Test) and who proposes candidates
// (the deterministic fixers, then Refactor).
type FixOptions struct {
	engine.Options
	// Root is the repository root; tests run on a temporary copy of it
	// with the candidate's files replaced. File paths are relative to it.
	Root string
	// Runner runs Test; it must be set when Test is.
	Runner *sandbox.Runner
	// Test is the repository's test command; empty means candidates are
	// proven by re-checks alone, and their records say no test ran.
	Test []string
	// Prover, when set, builds files for the compiler proof of the
	// safety stage (toolchain.Equivalence); nil: the syntax-tree proof
	// alone.
	Prover verify.Prover
	// Formatters, when set, finds and runs the repository's formatter for
	// the formatter stage of layout fixes (toolchain.Formatters); nil:
	// the stage is not recorded.
	Formatters verify.Formatters
	// NotTested is why no test runs when Test is empty (default: no
	// test command configured), as the records say it.
	NotTested string
	// Refactor, when set, is asked to fix what the deterministic fixers
	// left, for up to Rounds attempts per file, each told why the
	// previous one was rejected.
	Refactor fix.Refactorer
	Rounds   int
	// Composer returns what combines the fixes findings of a type carry
	// (ComposerFor when nil; nil: the type has no deterministic fix).
	Composer func(constraint.Type) check.Composer
	// FileDone, when set, is called as soon as a file's candidates are
	// all decided and it changed: later candidates never touch it again,
	// so a caller can write it at once, and an interrupted run leaves
	// each file either original or fully fixed. An error stops the run.
	FileDone func(FixedFile) error
	// InScope, when set, limits every fix to lines startLine..endLine
	// (of the files as given) it accepts, a pull request's suggestable
	// lines: deterministic fixers are shown only the findings inside and
	// their candidates are confined to it (see confine); the LLM refactor
	// is shown only those findings, and the others may remain.
	InScope func(path string, startLine, endLine int) bool
	// OutsideScope is why a finding outside InScope is left (default:
	// the pull request's wording).
	OutsideScope string
	// Progress, when set, hears how far the run is: after the candidates
	// are proposed and after every test run.
	Progress func(FixProgress)
	// OneAtATime tests every candidate on its own, at once, on top of the
	// ones kept before it: what Fix did before group testing, kept to show
	// that both keep the same set (it costs a run per candidate).
	OneAtATime bool
}

// Target names a constraint a candidate claims to fix.
type Target struct {
	Type constraint.Type `json:"type"`
	Spec string          `json:"constraint"`
}

// Candidate is one proposed fix of one file and everything known about
// it: who proposed it, what it targets, and how verification went.
type Candidate struct {
	Path    string   `json:"path"`
	Targets []Target `json:"targets"`
	// Source is "fixer" (deterministic) or "llm".
	Source string `json:"source"`
	Round  int    `json:"round,omitempty"`
	// Part names the one finding a candidate fixes when a rejected
	// whole-constraint candidate was split up ("" for whole ones).
	Part string `json:"part,omitempty"`
	// Proposed is false when no candidate came out (the fixer skipped
	// every finding, or the model failed to answer); Reason says why.
	Proposed bool `json:"proposed"`
	Accepted bool `json:"accepted"`
	// Stage is the verification stage that rejected the candidate.
	Stage        verify.Stage        `json:"stage,omitempty"`
	Reason       string              `json:"reason,omitempty"`
	Verification verify.Verification `json:"verification"`
	// Skipped are findings a deterministic fixer left, with its reasons.
	Skipped []SkippedFinding `json:"skipped,omitempty"`
	// Diff is the candidate against the file it was verified on.
	Diff string `json:"diff,omitempty"`
	// Lines are the lines of the file as given to Fix that the candidate
	// changes, one range per suggestion GitHub would show for it.
	Lines []LineRange `json:"lines,omitempty"`
}

// SkippedFinding is a finding a fixer declined to fix.
type SkippedFinding struct {
	Line   int    `json:"line"`
	Col    int    `json:"column"`
	Reason string `json:"reason"`
}

// FixedFile is a file whose accepted candidates changed it.
type FixedFile struct {
	Path string
	Old  []byte
	New  []byte
}

// FixResult is a whole fix run.
type FixResult struct {
	Before     *engine.Result `json:"-"`
	Candidates []Candidate    `json:"candidates"`
	// Baseline is the test command on the unmodified tree (nil when it
	// did not run). It runs only when a failing set of candidates cannot
	// be blamed on a candidate otherwise; when it fails, no candidate can
	// be proven by the tests.
	Baseline *sandbox.Record `json:"baseline,omitempty"`
	// TestRuns counts the test runs, by what they were for.
	TestRuns TestRuns    `json:"test_runs"`
	Files    []FixedFile `json:"-"`
	// After is the check of the files with every accepted fix applied.
	After *engine.Result `json:"-"`
}

// Fix proposes and verifies fixes for files. The deterministic fixers'
// candidates are proposed in path and constraint order, each on top of
// the ones before it, and pass the cheap stages (syntax, findings,
// regressions) one by one; the tests then run once for all of them
// together, and only a failing set is halved until its culprits are
// found (see settle). The kept set is the one that testing each
// candidate on top of the earlier kept ones would keep. LLM candidates
// come last, file by file, each tested on top of everything kept.
// Errors are for failures that leave no verdict (a cancelled context, a
// test command that cannot start or that wrote a workflow command
// file); rejected candidates are data.
func Fix(ctx context.Context, files []engine.File, o FixOptions) (res *FixResult, err error) {
	if len(o.Test) > 0 && o.Runner == nil {
		return nil, fmt.Errorf("fix: a test command needs a runner")
	}
	if o.Composer == nil {
		o.Composer = ComposerFor
	}
	if o.Options.Root == "" {
		o.Options.Root = o.Root // rules that read other files read them there
	}
	f := &fixer{o: o, res: &FixResult{}, cur: map[string][]byte{}, orig: map[string][]byte{}, verdicts: map[string]testVerdict{}, seen: map[string]bool{}, single: o.OneAtATime}
	if f.res.Before, err = engine.Check(ctx, files, o.Options); err != nil {
		return f.res, err
	}
	failing := map[string]bool{}
	for _, oc := range f.res.Before.Outcomes {
		if oc.Verdict == check.Fail {
			failing[oc.Path] = true
		}
	}
	for _, file := range files {
		f.orig[file.Path] = file.Src
		f.cur[file.Path] = file.Src
	}
	sorted := append([]engine.File(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	var paths []string
	for _, file := range sorted {
		if failing[file.Path] {
			paths = append(paths, file.Path)
		}
	}
	if len(o.Test) > 0 && len(paths) > 0 {
		// One isolated tree for every test run of this fix run, reset in
		// between: a fresh copy per run would miss every build cache.
		tree, err := o.Runner.Open(ctx, o.Root)
		if err != nil {
			return nil, fmt.Errorf("fix: preparing the isolated tree for the tests: %w", err)
		}
		f.tree = tree
		defer func() {
			if cerr := tree.Close(); cerr != nil && err == nil {
				err = fmt.Errorf("fix: removing the isolated tree: %w", cerr)
			}
		}()
	}
	if err := cmp.Or(f.settle(ctx, paths), f.ruleErr); err != nil {
		f.interrupted(ctx)
		return f.res, err
	}
	for _, p := range paths {
		if o.Refactor != nil && !IsTestFile(p) {
			if err := cmp.Or(f.refactor(ctx, p, engine.Applicable(o.Config, p)), f.ruleErr); err != nil {
				return f.res, err
			}
		}
		if o.FileDone != nil && !bytes.Equal(f.cur[p], f.orig[p]) {
			if err := o.FileDone(FixedFile{Path: p, Old: f.orig[p], New: f.cur[p]}); err != nil {
				return f.res, err
			}
		}
	}
	var changed []engine.File
	for _, file := range sorted {
		if cur := f.cur[file.Path]; !bytes.Equal(cur, file.Src) {
			f.res.Files = append(f.res.Files, FixedFile{Path: file.Path, Old: file.Src, New: cur})
			changed = append(changed, engine.File{Path: file.Path, Src: cur})
		}
	}
	if f.res.After, err = f.after(ctx, changed); err != nil {
		return nil, err
	}
	f.report()
	f.progress("done")
	return f.res, nil
}

// after is the check of the fixed tree: only the changed files are
// checked again; every other file's verdicts are those of Before.
func (f *fixer) after(ctx context.Context, changed []engine.File) (*engine.Result, error) {
	res, err := engine.Check(ctx, changed, f.o.Options)
	if err != nil {
		return nil, err
	}
	isChanged := make(map[string]bool, len(changed))
	for _, c := range changed {
		isChanged[c.Path] = true
	}
	b := f.res.Before
	for _, d := range b.Diagnostics {
		if !isChanged[d.Path] {
			res.Diagnostics = append(res.Diagnostics, d)
		}
	}
	for _, o := range b.Outcomes {
		if !isChanged[o.Path] {
			res.Outcomes = append(res.Outcomes, o)
		}
	}
	for _, sk := range b.Skipped {
		if !isChanged[sk.Path] {
			res.Skipped = append(res.Skipped, sk)
		}
	}
	engine.SortResult(res)
	return res, nil
}

// fixer is the state of one Fix run.
type fixer struct {
	// ruleErr is the first internal failure of a rule (run); the fix run
	// stops with it.
	ruleErr error
	o       FixOptions
	res     *FixResult
	cur     map[string][]byte // every file with the accepted candidates applied
	orig    map[string][]byte
	tree    *sandbox.Tree // nil without a test command
	// The group test's state (see settle): verdicts of the candidates
	// tested so far, by key; the candidates of the current pass waiting
	// for the tests; whether the kept set so far is known to pass.
	verdicts  map[string]testVerdict
	seen      map[string]bool
	pending   []pendingItem
	waiting   *pendingItem
	knownPass bool
	lastPass  *sandbox.Record
	// baselineRan, baselineOK: the tests on the unmodified tree.
	baselineRan, baselineOK bool
	// single: LLM candidates are tested one at a time, at once.
	single bool
	// words indexes the repository's files for the safety stage (nil
	// until a candidate without a test command needs it).
	words *verify.RepoWords
}

// elsewhere is what the safety stage knows of the repository's other
// files: their words on disk, or, for the files this run changed, as
// changed. nil when there is no root to read.
func (f *fixer) elsewhere() verify.Elsewhere {
	if f.o.Root == "" {
		return nil
	}
	if f.words == nil {
		f.words = &verify.RepoWords{Root: f.o.Root, Changed: func() map[string][]byte { return f.changes("", nil) }}
	}
	return f.words
}

func (f *fixer) unit(ctx context.Context, path string, src []byte) *check.Unit {
	u := check.NewUnit(ctx, path, src, f.o.Config.Profile)
	u.Toolchains = f.o.Toolchains
	return u
}

// decider decides constraints on u: rules directly, LLM-judged types
// through the judge when one is configured (unverified otherwise).
func (f *fixer) decider(ctx context.Context, u *check.Unit) verify.Decide {
	return func(c constraint.Constraint) check.Result {
		if f.o.Judge != nil && c.Type.Method() == constraint.ByJudge {
			d, _ := f.o.Judge.Decide(ctx, judge.Task{Constraint: c, Code: string(u.Src)})
			return d.Result()
		}
		return f.check(u, c)
	}
}

// check checks c on u, recording a rule's internal failure in f.ruleErr:
// callers deep in the verification stages keep their shape, and the run
// stops with the failure at its next step.
func (f *fixer) check(u *check.Unit, c constraint.Constraint) check.Result {
	r, err := rules.Run(u, c)
	if err != nil && f.ruleErr == nil {
		f.ruleErr = err
	}
	return r
}

func (f *fixer) file(ctx context.Context, path string) error {
	entries := engine.Applicable(f.o.Config, path)
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		fx := f.o.Composer(e.Constraint.Type)
		if fx == nil {
			continue
		}
		if err := f.deterministic(ctx, path, e, fx, entries); err != nil {
			return err
		}
	}
	if f.o.Refactor != nil && !IsTestFile(path) {
		return f.refactor(ctx, path, entries)
	}
	return nil
}

// verify runs the stages on candidate src of cand.Path (whose current
// content is old.Src), records the candidate and, when accepted, makes
// src the file's current content. A candidate whose tests are pending
// (see settle) is accepted for now.
func (f *fixer) verify(ctx context.Context, cand *Candidate, old *check.Unit, src []byte, targets []verify.Target, held []constraint.Constraint) error {
	if len(f.o.Test) > 0 {
		f.progressWith("testing", 1)
	} else {
		f.progressWith("verifying", 1)
	}
	cand.Diff = fix.Unified(cand.Path, old.Src, src, 3)
	cand.Lines, _ = f.changedLines(cand.Path, old.Src, src)
	nu := f.unit(ctx, cand.Path, src)
	v := &cand.Verification
	id, _ := f.o.Config.LanguageOf(cand.Path, old.Src) // a header by its content
	st, err := verify.Syntax(old, nu, id)
	if err != nil {
		return err
	}
	decide := f.decider(ctx, nu)
	ok := v.Add(st) &&
		v.Add(verify.Findings(nu, decide, targets)) &&
		v.Add(verify.Regressions(nu, decide, held))
	if ok && f.o.Formatters != nil && verify.LayoutFix(targets) {
		if r := verify.Formatter(ctx, old, nu, id, f.o.Formatters); r.Stage != "" {
			ok = v.Add(r)
		}
	}
	if ok && len(f.o.Test) == 0 {
		// No test will run the program: the change must be one that
		// cannot alter what it does.
		ok = v.Add(verify.SafetyProven(ctx, old, nu, id, f.elsewhere(), f.o.Prover))
	}
	f.waiting = nil
	if ok {
		tr, err := f.tests(ctx, cand, old.Src, src)
		if err != nil {
			return err
		}
		ok = v.Add(tr)
	}
	// Progress from the first candidate on: decided, or waiting for the
	// group's test run.
	if len(f.o.Test) > 0 {
		defer f.progress("testing")
	} else {
		defer f.progress("verifying")
	}
	if stage, detail, failed := v.Failed(); failed {
		cand.Stage, cand.Reason = stage, detail
		f.res.Candidates = append(f.res.Candidates, *cand)
		return nil
	}
	cand.Accepted = true
	f.cur[cand.Path] = src
	f.res.Candidates = append(f.res.Candidates, *cand)
	if w := f.waiting; w != nil {
		w.cand, w.state = len(f.res.Candidates)-1, f.changes("", nil)
		f.pending = append(f.pending, *w)
		f.waiting = nil
	}
	return nil
}

// changes is every file that differs from the original, with path
// replaced by src when path is set.
func (f *fixer) changes(path string, src []byte) map[string][]byte {
	out := map[string][]byte{}
	for p, b := range f.cur {
		if !bytes.Equal(b, f.orig[p]) {
			out[p] = b
		}
	}
	if path != "" {
		out[path] = src
	}
	return out
}

// ComposerFor is the composer of t's rule: it combines the fixes the
// rule's findings carry (nil: the type has no deterministic fix and is
// left to the LLM refactor).
func ComposerFor(t constraint.Type) check.Composer {
	if r, ok := rules.For(t); ok {
		return r.Compose
	}
	return nil
}
