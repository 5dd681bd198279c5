package action

import (
	"fmt"
	"path/filepath"

	"github.com/iflint/iflint/internal/baseline"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
)

// loadBaseline reads the baseline input (relative to the workspace),
// else the baseline key of the config input (relative to its file's
// directory): findings it accepts are not reported, as with `iflint
// check -baseline`. Without either, each configuration's own baseline
// applies to its files (loadConfigBaselines). cfgPath is the config
// input's path ("" for the workspace's own configurations).
func (r *runner) loadBaseline(cfgPath string) error {
	p := r.in.Baseline
	switch {
	case p != "" && !filepath.IsAbs(p):
		p = filepath.Join(r.ws, p)
	case p == "" && cfgPath != "" && r.cfg.Baseline != "":
		p = r.cfg.Baseline
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(cfgPath), p)
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

// loadConfigBaselines reads the baseline of each configuration that
// governs one of files, unless one baseline applies to every file.
func (r *runner) loadConfigBaselines(files []engine.File) error {
	r.bases = map[*config.Config]*baseline.File{}
	if r.base != nil || r.set.Forced() {
		return nil
	}
	for _, f := range files {
		cfg, err := r.set.For(f.Path)
		if err != nil {
			return fmt.Errorf("configuration: %w", err)
		}
		if _, done := r.bases[cfg]; done {
			continue
		}
		r.bases[cfg] = nil
		if p := cfg.BaselinePath(); p != "" {
			b, err := baseline.Load(p)
			if err != nil {
				return inputErrorf("baseline of %s: %w", cfg.Label(), err)
			}
			r.bases[cfg] = b
		}
	}
	return nil
}

// dropBaselined removes the findings a baseline accepts: the baseline
// input's, else each file's configuration's.
func (r *runner) dropBaselined(res *engine.Result) {
	var n int
	if r.base != nil {
		res.Diagnostics, n = r.base.Filter(res.Diagnostics)
	} else {
		matchers := map[*baseline.File]*baseline.Matcher{}
		var fresh []engine.Diagnostic
		for _, d := range res.Diagnostics {
			cfg, err := r.set.For(d.Path)
			if b := r.bases[cfg]; err == nil && b != nil {
				m := matchers[b]
				if m == nil {
					m = b.Matcher()
					matchers[b] = m
				}
				if m.Accept(d) {
					n++
					continue
				}
			}
			fresh = append(fresh, d)
		}
		res.Diagnostics = fresh
	}
	if n > 0 {
		fmt.Fprintf(r.stderr, "iflint: %d finding(s) accepted by the baseline are not reported\n", n)
	}
}
