package fixloop

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/verify"
)

// TestRuns counts a fix run's test runs by purpose. Candidate sets are
// tested together: Set is the first run of every deterministic
// candidate and, after each culprit is isolated, the run of the rest;
// Bisect the runs that halve a failing set. For k candidates of which r
// fail the tests, Set + Bisect ≤ 1 + r·⌈log2 k⌉ + r, and is 1 when all
// pass. Baseline (the unmodified tree) runs at most once, and only when
// a failure could otherwise not be pinned on a candidate; Single counts
// LLM candidates, each tested on its own.
type TestRuns struct {
	Total    int `json:"total"`
	Set      int `json:"set"`
	Bisect   int `json:"bisect"`
	Baseline int `json:"baseline"`
	Single   int `json:"single"`
	// Candidates (k) are the deterministic candidates that reached the
	// tests; Culprits (r) those the tests rejected.
	Candidates int `json:"candidates"`
	Culprits   int `json:"culprits"`
	// Duration is the time spent in test runs (milliseconds in JSON).
	Duration time.Duration `json:"-"`
	// DurationMS is Duration in milliseconds, for JSON.
	DurationMS int64 `json:"duration_ms"`
}

// Bound is 1 + r·⌈log2 k⌉ + r, the most Set + Bisect runs may be.
func (t TestRuns) Bound() int {
	if t.Candidates == 0 {
		return 0
	}
	return 1 + t.Culprits*ceilLog2(t.Candidates) + t.Culprits
}

func ceilLog2(k int) int {
	n := 0
	for 1<<n < k {
		n++
	}
	return n
}

// FixProgress is how far a fix run is.
type FixProgress struct {
	// Decided of Total candidates have their verdict; Total grows when a
	// rejected candidate is split into one per finding.
	Decided, Total int
	TestRuns       int
	// Phase says what the run does now ("testing", "done").
	Phase string
	// Kept and Refused count the decided candidates (a candidate waiting
	// for the tests is neither): what an interrupted run that could not
	// stop in time still reports.
	Kept, Refused int
}

// testVerdict is a candidate's known test outcome.
type testVerdict struct {
	passed bool
	rec    sandbox.Record
	detail string
}

// pendingItem is a candidate accepted before its tests ran: cand indexes
// FixResult.Candidates, and state is every change up to and including
// it, which is what a run proving it and the ones before it tests.
type pendingItem struct {
	key   string
	cand  int
	state map[string][]byte
}

// settle decides the deterministic candidates with few test runs. A
// pass proposes every candidate in order, each on top of the ones before
// it, assuming that the tests of those not yet tested pass; then one run
// tests them all. When that run fails, the failing set is halved along
// that order (the first half on top of what is known to pass, and so
// on) until the first culprit is found: the candidates before it are
// proven by the last passing run, the culprit is rejected, and the next
// pass proposes again from there (its later candidates in the same file
// were built on it; a rejected rename is split into one per finding, as
// one-at-a-time testing would), and the rest is tested as one set.
// Because every run tests a prefix of that order on top of what is
// kept, the kept set is the one testing each candidate alone on top of
// the kept ones before it would keep, in far fewer runs.
func (f *fixer) settle(ctx context.Context, paths []string) error {
	// Every pass but the last rejects a candidate never rejected before,
	// and deterministic fixers have finitely many; the cap only guards
	// against a fixer whose output never repeats.
	for range maxPasses {
		if err := f.propose(ctx, paths); err != nil {
			return err
		}
		pending := f.pending
		f.progress("testing")
		if len(pending) == 0 {
			return nil
		}
		rec, err := f.run(ctx, &f.res.TestRuns.Set, f.changes("", nil))
		if err != nil {
			return err
		}
		if rec.Passed {
			f.pass(pending, rec)
			return nil
		}
		// Prefix sizes: lo is known to pass (0: what is kept so far), hi
		// to fail.
		lo, hi := 0, len(pending)
		failRec := rec
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			rec, err := f.run(ctx, &f.res.TestRuns.Bisect, pending[mid-1].state)
			if err != nil {
				return err
			}
			if rec.Passed {
				lo = mid
				f.pass(pending[:lo], rec)
			} else {
				hi, failRec = mid, rec
			}
		}
		if lo == 0 && !f.knownPass {
			// Nothing has passed yet: the culprit may be the tree itself.
			ok, err := f.baseline(ctx)
			if err != nil {
				return err
			}
			if !ok {
				continue // every candidate's tests now fail with the baseline's reason
			}
		}
		f.verdicts[pending[hi-1].key] = testVerdict{rec: failRec,
			detail: fmt.Sprintf("%s in %s: the tests fail with this fix and pass without it", failRec.Outcome(), failRec.Duration.Round(time.Millisecond))}
		f.res.TestRuns.Culprits++
	}
	return fmt.Errorf("fix: the candidates did not settle after %d passes of group testing", maxPasses)
}

