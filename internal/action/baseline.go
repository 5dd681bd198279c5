package action

import (
	"fmt"
	"path/filepath"

	"github.com/iflint/iflint/internal/baseline"
	"github.com/iflint/iflint/internal/engine"
)

// loadBaseline reads the baseline input (relative to the workspace),
// else the configuration's baseline key (relative to the configuration's
// directory): findings it accepts are not reported, as with
// `iflint check -baseline`. cfgPath is the configuration's path ("" for
// the workspace's own).
func (r *runner) loadBaseline(cfgPath string) error {
	cfgDir := r.ws
	if cfgPath != "" {
		cfgDir = filepath.Dir(cfgPath)
	}
	p := r.in.Baseline
	switch {
	case p != "" && !filepath.IsAbs(p):
		p = filepath.Join(r.ws, p)
	case p == "" && r.cfg.Baseline != "":
		p = r.cfg.Baseline
		if !filepath.IsAbs(p) {
			p = filepath.Join(cfgDir, p)
		}
	}
	if p == "" {
		return nil
	}
	b, err := baseline.Load(p)
	if err != nil {
		return inputErrorf("input baseline: %w", err)
	}
	r.base = b
	return nil
}

// dropBaselined removes the findings the baseline accepts.
func (r *runner) dropBaselined(res *engine.Result) {
	if r.base == nil {
		return
	}
	var n int
	res.Diagnostics, n = r.base.Filter(res.Diagnostics)
	if n > 0 {
		fmt.Fprintf(r.stderr, "iflint: %d finding(s) accepted by the baseline are not reported\n", n)
	}
}
