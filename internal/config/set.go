package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/iflint/iflint/internal/check"
)

// Set is the configurations of one run. Each file is governed by the
// nearest FileName in its directory or above it, up to and including the
// repository root (the first directory holding .git), as ruff and eslint
// resolve theirs: in a monorepo every subproject keeps its own
// constraints, excludes and baseline, and one run from the root checks
// them all. A file with no configuration up to the root gets the
// embedded default. A forced set (-config FILE) governs every file by one
// configuration, nested ones included.
//
// Every configuration of a set is anchored at the run's root (see
// Config.Anchor), so files are named relative to the root throughout the
// run while globs and fingerprints stay each configuration's own.
type Set struct {
	root   string
	forced *Config
	// Profile, when set before the first lookup, overrides every
	// configuration's profile (check -profile).
	Profile check.Profile

	mu     sync.Mutex
	def    *Config
	dirs   map[string]*Config // absolute directory → governing configuration
	loaded map[string]*Config // absolute configuration file → its configuration
}

// NewSet starts a set for a run whose paths are relative to root.
func NewSet(root string) (*Set, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	return &Set{root: abs, dirs: map[string]*Config{}, loaded: map[string]*Config{}}, nil
}

// ForcedSet is a set in which cfg governs every file. Its globs are
// relative to cfg.Dir, or to root when cfg.Dir is empty (an explicit
// -config keeps the working directory, as eslint's -c does).
func ForcedSet(root string, cfg *Config) (*Set, error) {
	s, err := NewSet(root)
	if err != nil {
		return nil, err
	}
	cfg.Anchor(s.root)
	if err := attachClang(cfg, s.root, s.root); err != nil {
		return nil, err
	}
	s.forced = cfg
	return s, nil
}

// Root is the run's root, absolute.
func (s *Set) Root() string { return s.root }

// Forced reports whether one configuration governs every file.
func (s *Set) Forced() bool { return s.forced != nil }

// For returns the configuration governing the file at run path p
// (slash-separated, relative to the root, or absolute).
func (s *Set) For(p string) (*Config, error) {
	if s.forced != nil {
		return s.applyProfile(s.forced), nil
	}
	full := filepath.FromSlash(p)
	if !filepath.IsAbs(full) {
		full = filepath.Join(s.root, full)
	}
	return s.Dir(filepath.Dir(full))
}

// Dir returns the configuration governing the files of directory dir
// (absolute, or relative to the root).
func (s *Set) Dir(dir string) (*Config, error) {
	if s.forced != nil {
		return s.applyProfile(s.forced), nil
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(s.root, dir)
	}
	dir = filepath.Clean(dir)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dirLocked(dir)
}

func (s *Set) dirLocked(dir string) (*Config, error) {
	if c, ok := s.dirs[dir]; ok {
		return c, nil
	}
	var walked []string
	var found *Config
	for d := dir; ; {
		if c, ok := s.dirs[d]; ok {
			found = c
			break
		}
		walked = append(walked, d)
		p := filepath.Join(d, FileName)
		if _, err := os.Stat(p); err == nil {
			c, err := s.loadLocked(p)
			if err != nil {
				return nil, err
			}
			found = c
			break
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			break // the repository root: nothing above it is this project's
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if found == nil {
		var err error
		if found, err = s.defaultLocked(); err != nil {
			return nil, err
		}
	}
	for _, d := range walked {
		s.dirs[d] = found
	}
	return found, nil
}

func (s *Set) loadLocked(p string) (*Config, error) {
	if c, ok := s.loaded[p]; ok {
		return c, nil
	}
	c, err := LoadFile(p)
	if err != nil {
		var ce *Error
		if errors.As(err, &ce) {
			return nil, err // names the file and line already
		}
		return nil, fmt.Errorf("reading %s: %w", p, err)
	}
	c.Source = p
	c.Anchor(s.root)
	if err := attachClang(c, s.root, filepath.Dir(p)); err != nil {
		return nil, err
	}
	s.loaded[p] = c
	return s.applyProfile(c), nil
}

func (s *Set) defaultLocked() (*Config, error) {
	if s.def == nil {
		c, err := Parse("embedded default", Default)
		if err != nil {
			return nil, err
		}
		if err := clangLayout(c, s.root); err != nil {
			return nil, err
		}
		if err := jsLayout(c, s.root); err != nil {
			return nil, err
		}
		c.Anchor(s.root)
		s.def = s.applyProfile(c)
	}
	return s.def, nil
}

func (s *Set) applyProfile(c *Config) *Config {
	if s.Profile != "" {
		c.Profile = s.Profile
	}
	return c
}

// Configs returns the configurations looked up so far, files by
// directory, then the embedded default if it was used.
func (s *Set) Configs() []*Config {
	if s.forced != nil {
		return []*Config{s.forced}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Config
	for _, c := range s.loaded {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Dir < out[j].Dir })
	if s.def != nil {
		out = append(out, s.def)
	}
	return out
}

// Own reports whether dir (absolute) holds a configuration of its own,
// which governs it in a set that is not forced.
func Own(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, FileName))
	return err == nil
}

// BaselinePath is the configuration's baseline file, absolute, or "".
func (c *Config) BaselinePath() string {
	if c.Baseline == "" || filepath.IsAbs(c.Baseline) {
		return c.Baseline
	}
	return filepath.Join(c.Dir, filepath.FromSlash(c.Baseline))
}

// Label names a configuration for people: its path relative to the run
// root ("services/api/.iflint.yml"), or "embedded default".
func (c *Config) Label() string {
	if c.Source == "embedded default" && c.From != "" {
		return c.Source + " with " + c.From
	}
	if c.Source == "embedded default" || c.Dir == "" {
		return c.Source
	}
	if c.anchor.root != "" && strings.HasSuffix(c.Source, FileName) {
		if rel, err := filepath.Rel(c.anchor.root, c.Source); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return c.Source
}