// maxPasses bounds settle's passes.
const maxPasses = 10000

// pass records that items passed the tests together in rec.
func (f *fixer) pass(items []pendingItem, rec sandbox.Record) {
	for _, it := range items {
		f.verdicts[it.key] = testVerdict{passed: true, rec: rec}
		r := rec
		f.res.Candidates[it.cand].Verification.Tests = &r
	}
	f.knownPass, f.lastPass = true, &rec
}

// propose runs one pass over the deterministic fixers (see settle),
// rebuilding the candidates from the original files.
func (f *fixer) propose(ctx context.Context, paths []string) error {
	f.res.Candidates, f.pending = nil, nil
	for p, b := range f.orig {
		f.cur[p] = b
	}
	for _, p := range paths {
		entries := engine.Applicable(f.o.Config, p)
		for _, e := range entries {
			if err := ctx.Err(); err != nil {
				return err
			}
			if fx := f.o.Composer(e.Constraint.Type); fx != nil {
				if err := f.deterministic(ctx, p, e, fx, entries); err != nil {
					return err
				}
			}
		}
	}
	for _, it := range f.pending {
		if !f.seen[it.key] {
			f.seen[it.key] = true
			f.res.TestRuns.Candidates++
		}
	}
	return nil
}

// tests is the tests stage of cand (src replacing old): known verdicts
// stand, unknown ones are pending until settle runs them (or, for LLM
// candidates, run at once).
func (f *fixer) tests(ctx context.Context, cand *Candidate, old, src []byte) (verify.StageResult, error) {
	res := verify.StageResult{Stage: verify.StageTests}
	if len(f.o.Test) == 0 {
		res := verify.NotTested()
		if f.o.NotTested != "" {
			res.Detail = f.o.NotTested
		}
		return res, nil
	}
	if f.baselineRan && !f.baselineOK {
		res.Detail = fmt.Sprintf("the test command fails on the unmodified tree (%s), so no fix can be proven by it", f.res.Baseline.Outcome())
		return res, nil
	}
	if f.single {
		return f.testNow(ctx, cand, src)
	}
	key := candidateKey(cand, old, src)
	if v, ok := f.verdicts[key]; ok {
		rec := v.rec
		cand.Verification.Tests = &rec
		res.Passed, res.Detail = v.passed, v.detail
		if v.passed {
			res.Detail = fmt.Sprintf("passed in %s", rec.Duration.Round(time.Millisecond))
		}
		return res, nil
	}
	f.waiting = &pendingItem{key: key}
	res.Passed, res.Detail = true, "pending"
	return res, nil
}

// testNow runs the tests for cand on top of everything kept.
func (f *fixer) testNow(ctx context.Context, cand *Candidate, src []byte) (verify.StageResult, error) {
	res := verify.StageResult{Stage: verify.StageTests}
	rec, err := f.run(ctx, &f.res.TestRuns.Single, f.changes(cand.Path, src))
	if err != nil {
		return res, err
	}
	if !rec.Passed && !f.knownPass {
		ok, err := f.baseline(ctx)
		if err != nil {
			return res, err
		}
		if !ok {
			res.Detail = fmt.Sprintf("the test command fails on the unmodified tree (%s), so no fix can be proven by it", f.res.Baseline.Outcome())
			return res, nil
		}
	}
	if rec.Passed {
		f.knownPass = true
	}
	cand.Verification.Tests = &rec
	res.Passed = rec.Passed
	res.Detail = fmt.Sprintf("%s in %s", rec.Outcome(), rec.Duration.Round(time.Millisecond))
	return res, nil
}

