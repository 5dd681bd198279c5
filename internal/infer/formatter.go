package infer

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/prettierindent"
)

// The lint indentation rule reads JavaScript and TypeScript as eslint's
// `indent` does unless the spec names the prettier reading, and prettier
// lays out ternary branches, curried arrows, JSX and member chains
// otherwise (eslint-config-prettier turns `indent` off for that reason).
// So on a tree prettier formats, init writes the prettier reading, with
// the unit of prettier's configuration (useTabs, tabWidth), when that
// reading holds for the code as the measured candidates must; the
// eslint reading's candidates are then not written, whatever their
// share, since their findings would fight the formatter.

// prettierLangs are the languages whose indentation prettier decides.
var prettierLangs = map[lang.ID]bool{lang.JavaScript: true, lang.TypeScript: true}

// prettierMarkers lists, sorted, the repository files (slash paths
// relative to root) that say prettier formats the code below their
// directory: a prettier configuration file, or a package.json that has a
// "prettier" key or depends on prettier. Directories the configuration
// excludes (node_modules, vendor, ...) and hidden ones are not read.
func prettierMarkers(root string, cfg *config.Config) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable directory is no evidence either way
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || cfg.Excluded(rel)) {
				return filepath.SkipDir
			}
			return nil
		}
		name := d.Name()
		switch {
		case strings.HasPrefix(name, ".prettierrc"), strings.HasPrefix(name, "prettier.config."):
			out = append(out, rel)
		case name == "package.json" && prettierindent.PackageUsesPrettier(p):
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// formattedBy returns the marker governing a file at rel (the one in its
// nearest directory), or "".
func formattedBy(markers []string, rel string) string {
	best := ""
	for _, m := range markers {
		dir := path.Dir(m)
		if (dir == "." || strings.HasPrefix(rel, dir+"/")) && (best == "" || len(path.Dir(best)) < len(dir)) {
			best = m
		}
	}
	return best
}

// followPrettier turns l's indentation decision into the prettier
// reading when prettier formats some of its files (markers are read on
// first need): the candidate with the unit prettier's configuration
// sets, chosen when its share meets o, and otherwise nothing, with the
// reason.
func followPrettier(l *Language, le *langEvidence, files []engine.File, markers **[]string, root string, read *config.Config, o Options) {
	d := l.Indent
	if d == nil {
		return
	}
	if *markers == nil {
		m := prettierMarkers(root, read)
		*markers = &m
	}
	if len(**markers) == 0 {
		return
	}
	n, total := 0, 0
	by := map[string]bool{}
	configs := map[string]prettierindent.Options{}
	var unread []string
	res := prettierindent.NewResolver(root)
	for _, f := range files {
		if id, _ := lang.ByPath(f.Path); id.ID != l.ID {
			continue
		}
		total++
		m := formattedBy(**markers, f.Path)
		if m == "" {
			continue
		}
		n++
		by[m] = true
		// Per file, as prettier resolves it: .editorconfig, the
		// configuration file, its overrides.
		po, err := res.Resolve(filepath.Join(root, filepath.FromSlash(f.Path)))
		if err != nil {
			unread = append(unread, err.Error())
			continue
		}
		configs[po.Sources] = po.Options
	}
	if n == 0 {
		return
	}
	names := sortedKeys(by)
	if len(names) > 3 {
		names = append(names[:3], "...")
	}
	formats := fmt.Sprintf("prettier formats %d of the %d files (%s)", n, total, strings.Join(names, ", "))
	d.Chosen = -1
	if len(unread) > 0 {
		d.LeftOut = formats + "; its configuration could not be read (" + unread[0] + "), so which unit it sets is unknown"
		return
	}
	units := map[string][]string{}
	for name, po := range configs {
		units[po.Unit()] = append(units[po.Unit()], name)
	}
	if len(units) > 1 {
		var say []string
		for _, u := range sortedKeys(units) {
			say = append(say, u+" ("+strings.Join(sortedStrings(units[u]), ", ")+")")
		}
		d.LeftOut = formats + "; its configurations set different units: " + strings.Join(say, ", ")
		return
	}
	unit := sortedKeys(units)[0]
	value := unit + ";" + constraint.ReadingPrettier
	c, ok := le.others[constraint.Indentation][string(l.ID)+";"+value]
	if !ok {
		d.LeftOut = formats + "; its configuration sets " + unit + ", which init does not measure"
		return
	}
	c.Value = value
	d.Candidates = append(d.Candidates, c)
	if !c.meets(o) {
		d.LeftOut = fmt.Sprintf("%s, but its layout (%s) holds for %s of %d lines, below the threshold, so the findings would be lines prettier has not formatted yet", formats, unit, pct(c.Tally), c.Units)
		return
	}
	d.Chosen = len(d.Candidates) - 1
	d.Agrees = "prettier's layout (" + strings.Join(sortedStrings(units[unit]), ", ") + ")"
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedStrings(s []string) []string {
	s = append([]string(nil), s...)
	sort.Strings(s)
	return s
}
