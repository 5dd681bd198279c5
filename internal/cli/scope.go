package cli

import (
	"context"
	"path/filepath"

	"github.com/iflint/iflint/internal/baseline"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/newcode"
)

// configSet is the run's configurations, with paths relative to Dir:
// -config (relative to Dir) governs every file, else each file is
// governed by the nearest .iflint.yml above it up to the repository root
// (the embedded default where there is none), so that one run from a
// monorepo's root checks each subproject by its own configuration.
func (c *Command) configSet(p string) (*config.Set, error) {
	if p == "" {
		return config.NewSet(c.Dir)
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(c.Dir, p)
	}
	cfg, err := config.Load(c.Dir, p)
	if err != nil {
		return nil, err
	}
	return config.ForcedSet(c.Dir, cfg)
}

// scope narrows what a run reports beyond the engine's own suppressions:
// to code changed since a revision, and to findings not in a baseline.
type scope struct {
	changes *newcode.Changes
	// forced is -baseline: one baseline for every file. Otherwise each
	// file's configuration names its own (bases), so each subproject of
	// a monorepo keeps its baseline.
	forced *baseline.File
	bases  map[*config.Config]*baseline.File
	// configFor resolves a file's configuration (nil: one configuration).
	configFor func(path string) (*config.Config, error)
}

// counts are what the scope set aside, for the summary line.
type counts struct {
	outside, baselined int
}

// newScope reads -new-from-rev (the changes below root, which paths are
// relative to) and the baselines: the -baseline flag, relative to Dir,
// for every file; else the baseline key of each configuration in cfgs,
// relative to its directory. configFor maps a file to its configuration.
func (c *Command) newScope(ctx context.Context, root string, cfgs []*config.Config, configFor func(string) (*config.Config, error), rev, basePath string) (*scope, error) {
	s := &scope{configFor: configFor, bases: map[*config.Config]*baseline.File{}}
	if rev != "" {
		ch, err := newcode.Since(ctx, root, rev, c.gitEnv())
		if err != nil {
			return nil, usageError{err}
		}
		s.changes = ch
	}
	if basePath != "" {
		if !filepath.IsAbs(basePath) {
			basePath = filepath.Join(c.Dir, basePath)
		}
		b, err := baseline.Load(basePath)
		if err != nil {
			return nil, usageError{err}
		}
		s.forced = b
		return s, nil
	}
	for _, cfg := range cfgs {
		if p := cfg.BaselinePath(); p != "" {
			b, err := baseline.Load(p)
			if err != nil {
				return nil, usageError{err}
			}
			s.bases[cfg] = b
		}
	}
	return s, nil
}

// apply removes from res what the scope sets aside: findings outside the
// changed lines, then findings their baseline accepts.
func (s *scope) apply(res *engine.Result) counts {
	var n counts
	if s.changes != nil {
		res.Diagnostics, n.outside = s.changes.Filter(res.Diagnostics)
		var unused []engine.Ignore
		for _, u := range res.UnusedIgnores {
			if s.changes.KeepsIgnore(u) {
				unused = append(unused, u)
			}
		}
		res.UnusedIgnores = unused
	}
	if s.hasBaseline() {
		res.Diagnostics, n.baselined = s.filterBaselined(res.Diagnostics)
	}
	return n
}

func (s *scope) hasBaseline() bool { return s.forced != nil || len(s.bases) > 0 }

// filterBaselined drops the diagnostics accepted by the baseline that
// applies to each (the forced one, else its configuration's).
func (s *scope) filterBaselined(ds []engine.Diagnostic) (fresh []engine.Diagnostic, accepted int) {
	if s.forced != nil {
		return s.forced.Filter(ds)
	}
	matchers := map[*baseline.File]*baseline.Matcher{}
	fresh = []engine.Diagnostic{}
	for _, d := range ds {
		b := s.baselineOf(d.Path)
		if b != nil {
			m := matchers[b]
			if m == nil {
				m = b.Matcher()
				matchers[b] = m
			}
			if m.Accept(d) {
				accepted++
				continue
			}
		}
		fresh = append(fresh, d)
	}
	return fresh, accepted
}

// baselineOf is the baseline that applies to the file at path, or nil.
func (s *scope) baselineOf(path string) *baseline.File {
	if s.forced != nil {
		return s.forced
	}
	if len(s.bases) == 0 || s.configFor == nil {
		return nil
	}
	cfg, err := s.configFor(path)
	if err != nil {
		return nil
	}
	return s.bases[cfg]
}

// empty reports whether the scope keeps everything.
func (s *scope) empty() bool { return s.changes == nil && !s.hasBaseline() }

// gitEnv is git's whole environment: enough to find its configuration,
// nothing secret.
func (c *Command) gitEnv() []string {
	var env []string
	for _, k := range []string{"PATH", "HOME"} {
		if v := c.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}