// baseline runs the tests on the unmodified tree, once.
func (f *fixer) baseline(ctx context.Context) (bool, error) {
	if f.baselineRan {
		return f.baselineOK, nil
	}
	rec, err := f.run(ctx, &f.res.TestRuns.Baseline, map[string][]byte{})
	if err != nil {
		return false, fmt.Errorf("fix: running the tests on the unmodified tree: %w", err)
	}
	f.baselineRan, f.baselineOK, f.res.Baseline = true, rec.Passed, &rec
	if rec.Passed {
		f.knownPass = true
	}
	return rec.Passed, nil
}

// run runs the test command on the original tree with changes, counting
// it under counter.
func (f *fixer) run(ctx context.Context, counter *int, changes map[string][]byte) (sandbox.Record, error) {
	rec, err := f.tree.Run(ctx, changes, f.o.Test)
	*counter++
	f.res.TestRuns.Total++
	f.res.TestRuns.Duration += rec.Duration
	f.res.TestRuns.DurationMS = f.res.TestRuns.Duration.Milliseconds()
	if err != nil {
		return rec, fmt.Errorf("fix: running the tests: %w", err)
	}
	f.progress("testing")
	return rec, nil
}

// report gives every deterministic candidate kept by the tests the
// record of the run that proved the kept set as a whole: the last
// passing one, whose tree was exactly the kept set.
func (f *fixer) report() {
	if f.lastPass == nil {
		return
	}
	n := 0
	for _, c := range f.res.Candidates {
		if c.Accepted && c.Source == "fixer" && c.Verification.Tests != nil {
			n++
		}
	}
	for i := range f.res.Candidates {
		c := &f.res.Candidates[i]
		if !c.Accepted || c.Source != "fixer" || c.Verification.Tests == nil {
			continue
		}
		rec := *f.lastPass
		c.Verification.Tests, c.Verification.TestedWith = &rec, n-1
		for j := range c.Verification.Stages {
			if st := &c.Verification.Stages[j]; st.Stage == verify.StageTests {
				st.Detail = fmt.Sprintf("passed in %s", rec.Duration.Round(time.Millisecond))
				if n > 1 {
					st.Detail += fmt.Sprintf(", in one run with %d other fix(es)", n-1)
				}
			}
		}
	}
}

// progress tells FixOptions.Progress where the run is.
func (f *fixer) progress(phase string) { f.progressWith(phase, 0) }

// progressWith reports progress counting inFlight candidates being
// verified now among those proposed: the first line of a run comes when
// its first candidate is proposed, not when a long compile or test has
// decided it (issue 18 item 5).
func (f *fixer) progressWith(phase string, inFlight int) {
	if f.o.Progress == nil {
		return
	}
	p := FixProgress{Phase: phase, TestRuns: f.res.TestRuns.Total, Total: len(f.res.Candidates) + inFlight, Decided: len(f.res.Candidates)}
	if p.Total == 0 {
		return
	}
	waiting := map[int]bool{}
	for _, it := range f.pending {
		if _, ok := f.verdicts[it.key]; !ok {
			p.Decided--
			waiting[it.cand] = true
		}
	}
	for i, c := range f.res.Candidates {
		switch {
		case waiting[i]:
		case c.Accepted:
			p.Kept++
		default:
			p.Refused++
		}
	}
	f.o.Progress(p)
}

// candidateKey identifies a candidate across passes: what it targets,
// which part, and the file before and after it.
func candidateKey(c *Candidate, old, src []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%d\x00", c.Path, c.Source, c.Part, c.Round)
	for _, t := range c.Targets {
		fmt.Fprintf(h, "%s\x00%s\x00", t.Type, t.Spec)
	}
	ho, hs := sha256.Sum256(old), sha256.Sum256(src)
	h.Write(ho[:])
	h.Write(hs[:])
	return hex.EncodeToString(h.Sum(nil))
}
