package cli

import (
	"context"
	"path/filepath"

	"github.com/iflint/iflint/internal/baseline"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/newcode"
)

// loadConfig loads -config (relative to Dir), else the .iflint.yml found
// in Dir or its parents up to the repository root, else the embedded
// default. root is the directory paths and globs are relative to: the
// found configuration's directory, else Dir (an explicit -config keeps
// Dir, as eslint's -c does).
func (c *Command) loadConfig(p string) (cfg *config.Config, root string, err error) {
	if p != "" {
		if !filepath.IsAbs(p) {
			p = filepath.Join(c.Dir, p)
		}
		cfg, err = config.Load(c.Dir, p)
		return cfg, c.Dir, err
	}
	found, err := config.Find(c.Dir)
	if err != nil {
		return nil, "", err
	}
	if found == "" {
		cfg, err = config.Load(c.Dir, "")
		return cfg, c.Dir, err
	}
	cfg, err = config.Load(filepath.Dir(found), found)
	return cfg, filepath.Dir(found), err
}

// scope narrows what a run reports beyond the engine's own suppressions:
// to code changed since a revision, and to findings not in a baseline.
type scope struct {
	changes  *newcode.Changes
	base     *baseline.File
	basePath string
}

// counts are what the scope set aside, for the summary line.
type counts struct {
	outside, baselined int
}

// newScope reads -new-from-rev and the baseline (the -baseline flag,
// relative to Dir, else the configuration's baseline key, relative to
// root).
func (c *Command) newScope(ctx context.Context, root string, cfg *config.Config, rev, basePath string) (*scope, error) {
	s := &scope{}
	if rev != "" {
		ch, err := newcode.Since(ctx, root, rev, c.gitEnv())
		if err != nil {
			return nil, usageError{err}
		}
		s.changes = ch
	}
	switch {
	case basePath != "":
		if !filepath.IsAbs(basePath) {
			basePath = filepath.Join(c.Dir, basePath)
		}
	case cfg.Baseline != "":
		basePath = cfg.Baseline
		if !filepath.IsAbs(basePath) {
			basePath = filepath.Join(root, basePath)
		}
	}
	if basePath != "" {
		b, err := baseline.Load(basePath)
		if err != nil {
			return nil, usageError{err}
		}
		s.base, s.basePath = b, basePath
	}
	return s, nil
}

// apply removes from res what the scope sets aside: findings outside the
// changed lines, then findings the baseline accepts.
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
	if s.base != nil {
		res.Diagnostics, n.baselined = s.base.Filter(res.Diagnostics)
	}
	return n
}

// empty reports whether the scope keeps everything.
func (s *scope) empty() bool { return s.changes == nil && s.base == nil }

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
