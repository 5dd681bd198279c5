package cli

import (
	"context"
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/suppress"
)

// limitFixes shows the deterministic fixers only the findings the run
// reports: a finding silenced by an inline marker, outside the changes
// of -new-from-rev or accepted by the baseline is left as it is, with
// the reason in the fix report. The model is told to keep to the changed
// lines too.
func (s *scope) limitFixes(ctx context.Context, o *fixloop.FixOptions) {
	inner := o.Composer
	if inner == nil {
		inner = fixloop.ComposerFor
	}
	opts := o.Options
	o.Composer = func(t constraint.Type) check.Composer {
		fx := inner(t)
		if fx == nil {
			return nil
		}
		return func(u *check.Unit, c constraint.Constraint, fs []check.Finding) (check.Edits, []check.Skipped, error) {
			if len(fs) == 0 || (s.empty() && !mayHaveMarkers(u)) {
				return fx(u, c, fs)
			}
			leave := s.leftAlone(ctx, u, c, opts)
			var in []check.Finding
			var out []check.Skipped
			for _, f := range fs {
				if why, ok := leave[findingKey(u, c, f)]; ok {
					out = append(out, check.Skipped{Start: f.Start, End: f.End, Reason: why})
				} else {
					in = append(in, f)
				}
			}
			if len(in) == 0 {
				return nil, out, nil
			}
			edits, skipped, err := fx(u, c, in)
			return edits, append(skipped, out...), err
		}
	}
	if s.changes != nil {
		o.InScope = s.changes.Keeps
		o.OutsideScope = fmt.Sprintf("not on lines changed since %s; not fixed", s.changes.Rev)
	}
}

func mayHaveMarkers(u *check.Unit) bool {
	in, ok := lang.ByPath(u.Path)
	return !ok || suppress.MayHaveMarkers(in.ID, u.Src)
}

type key struct {
	line, col int
	msg       string
}

func findingKey(u *check.Unit, c constraint.Constraint, f check.Finding) key {
	l, col := u.Position(f.Start)
	msg := f.Message
	if msg == "" {
		msg = c.Type.Doc()
	}
	return key{l, col, msg}
}

// leftAlone checks u against constraint c alone, as the run reports it,
// and returns the findings the run does not report, with why.
func (s *scope) leftAlone(ctx context.Context, u *check.Unit, c constraint.Constraint, opts engine.Options) map[key]string {
	cfg := *opts.Config
	cfg.Constraints = nil
	for _, e := range opts.Config.Constraints {
		if e.Constraint.Type == c.Type && e.Constraint.Spec == c.Spec {
			cfg.Constraints = append(cfg.Constraints, e)
		}
	}
	if len(cfg.Constraints) == 0 {
		cfg.Constraints = []config.Entry{{Constraint: c, Severity: "error"}}
	}
	opts.Config = &cfg
	opts.Judge = nil
	out := map[key]string{}
	res, err := engine.Check(ctx, []engine.File{{Path: u.Path, Src: u.Src}}, opts)
	if err != nil {
		return out // the run's own check of this file reports the failure
	}
	for _, d := range res.Suppressed {
		out[key{d.Line, d.Col, d.Message}] = fmt.Sprintf("silenced by %s on line %d; not fixed", d.Suppression.Marker, d.Suppression.Line)
	}
	kept := res.Diagnostics
	if s.changes != nil {
		kept, _ = s.changes.Filter(res.Diagnostics)
		in := map[key]bool{}
		for _, d := range kept {
			in[key{d.Line, d.Col, d.Message}] = true
		}
		for _, d := range res.Diagnostics {
			if k := (key{d.Line, d.Col, d.Message}); !in[k] {
				out[k] = fmt.Sprintf("not on lines changed since %s; not fixed", s.changes.Rev)
			}
		}
	}
	if s.hasBaseline() {
		fresh, _ := s.filterBaselined(kept)
		in := map[key]bool{}
		for _, d := range fresh {
			in[key{d.Line, d.Col, d.Message}] = true
		}
		for _, d := range kept {
			if k := (key{d.Line, d.Col, d.Message}); !in[k] {
				out[k] = "accepted by the baseline; not fixed"
			}
		}
	}
	return out
}
