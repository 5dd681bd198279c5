package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/iflint/iflint/internal/baseline"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/infer"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/termsafe"
)

// initConfig is `iflint init`: it reads the repository, writes the
// conventions its code already follows as a commented .iflint.yml, and
// with -baseline a baseline of what that configuration still reports.
// Nothing is written until everything is decided and the configuration
// has been loaded and run; each file is written atomically, the baseline
// first, so a configuration on disk always comes with its baseline.
func (c *Command) initConfig(ctx context.Context, args []string) (int, error) {
	fs := c.flags("init")
	min := fs.Float64("min", infer.DefaultMin, "the share of declarations, braces or lines a convention must hold for to be written (above 0, at most 1)")
	minUnits := fs.Int("min-units", infer.DefaultMinUnits, "the fewest declarations, braces or lines a convention is decided on; fewer are left out as too few to judge")
	force := fs.Bool("force", false, "overwrite an existing "+config.FileName+" (and -baseline file)")
	basePath := fs.String("baseline", "", "also write a baseline `file` accepting the findings the new configuration still reports, and name it in the configuration, so that iflint check is clean right after (with -subprojects: a file name, written in each project's directory)")
	subprojects := fs.Bool("subprojects", false, "also write one configuration per subproject (Go modules, Python packages with their own pyproject.toml, npm workspaces, Cargo workspace members) from its own files; each governs its directory")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: iflint init [flags] [dir]\n\nReads the repository at dir (default: the current directory) and writes dir/%s\nwith the conventions its code already follows, per language: naming per kind,\nindentation, brace style and doc comments, each with the share that satisfies it.\nFlags may come before or after dir.\n\n", config.FileName)
		fs.PrintDefaults()
	}
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	if *min <= 0 || *min > 1 {
		return ExitUsage, usagef("-min %v: expected a share above 0 and at most 1, such as 0.95", *min)
	}
	if *minUnits < 1 {
		return ExitUsage, usagef("-min-units %d: expected at least 1", *minUnits)
	}
	if fs.NArg() > 1 {
		return ExitUsage, usagef("init takes one directory, got %d arguments: %s", fs.NArg(), strings.Join(fs.Args(), " "))
	}
	dir := c.Dir
	if fs.NArg() == 1 {
		dir = c.abs(fs.Arg(0))
	}
	if st, err := os.Stat(dir); err != nil {
		return ExitUsage, usagef("%v", err)
	} else if !st.IsDir() {
		return ExitUsage, usagef("%s is not a directory: init reads a repository", fs.Arg(0))
	}
	if *subprojects && *basePath != "" && (strings.ContainsAny(*basePath, `/\`) || filepath.IsAbs(*basePath)) {
		return ExitUsage, usagef("-baseline %s: with -subprojects, expected a file name, which each project's baseline gets in its directory", *basePath)
	}
	subs, err := infer.Subprojects(dir)
	if err != nil {
		return ExitInternal, err
	}
	projects := []initProject{{dir: dir, rel: "."}}
	if *subprojects {
		for _, s := range subs {
			projects = append(projects, initProject{dir: filepath.Join(dir, filepath.FromSlash(s.Dir)), rel: s.Dir, kinds: s.Kinds})
		}
	}
	// Every check comes before any work, and every decision before any
	// write: nothing is written unless all of it can be.
	for i := range projects {
		p := &projects[i]
		p.out = filepath.Join(p.dir, config.FileName)
		if err := c.refuseOverwrite(p.out, *force, "configuration"); err != nil {
			return ExitUsage, err
		}
		switch {
		case *basePath == "":
		case *subprojects:
			p.baseAbs, p.baseRel = filepath.Join(p.dir, *basePath), *basePath
		case i == 0:
			p.baseAbs = c.abs(*basePath)
			if st, err := os.Stat(filepath.Dir(p.baseAbs)); err != nil || !st.IsDir() {
				return ExitUsage, usagef("-baseline %s: no directory %s to write it in", *basePath, c.rel(filepath.Dir(p.baseAbs)))
			}
			rel, err := filepath.Rel(dir, p.baseAbs)
			if err != nil {
				return ExitUsage, usagef("-baseline %s: %v", *basePath, err)
			}
			p.baseRel = filepath.ToSlash(rel)
		}
		if p.baseAbs != "" {
			if err := c.refuseOverwrite(p.baseAbs, *force, "baseline"); err != nil {
				return ExitUsage, err
			}
		}
		for _, s := range subs {
			switch rest, below := strings.CutPrefix(s.Dir, p.rel+"/"); {
			case !*subprojects || s.Dir == p.rel:
			case p.rel == ".":
				p.nested = append(p.nested, s.Dir)
			case below:
				p.nested = append(p.nested, rest)
			}
		}
	}
	var notes []string
	var plans []*initProject
	for i := range projects {
		p := &projects[i]
		rep, err := infer.Infer(ctx, p.dir, infer.Options{Min: *min, MinUnits: *minUnits, Skip: p.nested})
		if err != nil {
			return ExitInternal, err
		}
		printSkipped(c, rep.Skipped)
		if len(rep.Chosen()) == 0 {
			why := fmt.Sprintf("no convention holds for at least %s of at least %d units in the %s read", strings.TrimSuffix(fmt.Sprintf("%g", *min*100), ".0")+"%", *minUnits, plural(rep.Files, "file"))
			if len(projects) == 1 {
				return ExitUsage, usagef("%s, so no configuration was written (see -min and -min-units)", why)
			}
			notes = append(notes, fmt.Sprintf("no configuration for %s: %s", p.label(), why))
			continue
		}
		p.rep, p.text = rep, rep.Render(infer.RenderOptions{Baseline: p.baseRel})
		cfg, err := config.Parse(c.rel(p.out), p.text)
		if err != nil {
			return ExitInternal, fmt.Errorf("the configuration init wrote does not load: %w", err)
		}
		// The configuration is run as `iflint check` runs it (the
		// subprojects below it governed by their own): what it reports
		// is the summary's (and the baseline's) truth.
		cfg.Baseline = ""
		cfg.Exclude = append(cfg.Exclude, infer.SkipGlobs(p.nested)...)
		// With the .clang-format style that check attaches to its C and
		// C++ layout (nlohmann/json: init's summary said 759 findings,
		// check 4,172).
		if err := cfg.AttachClangFormat(dir, p.dir); err != nil {
			return ExitInternal, err
		}
		if p.res, err = engine.CheckPaths(ctx, p.dir, []string{p.dir}, engine.Options{Config: cfg}); err != nil {
			return ExitInternal, err
		}
		plans = append(plans, p)
	}
	if len(plans) == 0 {
		return ExitUsage, usagef("%s; no configuration was written (see -min and -min-units)", strings.Join(notes, "; "))
	}
	for _, p := range plans {
		if p.baseAbs != "" {
			if err := c.gate.write(c.rel(p.baseAbs), func() error { return baseline.Write(p.baseAbs, baseline.FromDiagnostics(p.res.Diagnostics)) }); err != nil {
				return ExitInternal, err
			}
		}
		if err := c.gate.write(c.rel(p.out), func() error { return writeFileAtomic(p.out, p.text) }); err != nil {
			return ExitInternal, err
		}
	}
	for _, p := range plans {
		line := initSummary(termsafe.Name(c.rel(p.out)), p.rep, p.res, termsafe.Name(c.rel(p.baseAbs)))
		if len(p.kinds) > 0 {
			line += " (" + strings.Join(p.kinds, ", ") + ")"
		}
		fmt.Fprintf(c.Stderr, "iflint: %s\n", line)
	}
	for _, n := range notes {
		fmt.Fprintf(c.Stderr, "iflint: %s\n", n)
	}
	if !*subprojects && len(subs) > 0 {
		var names []string
		for _, s := range subs {
			names = append(names, termsafe.Name(s.Dir)+" ("+strings.Join(s.Kinds, ", ")+")")
		}
		fmt.Fprintf(c.Stderr, "iflint: %s detected: %s; init -subprojects writes a configuration for each, which governs its directory\n", plural(len(subs), "subproject"), strings.Join(names, ", "))
	}
	return ExitClean, nil
}

// initProject is one configuration init writes: the repository's, or
// with -subprojects a subproject's, read from its own files (nested
// subprojects left out, since they get their own).
type initProject struct {
	dir, rel string   // absolute; relative to init's directory ("." for it)
	kinds    []string // why it is a subproject
	nested   []string // subprojects below it, relative to dir
	out      string
	baseAbs  string
	baseRel  string // relative to dir, as the configuration names it
	rep      *infer.Report
	text     []byte
	res      *engine.Result
}

func (p *initProject) label() string {
	if p.rel == "." {
		return "the repository's own files"
	}
	return termsafe.Name(p.rel)
}

// initSummary is the one line saying what init wrote, e.g.
//
//	wrote .iflint.yml: 6 constraints for Go and Python from 412 files; iflint check reports 31 findings on 20,114 units judged (0.1%)
func initSummary(out string, rep *infer.Report, res *engine.Result, base string) string {
	var names []string
	seen := map[lang.ID]bool{}
	for _, e := range rep.Chosen() {
		id := lang.ID(strings.SplitN(e.Spec, ";", 2)[0])
		if !seen[id] {
			seen[id] = true
			names = append(names, lang.Get(id).Name)
		}
	}
	langs := names[0]
	if len(names) > 1 {
		langs = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	judged := rep.Judged()
	share := ""
	if judged.Units > 0 && len(res.Diagnostics) > 0 {
		share = fmt.Sprintf(" (%s)", percent(len(res.Diagnostics), judged.Units))
	}
	found := "no findings"
	if n := len(res.Diagnostics); n > 0 {
		found = countOf(n, "finding")
	}
	s := fmt.Sprintf("wrote %s: %s for %s from %s; iflint check reports %s on %s units judged%s",
		out, countOf(len(rep.Chosen()), "constraint"), langs, countOf(rep.Files, "file"),
		found, groupDigits(judged.Units), share)
	if len(rep.LeftOut) > 0 {
		n, globs := 0, make([]string, 0, len(rep.LeftOut))
		for _, l := range rep.LeftOut {
			n += l.Files
			globs = append(globs, termsafe.Name(l.Glob))
		}
		if len(globs) > 3 {
			globs = append(globs[:3], "...")
		}
		s += fmt.Sprintf("; %s excluded as vendored (%s)", countOf(n, "file"), strings.Join(globs, ", "))
	}
	if len(rep.Generated) > 0 {
		s += fmt.Sprintf("; %s excluded as generated", countOf(len(rep.Generated), "file"))
	}
	if base != "" {
		s += fmt.Sprintf("; %s accepts %s", base, strings.TrimPrefix(found, "no "))
	}
	return s
}

// percent is n/of as a percentage with one decimal, rounded up, so a
// share of findings never reads smaller than it is.
func percent(n, of int) string {
	pm := (int64(n)*1000 + int64(of) - 1) / int64(of)
	return fmt.Sprintf("%d.%d%%", pm/10, pm%10)
}

// countOf is plural with thousands separators ("1,204 files").
func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return groupDigits(n) + " " + noun + "s"
}

func groupDigits(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// refuseOverwrite is a usage error when path exists and -force is not
// given: init never replaces a file a user may have written.
func (c *Command) refuseOverwrite(path string, force bool, what string) error {
	_, err := os.Lstat(path)
	switch {
	case err == nil && !force:
		return usagef("%s already exists: init does not overwrite a %s without -force", c.rel(path), what)
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return usagef("%v", err)
	}
	return nil
}

// rel names p relative to Dir when it lies below it.
func (c *Command) rel(p string) string {
	if p == "" {
		return ""
	}
	if r, err := filepath.Rel(c.Dir, p); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return p
}
