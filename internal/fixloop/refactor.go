package fixloop

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/verify"
)

// refactor asks the model to fix what is still violated in path, for up
// to Rounds attempts; each later attempt is told what is still wrong and
// why the previous candidate was rejected. The first candidate that
// passes every stage is kept.
func (f *fixer) refactor(ctx context.Context, path string, entries []config.Entry) error {
	f.single = true // each candidate is tested at once: the next round needs its verdict
	rounds := max(f.o.Rounds, 1)
	rejected := ""
	for round := range rounds {
		old := f.unit(ctx, path, f.cur[path])
		decide := f.decider(ctx, old)
		var violated []llm.Violation
		var targets []verify.Target
		var held []constraint.Constraint
		var satisfied []string
		var tgs []Target
		keep := f.keep(path)
		for _, e := range entries {
			c := e.Constraint
			r := decide(c)
			switch r.Verdict {
			case check.Pass:
				held = append(held, c)
				satisfied = append(satisfied, c.Spec)
			case check.Fail:
				if keep != nil && len(r.Findings) > 0 {
					r.Findings = slices.DeleteFunc(r.Findings, func(fd check.Finding) bool { return !keep(old, fd) })
					if len(r.Findings) == 0 {
						continue // violated only outside the scope
					}
				}
				violated = append(violated, violation(old, c, r))
				targets = append(targets, verify.Target{Constraint: c, Keep: keep})
				tgs = append(tgs, Target{c.Type, c.Spec})
			}
		}
		if len(violated) == 0 {
			return nil
		}
		name := ""
		if in, ok := lang.ByPath(path); ok {
			name = in.Name
		}
		cand := Candidate{Path: path, Targets: tgs, Source: "llm", Round: round}
		f.progress("llm")
		code, err := f.o.Refactor.Refactor(ctx, llm.RefactorInput{
			Path: path, Language: name, Source: string(old.Src),
			Violated: violated, Satisfied: satisfied, Round: round, Rejected: rejected,
		})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			cand.Reason = "no candidate from the model: " + err.Error()
			f.res.Candidates = append(f.res.Candidates, cand)
			if errors.Is(err, llm.ErrBudget) {
				return nil
			}
			rejected = cand.Reason
			continue
		}
		src := []byte(code)
		if len(src) > 0 && src[len(src)-1] != '\n' && len(old.Src) > 0 && old.Src[len(old.Src)-1] == '\n' {
			src = append(src, '\n')
		}
		if string(src) == string(old.Src) {
			cand.Reason = "the model returned the file unchanged"
			f.res.Candidates = append(f.res.Candidates, cand)
			rejected = cand.Reason
			continue
		}
		if lines, err := f.changedLines(path, old.Src, src); err == nil {
			if r, out := f.outside(path, lines); out {
				cand.Lines = lines
				cand.Reason = fmt.Sprintf("the rewrite changes %s, outside the lines a suggestion can cover", r)
				f.res.Candidates = append(f.res.Candidates, cand)
				rejected = cand.Reason + ": change only the reported lines"
				continue
			}
		}
		cand.Proposed = true
		if err := f.verify(ctx, &cand, old, src, targets, held); err != nil {
			return err
		}
		last := f.res.Candidates[len(f.res.Candidates)-1]
		if last.Accepted {
			return nil
		}
		rejected = feedback(last)
	}
	return nil
}

// violation describes a failing constraint for the prompt, findings
// located by line so the model can find them.
func violation(u *check.Unit, c constraint.Constraint, r check.Result) llm.Violation {
	v := llm.Violation{Constraint: c.Spec, Doc: c.Type.Doc()}
	for _, fd := range r.Findings {
		line, _ := u.Position(fd.Start)
		msg := fd.Message
		if msg == "" {
			msg = r.Reason
		}
		v.Findings = append(v.Findings, fmt.Sprintf("line %d: %s", line, engine.FirstLine(msg)))
	}
	if len(v.Findings) == 0 && r.Reason != "" {
		v.Findings = []string{engine.FirstLine(r.Reason)}
	}
	return v
}

// feedback tells the next round why a candidate was rejected, with the
// end of the test output when tests failed: the evidence, not a verdict.
func feedback(c Candidate) string {
	s := fmt.Sprintf("%s stage: %s", c.Stage, c.Reason)
	if t := c.Verification.Tests; t != nil && !t.Passed && t.OutputTail != "" {
		tail := t.OutputTail
		if len(tail) > 2000 {
			tail = tail[len(tail)-2000:]
		}
		s += "\ntest output (end):\n" + strings.TrimRight(tail, "\n")
	}
	return s
}
