package infer

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/lang"
)

// A Java repository that configures checkstyle has said which layout
// checks it runs. The lint indentation rule reads Java as checkstyle's
// Indentation module does, so where the repository's checkstyle
// configuration runs no Indentation module, the lines the rule reports
// are lines the project's own checker accepts (commons-lang: 153 of its
// 333 line findings under java;spaces:4 were line wraps and array
// initialisers its checkstyle does not judge), and init leaves the
// indentation constraint out, saying so. Where it runs Indentation, init
// writes the constraint only when its unit is the module's basicOffset.

// checkstyleConfigs lists, sorted, the repository's checkstyle
// configurations (XML files holding a Checker module with a TreeWalker),
// in directories read would read.
func checkstyleConfigs(root string, read *config.Config) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel := slashRel(root, p)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "target" || read.Excluded(rel)) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(d.Name(), ".xml") || !strings.Contains(strings.ToLower(rel), "checkstyle") {
			return nil
		}
		if b, err := os.ReadFile(p); err == nil && reChecker.Match(b) && bytes.Contains(b, []byte("TreeWalker")) {
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

var (
	reChecker     = regexp.MustCompile(`<module\s+name\s*=\s*"Checker"`)
	reIndentation = regexp.MustCompile(`<module\s+name\s*=\s*"(?:com\.puppycrawl\.tools\.checkstyle\.checks\.indentation\.)?Indentation(?:Check)?"`)
	reBasicOffset = regexp.MustCompile(`<property\s+name\s*=\s*"basicOffset"\s+value\s*=\s*"(\d+)"`)
)

// followCheckstyle leaves Java's indentation decision out where the
// repository's checkstyle configurations do not run Indentation, or run
// it with another unit.
func followCheckstyle(l *Language, root string, read *config.Config) {
	d := l.Indent
	if d == nil || l.ID != lang.Java || d.Chosen < 0 {
		return
	}
	cfgs := checkstyleConfigs(root, read)
	if len(cfgs) == 0 {
		return
	}
	chosen := d.Candidates[d.Chosen].Value
	var with []string
	for _, c := range cfgs {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(c)))
		if err != nil {
			continue
		}
		// Checkstyle's XML comments hold modules switched off.
		b = reXMLComment.ReplaceAll(b, nil)
		loc := reIndentation.FindIndex(b)
		if loc == nil {
			continue
		}
		unit := "spaces:4" // the module's default basicOffset
		if m := reBasicOffset.FindSubmatch(b[loc[1]:]); m != nil {
			unit = "spaces:" + string(m[1])
		}
		if unit != chosen {
			d.Chosen = -1
			d.LeftOut = fmt.Sprintf("checkstyle's Indentation (%s) indents by %s, not the %s measured, so the findings would fight the project's checker", c, unit, chosen)
			return
		}
		with = append(with, c)
	}
	if len(with) == 0 {
		d.Chosen = -1
		d.LeftOut = fmt.Sprintf("the repository's checkstyle configuration (%s) runs no Indentation module, so the lines this rule reports (line wraps, array initialisers, comments) are lines the project's own checker accepts", strings.Join(cfgs, ", "))
		return
	}
	d.Agrees = "checkstyle's Indentation (" + strings.Join(with, ", ") + ")"
}

var reXMLComment = regexp.MustCompile(`(?s)<!--.*?-->`)
