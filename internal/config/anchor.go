package config

import (
	"path"
	"path/filepath"
	"strings"
)

// A run names files by paths relative to its own root (the directory
// `iflint check` runs in, the Action's workspace), while a
// configuration's globs (paths, exclude, languages) and the fingerprints
// of its findings are relative to the configuration's directory, so that
// a subproject's baseline matches whether iflint runs at the repository
// root or inside the subproject. anchor maps the first to the second.
type anchor struct {
	root string // absolute run root; "" when the config is not anchored
	up   string // the config's directory relative to root, slash-separated ("." when equal)
	down string // root relative to the config's directory
}

// Anchor records that the run naming files relative to root reads this
// configuration, whose directory is c.Dir (root itself when c.Dir is
// empty). Local maps the run's paths to the configuration's from then on.
func (c *Config) Anchor(root string) {
	if c.Dir == "" {
		c.Dir = root
	}
	a := anchor{root: root, up: ".", down: "."}
	if up, err := filepath.Rel(root, c.Dir); err == nil {
		a.up = filepath.ToSlash(up)
	}
	if down, err := filepath.Rel(c.Dir, root); err == nil {
		a.down = filepath.ToSlash(down)
	}
	c.anchor = a
}

// Local returns the run path p (slash-separated, relative to the run
// root) relative to the configuration's directory, which is what its
// globs and the findings' fingerprints are relative to. Without an
// anchor, or when both directories are the same, p is returned as is. An
// absolute p (a file named on the command line that shares no directory
// with the run root but the filesystem's) is made relative to the
// configuration's directory.
func (c *Config) Local(p string) string {
	a := c.anchor
	switch {
	case a.root == "" || a.up == ".":
		return p
	case path.IsAbs(p) || filepath.IsAbs(filepath.FromSlash(p)):
		// Only the relative form below names it.
	case !dotted(a.up):
		// The configuration lies below the run root (a subproject).
		if rest, ok := strings.CutPrefix(p, a.up+"/"); ok {
			return rest
		}
	case !dotted(a.down):
		// The run root lies below the configuration (a run inside a
		// subdirectory of the project); a path that leaves the run root
		// is made canonical below.
		if j := path.Join(a.down, p); !dotted(j) {
			return j
		}
	}
	full := filepath.FromSlash(p)
	if !filepath.IsAbs(full) {
		full = filepath.Join(a.root, full)
	}
	r, err := filepath.Rel(c.Dir, full)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// Up is the configuration's directory relative to the run root it is
// anchored at ("." for the same directory).
func (c *Config) Up() string {
	if c.anchor.root == "" {
		return "."
	}
	return c.anchor.up
}

func dotted(rel string) bool { return rel == ".." || strings.HasPrefix(rel, "../") }

// Clone returns a copy of c that is not anchored and remembers no
// languages yet, for a run rooted elsewhere (iflint fix runs each
// subproject at its own directory).
func (c *Config) Clone() *Config {
	cp := *c
	cp.langs = &langMemo{}
	cp.anchor = anchor{}
	return &cp
}
