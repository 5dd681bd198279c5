package fixloop

import "github.com/iflint/iflint/internal/engine"

// Merge adds part, a fix run over other files (another subproject of a
// monorepo, proven with its own configuration and tests), to into, whose
// Before and After must be non-nil.
func Merge(into, part *FixResult) {
	into.Candidates = append(into.Candidates, part.Candidates...)
	into.Files = append(into.Files, part.Files...)
	for _, r := range []struct{ from, to *engine.Result }{{part.Before, into.Before}, {part.After, into.After}} {
		if r.from == nil {
			continue
		}
		r.to.Diagnostics = append(r.to.Diagnostics, r.from.Diagnostics...)
		r.to.Outcomes = append(r.to.Outcomes, r.from.Outcomes...)
		r.to.Skipped = append(r.to.Skipped, r.from.Skipped...)
		r.to.Suppressed = append(r.to.Suppressed, r.from.Suppressed...)
	}
	if into.Baseline == nil || (into.Baseline.Passed && part.Baseline != nil) {
		into.Baseline = part.Baseline // a failing one is worth showing first
	}
	t, p := &into.TestRuns, part.TestRuns
	t.Total, t.Set, t.Bisect, t.Baseline, t.Single = t.Total+p.Total, t.Set+p.Set, t.Bisect+p.Bisect, t.Baseline+p.Baseline, t.Single+p.Single
	t.Candidates, t.Culprits = t.Candidates+p.Candidates, t.Culprits+p.Culprits
	t.Duration += p.Duration
	t.DurationMS = t.Duration.Milliseconds()
}
