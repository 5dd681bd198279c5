package fixloop

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/verify"
)

// deterministic proposes the fixer's candidate for one violated
// constraint of path and verifies it; see split for what happens when a
// candidate of several findings is rejected. With a scope, the fixer
// sees only the findings inside it and its edits are confined to it.
func (f *fixer) deterministic(ctx context.Context, path string, e config.Entry, fx check.Composer, entries []config.Entry) error {
	c := e.Constraint
	old := f.cur[path]
	u := f.unit(ctx, path, old)
	r := f.check(u, c)
	if r.Verdict != check.Fail {
		return nil // fine from the start, or fixed by an earlier candidate
	}
	cand := Candidate{Path: path, Targets: []Target{{c.Type, c.Spec}}, Source: "fixer"}
	in, outside := f.scopeFindings(path, u, r)
	f.addSkipped(&cand, u, outside)
	if len(r.Findings) > 0 && len(in.Findings) == 0 {
		cand.Reason = "every finding is outside the lines a suggestion can cover"
		f.res.Candidates = append(f.res.Candidates, cand)
		return nil
	}
	edits, skipped, err := fx(u, c, in.Findings)
	if err == nil {
		var left []check.Skipped
		edits, left, err = f.confine(path, u, c, fx, in, edits)
		skipped = append(skipped, left...)
	}
	f.addSkipped(&cand, u, skipped)
	if err != nil {
		cand.Reason = "fixer failed: " + err.Error()
		f.res.Candidates = append(f.res.Candidates, cand)
		return nil
	}
	if len(edits) == 0 {
		cand.Reason = "the fixer proposes no change"
		if len(skipped)+len(outside) > 0 {
			cand.Reason += "; every finding was skipped"
		}
		f.res.Candidates = append(f.res.Candidates, cand)
		return nil
	}
	src, err := edits.Apply(old)
	if err != nil {
		cand.Reason = "fixer produced invalid edits: " + err.Error()
		f.res.Candidates = append(f.res.Candidates, cand)
		return nil
	}
	cand.Proposed = true
	targets := []verify.Target{{Constraint: c, Left: len(skipped), Before: len(in.Findings), LeftLines: leftLines(src, edits, skipped), Keep: f.keep(path)}}
	held := f.held(ctx, u, entries)
	if err := f.verify(ctx, &cand, u, src, targets, held); err != nil {
		return err
	}
	last := f.res.Candidates[len(f.res.Candidates)-1]
	if last.Accepted || len(in.Findings)-len(skipped) < 2 || last.Stage == "" {
		return nil
	}
	return f.split(ctx, path, e, fx, in, held, src)
}

// addSkipped records the findings a fixer (or the scope) left.
func (f *fixer) addSkipped(cand *Candidate, u *check.Unit, skipped []check.Skipped) {
	for _, s := range skipped {
		line, col := u.Position(s.Start)
		cand.Skipped = append(cand.Skipped, SkippedFinding{line, col, s.Reason})
	}
}

// split retries a rejected multi-finding candidate one finding at a time:
// when one edit breaks a stage, the others may still be sound, and each
// is then proven on its own, so that a failing one never takes a passing
// one down. Each finding is followed to where it now stands through the
// edits of the pieces accepted before it (many findings share one message,
// "opening brace should be on its own line", so a message alone names
// none of them), and its piece is labelled with it.
func (f *fixer) split(ctx context.Context, path string, e config.Entry, fx check.Composer, whole check.Result, held []constraint.Constraint, wholeSrc []byte) error {
	c := e.Constraint
	// A fixer that works on the whole file (re-indenting, say) proposes
	// the same candidate for one finding as for all; trying it again
	// would only repeat the rejected run.
	tried := map[string]Candidate{string(wholeSrc): f.res.Candidates[len(f.res.Candidates)-1]}
	at := make([]int, len(whole.Findings)) // each finding's offset in the current file
	for i, fd := range whole.Findings {
		at[i] = fd.Start
	}
	for k, want := range whole.Findings {
		if err := ctx.Err(); err != nil {
			return err
		}
		u := f.unit(ctx, path, f.cur[path])
		r := f.check(u, c)
		i := slices.IndexFunc(r.Findings, func(fd check.Finding) bool { return fd.Start == at[k] && fd.Message == want.Message })
		if r.Verdict != check.Fail || i < 0 {
			continue // fixed by an earlier piece
		}
		one := r
		one.Findings = []check.Finding{r.Findings[i]}
		edits, skipped, err := fx(u, c, one.Findings)
		if err == nil && len(skipped) == 0 {
			edits, skipped, err = f.confine(path, u, c, fx, one, edits)
		}
		if err != nil || len(edits) == 0 || len(skipped) > 0 {
			continue // the whole candidate already reported why
		}
		src, err := edits.Apply(u.Src)
		if err != nil {
			continue
		}
		line, col := u.Position(r.Findings[i].Start)
		cand := Candidate{Path: path, Targets: []Target{{c.Type, c.Spec}}, Source: "fixer", Proposed: true,
			Part: fmt.Sprintf("%d:%d %s", line, col, engine.FirstLine(want.Message))}
		if prev, ok := tried[string(src)]; ok {
			// The same file content was already verified in the same
			// context; its verdict stands without another run.
			cand.Diff, cand.Verification, cand.Stage, cand.Lines = prev.Diff, prev.Verification, prev.Stage, prev.Lines
			cand.Reason = "same result as an earlier candidate: " + prev.Reason
			if prev.Accepted {
				continue
			}
			f.res.Candidates = append(f.res.Candidates, cand)
			continue
		}
		scoped, _ := f.scopeFindings(path, u, r)
		targets := []verify.Target{{Constraint: c, Left: len(scoped.Findings) - 1, Before: len(scoped.Findings), Keep: f.keep(path)}}
		if err := f.verify(ctx, &cand, u, src, targets, held); err != nil {
			return err
		}
		last := f.res.Candidates[len(f.res.Candidates)-1]
		tried[string(src)] = last
		if last.Accepted {
			for j := k + 1; j < len(at); j++ {
				at[j] = shiftOffset(at[j], edits)
			}
		}
	}
	return nil
}

// shiftOffset maps an offset of a file through edits applied to it (an
// offset inside a replaced span moves to the span's start).
func shiftOffset(off int, edits check.Edits) int {
	out := off
	for _, e := range edits {
		switch {
		case e.End <= off:
			out += len(e.New) - (e.End - e.Start)
		case e.Start < off && off < e.End:
			out += e.Start - off
		}
	}
	return out
}

// held lists the constraints that pass on u: the ones a candidate must
// not break.
func (f *fixer) held(ctx context.Context, u *check.Unit, entries []config.Entry) []constraint.Constraint {
	decide := f.decider(ctx, u)
	var out []constraint.Constraint
	for _, e := range entries {
		if decide(e.Constraint).Verdict == check.Pass {
			out = append(out, e.Constraint)
		}
	}
	return out
}

// leftLines maps the skipped findings' offsets through edits to the
// lines of the candidate src where they now stand.
func leftLines(src []byte, edits check.Edits, skipped []check.Skipped) []int {
	var out []int
	for _, s := range skipped {
		off := s.Start
		for _, e := range edits {
			switch {
			case e.End <= s.Start:
				off += len(e.New) - (e.End - e.Start)
			case e.Start < s.Start && s.Start < e.End:
				off += e.Start - s.Start // inside a replaced span: its start
			}
		}
		off = min(max(off, 0), len(src))
		out = append(out, 1+bytes.Count(src[:off], []byte{'\n'}))
	}
	return out
}
