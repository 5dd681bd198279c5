package engine

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/judge"
	"github.com/iflint/iflint/internal/verify"
)

// FixOptions configures a fix run: which constraints (Options), how a
// candidate is proven (Root, Runner, Test) and who proposes candidates
// (the deterministic fixers, then Refactor).
type FixOptions struct {
	Options
	// Root is the repository root; tests run on a temporary copy of it
	// with the candidate's files replaced. File paths are relative to it.
	Root string
	// Runner runs Test; it must be set when Test is.
	Runner *verify.Runner
	// Test is the repository's test command; empty means candidates are
	// proven by re-checks alone, and their records say no test ran.
	Test []string
	// Refactor, when set, is asked to fix what the deterministic fixers
	// left, for up to Rounds attempts per file, each told why the
	// previous one was rejected.
	Refactor fix.Refactorer
	Rounds   int
	// Fixer returns the deterministic fixer of a type (fix.For when nil).
	Fixer func(constraint.Type) fix.Fixer
	// FileDone, when set, is called as soon as a file's candidates are
	// all decided and it changed: later candidates never touch it again,
	// so a caller can write it at once, and an interrupted run leaves
	// each file either original or fully fixed. An error stops the run.
	FileDone func(FixedFile) error
	// InScope, when set, limits the LLM refactor to findings on lines
	// startLine..endLine it accepts (a pull request's diff): only those
	// are shown to the model and must be gone; the others may remain.
	InScope func(path string, startLine, endLine int) bool
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
	Before     *Result     `json:"-"`
	Candidates []Candidate `json:"candidates"`
	// Baseline is the test command on the unmodified tree, run once
	// before the first candidate's tests (nil when none reached them):
	// when it fails, no candidate can be proven by the tests.
	Baseline *verify.Record `json:"baseline,omitempty"`
	Files    []FixedFile    `json:"-"`
	// After is the check of the files with every accepted fix applied.
	After *Result `json:"-"`
}

// Fix proposes and verifies fixes for files. Candidates are verified one
// at a time in path and constraint order, each on top of the ones
// already accepted, so the accepted set has been tested together.
// Errors are for failures that leave no verdict (a cancelled context, a
// test command that cannot start); rejected candidates are data.
func Fix(ctx context.Context, files []File, o FixOptions) (*FixResult, error) {
	if len(o.Test) > 0 && o.Runner == nil {
		return nil, fmt.Errorf("fix: a test command needs a runner")
	}
	if o.Fixer == nil {
		o.Fixer = fix.For
	}
	f := &fixer{o: o, res: &FixResult{}, cur: map[string][]byte{}, orig: map[string][]byte{}}
	f.res.Before = Check(ctx, files, o.Options)
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
	sorted := append([]File(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	for _, file := range sorted {
		if !failing[file.Path] {
			continue
		}
		if err := f.file(ctx, file.Path); err != nil {
			return f.res, err
		}
		if o.FileDone != nil && !bytes.Equal(f.cur[file.Path], file.Src) {
			if err := o.FileDone(FixedFile{Path: file.Path, Old: file.Src, New: f.cur[file.Path]}); err != nil {
				return f.res, err
			}
		}
	}
	var changed []File
	for _, file := range sorted {
		if cur := f.cur[file.Path]; !bytes.Equal(cur, file.Src) {
			f.res.Files = append(f.res.Files, FixedFile{Path: file.Path, Old: file.Src, New: cur})
			changed = append(changed, File{Path: file.Path, Src: cur})
		}
	}
	f.res.After = f.after(ctx, changed)
	return f.res, nil
}

// after is the check of the fixed tree: only the changed files are
// checked again; every other file's verdicts are those of Before.
func (f *fixer) after(ctx context.Context, changed []File) *Result {
	res := Check(ctx, changed, f.o.Options)
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
	sortResult(res)
	return res
}

// fixer is the state of one Fix run.
type fixer struct {
	o    FixOptions
	res  *FixResult
	cur  map[string][]byte // every file with the accepted candidates applied
	orig map[string][]byte
	// baselineOK caches whether the tests pass on the unmodified tree.
	baselineRan, baselineOK bool
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
		return check.Run(u, c)
	}
}

func (f *fixer) file(ctx context.Context, path string) error {
	entries := Applicable(f.o.Config, path)
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		fx := f.o.Fixer(e.Constraint.Type)
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
// src the file's current content.
func (f *fixer) verify(ctx context.Context, cand *Candidate, old *check.Unit, src []byte, targets []verify.Target, held []constraint.Constraint) error {
	defer func() { f.res.Candidates = append(f.res.Candidates, *cand) }()
	cand.Diff = fix.Unified(cand.Path, old.Src, src, 3)
	nu := f.unit(ctx, cand.Path, src)
	v := &cand.Verification
	st, err := verify.Syntax(old, nu, fileLang(cand.Path))
	if err != nil {
		return err
	}
	decide := f.decider(ctx, nu)
	ok := v.Add(st) &&
		v.Add(verify.Findings(nu, decide, targets)) &&
		v.Add(verify.Regressions(nu, decide, held))
	if ok {
		tr, err := f.tests(ctx, cand.Path, src, v)
		if err != nil {
			return err
		}
		ok = v.Add(tr)
	}
	if stage, detail, failed := v.Failed(); failed {
		cand.Stage, cand.Reason = stage, detail
		return nil
	}
	cand.Accepted = true
	f.cur[cand.Path] = src
	return nil
}

// tests runs the test command with every accepted change plus path=src.
func (f *fixer) tests(ctx context.Context, path string, src []byte, v *verify.Verification) (verify.StageResult, error) {
	res := verify.StageResult{Stage: verify.StageTests}
	if len(f.o.Test) == 0 {
		res.Passed, res.Detail = true, "no test command configured; proven by re-checks only"
		return res, nil
	}
	if !f.baselineRan {
		rec, err := f.o.Runner.Run(ctx, f.o.Root, f.changes("", nil), f.o.Test)
		if err != nil {
			return res, fmt.Errorf("fix: running the tests on the unmodified tree: %w", err)
		}
		f.baselineRan, f.baselineOK, f.res.Baseline = true, rec.Passed, &rec
	}
	if !f.baselineOK {
		res.Detail = fmt.Sprintf("the test command fails on the unmodified tree (%s), so no fix can be proven by it", outcome(*f.res.Baseline))
		return res, nil
	}
	rec, err := f.o.Runner.Run(ctx, f.o.Root, f.changes(path, src), f.o.Test)
	if err != nil {
		return res, fmt.Errorf("fix: running the tests for %s: %w", path, err)
	}
	v.Tests = &rec
	res.Passed = rec.Passed
	res.Detail = fmt.Sprintf("%s in %s", outcome(rec), rec.Duration.Round(time.Millisecond))
	return res, nil
}

func outcome(r verify.Record) string {
	switch {
	case r.TimedOut:
		return "timed out"
	case r.Passed:
		return "passed"
	}
	return fmt.Sprintf("exit %d", r.ExitCode)
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
