package cli

import (
	"path/filepath"
	"sort"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fixloop"
)

// project is the files one configuration governs, named relative to
// the configuration's directory (root), with a copy of the
// configuration anchored there: `iflint fix` proves each project's fixes
// as if it ran in that directory.
type project struct {
	cfg   *config.Config
	root  string
	files []engine.File
}

func (p *project) configFor(string) (*config.Config, error) { return p.cfg, nil }

// projectGroups splits files (run paths of set) by the configuration
// that governs them, in order of the configurations' directories.
func projectGroups(set *config.Set, files []engine.File) ([]*project, error) {
	byCfg := map[*config.Config]*project{}
	var out []*project
	for _, f := range files {
		cfg, err := set.For(f.Path)
		if err != nil {
			return nil, err
		}
		p := byCfg[cfg]
		if p == nil {
			local := cfg.Clone()
			local.Anchor(cfg.Dir)
			p = &project{cfg: local, root: cfg.Dir}
			byCfg[cfg] = p
			out = append(out, p)
		}
		p.files = append(p.files, engine.File{Path: cfg.Local(f.Path), Src: f.Src})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].root < out[j].root })
	return out, nil
}

// display names an absolute path relative to the working directory, as
// every report of a run does (with ../ for a file above it).
func (c *Command) display(abs string) string {
	if r, err := filepath.Rel(c.Dir, abs); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(abs)
}

// mergeFix adds a project's fix run to the run's, its paths renamed by
// show (relative to the working directory).
func mergeFix(into, part *fixloop.FixResult, show func(string) string) {
	renamed := *part
	renamed.Candidates = nil
	for _, cd := range part.Candidates {
		cd.Path = show(cd.Path)
		renamed.Candidates = append(renamed.Candidates, cd)
	}
	renamed.Files = nil
	for _, f := range part.Files {
		f.Path = show(f.Path)
		renamed.Files = append(renamed.Files, f)
	}
	if part.Before != nil {
		renamed.Before = renameResult(part.Before, show)
	}
	if part.After != nil {
		renamed.After = renameResult(part.After, show)
	}
	fixloop.Merge(into, &renamed)
}

// renameResult is a copy of res with every path renamed by show.
func renameResult(res *engine.Result, show func(string) string) *engine.Result {
	out := &engine.Result{}
	for _, d := range res.Diagnostics {
		d.Path = show(d.Path)
		out.Diagnostics = append(out.Diagnostics, d)
	}
	for _, d := range res.Suppressed {
		d.Path = show(d.Path)
		out.Suppressed = append(out.Suppressed, d)
	}
	for _, o := range res.Outcomes {
		o.Path = show(o.Path)
		out.Outcomes = append(out.Outcomes, o)
	}
	for _, s := range res.Skipped {
		s.Path = show(s.Path)
		out.Skipped = append(out.Skipped, s)
	}
	return out
}
