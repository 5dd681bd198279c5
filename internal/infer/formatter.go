package infer

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/lang"
)

// The lint indentation rule reads JavaScript and TypeScript as eslint's
// `indent` does, and prettier lays out ternary branches, curried arrows
// and JSX attributes otherwise; eslint-config-prettier turns `indent` off
// for that reason. On a tree prettier formats, an indentation
// constraint would report lines no one will change (the formatter puts
// them back), so init leaves it out and says why, however often the
// rule's reading holds.

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
		case name == "package.json" && packageUsesPrettier(p):
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// packageUsesPrettier reports whether the package.json at p configures
// prettier or lists it among its dependencies.
func packageUsesPrettier(p string) bool {
	b, err := os.ReadFile(p)
	if err != nil {
		return false
	}
	var pkg map[string]json.RawMessage
	if json.Unmarshal(b, &pkg) != nil {
		return false
	}
	if _, ok := pkg["prettier"]; ok {
		return true
	}
	for _, k := range []string{"dependencies", "devDependencies", "peerDependencies", "optionalDependencies"} {
		var deps map[string]json.RawMessage
		if json.Unmarshal(pkg[k], &deps) == nil {
			if _, ok := deps["prettier"]; ok {
				return true
			}
		}
	}
	return false
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

// leaveToPrettier leaves l's indentation decision out when prettier
// formats some of its files (markers are read on first need).
func leaveToPrettier(l *Language, files []engine.File, markers **[]string, root string, read *config.Config) {
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
	for _, f := range files {
		if id, _ := lang.ByPath(f.Path); id.ID != l.ID {
			continue
		}
		total++
		if m := formattedBy(**markers, f.Path); m != "" {
			n++
			by[m] = true
		}
	}
	if n == 0 {
		return
	}
	var names []string
	for m := range by {
		names = append(names, m)
	}
	sort.Strings(names)
	if len(names) > 3 {
		names = append(names[:3], "...")
	}
	d.Chosen = -1
	d.LeftOut = fmt.Sprintf("prettier formats %d of the %d files (%s); its layout of ternaries, curried arrows and JSX is not that of eslint's indent, which the rule follows, so the line findings would fight the formatter", n, total, strings.Join(names, ", "))
}
