package config

import (
	"path"
	"strings"
)

// Match reports whether a slash-separated relative path matches glob,
// where "**" matches any number of directories and a glob without a slash
// matches the base name at any depth.
func Match(glob, p string) bool {
	if !strings.Contains(glob, "/") {
		ok, _ := path.Match(glob, path.Base(p))
		return ok
	}
	return matchSegs(strings.Split(glob, "/"), strings.Split(p, "/"))
}

func matchSegs(g, p []string) bool {
	for len(g) > 0 {
		if g[0] == "**" {
			for i := 0; i <= len(p); i++ {
				if matchSegs(g[1:], p[i:]) {
					return true
				}
			}
			return false
		}
		if len(p) == 0 {
			return false
		}
		if ok, _ := path.Match(g[0], p[0]); !ok {
			return false
		}
		g, p = g[1:], p[1:]
	}
	return len(p) == 0
}

// Excluded reports whether p (a run path, see Local) matches any exclude
// glob (a glob also excludes everything below a matching directory).
func (c *Config) Excluded(p string) bool {
	p = c.Local(p)
	for _, g := range c.Exclude {
		if Match(g, p) || Match(strings.TrimSuffix(g, "/")+"/**", p) {
			return true
		}
	}
	return false
}

// Applies reports whether e applies to p, a path relative to the
// configuration's directory (Config.Local of a run path).
func (e Entry) Applies(p string) bool {
	if len(e.Paths) == 0 {
		return true
	}
	for _, g := range e.Paths {
		if Match(g, p) {
			return true
		}
	}
	return false
}
