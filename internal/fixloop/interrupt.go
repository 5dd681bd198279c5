package fixloop

import (
	"context"

	"github.com/iflint/iflint/internal/verify"
)

// ReasonInterrupted is the reason of a candidate whose tests had not
// decided it when the run was interrupted: it had passed the cheap
// stages and was waiting for the group's test run (see settle), so it
// is neither kept nor refused, and nothing of it is written.
const ReasonInterrupted = "the run was interrupted before the tests decided it"

// interrupted marks, when ctx is done, the candidates still waiting for
// the tests as not kept, so that the partial result Fix returns with
// the context's error says truly what was kept (issue 18 item 5: an
// interrupted fix prints what it kept, what it left and why).
func (f *fixer) interrupted(ctx context.Context) {
	if ctx.Err() == nil {
		return
	}
	for _, w := range f.pending {
		if w.cand < 0 || w.cand >= len(f.res.Candidates) {
			continue
		}
		c := &f.res.Candidates[w.cand]
		if c.Accepted {
			c.Accepted, c.Stage, c.Reason = false, verify.StageTests, ReasonInterrupted
		}
	}
	f.pending = nil
}
