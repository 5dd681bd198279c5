package infer

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/leftout"
)

// LeftOut is a tree or file init leaves out as not the project's own
// code, with why; its Glob is written to the configuration's exclude
// list, so that check leaves out what init did.
type LeftOut struct {
	Glob string
	Why  string
	// Files counts the files of a known language below Glob.
	Files int
}

// Why init leaves a tree out.
const (
	whyVendorList = "vendored (linguist's vendor list, as go-enry has it)"
	whyOwnProject = "vendored: a project of its own, with its own README and a license (%s) whose copyright is not the repository's"
)

// findLeftOut walks root as the reading will (hidden directories and
// read's excludes are not entered) and returns, sorted by glob, the
// topmost directories and the files that are vendored: by go-enry's
// vendor list, or a directory that is a project of its own (a README
// and a license whose copyright line differs from the root license's:
// cJSON's tests/unity is the Unity test framework copied in, which no
// name list knows). A monorepo's packages carry the root's license, so
// they are not taken for copies.
func findLeftOut(root string, read *config.Config) []LeftOut {
	rootCopyright := copyrightIn(root)
	var out []LeftOut
	cur := -1 // index in out of the tree being counted
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable: the reading reports it
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") || read.Excluded(rel) {
				return filepath.SkipDir
			}
			if cur >= 0 && strings.HasPrefix(rel, out[cur].Glob+"/") {
				return nil
			}
			cur = -1
			why := ""
			if leftout.Match(leftout.Vendored, rel, true) {
				why = whyVendorList
			} else if lic := ownProject(p, rootCopyright); lic != "" {
				why = fmt.Sprintf(whyOwnProject, path.Join(rel, lic))
			}
			if why != "" {
				out = append(out, LeftOut{Glob: rel, Why: why})
				cur = len(out) - 1
			}
			return nil
		}
		if _, ok := read.LanguageOf(rel, nil); !ok {
			return nil
		}
		if cur >= 0 && strings.HasPrefix(rel, out[cur].Glob+"/") {
			out[cur].Files++
			return nil
		}
		if leftout.Match(leftout.Vendored, rel, false) {
			// By its content: a ProGuard proguard-rules.pro is on the
			// list, and no language iflint checks either way.
			if src, err := os.ReadFile(p); err == nil {
				if _, ok := read.LanguageOf(rel, src); ok {
					out = append(out, LeftOut{Glob: rel, Why: whyVendorList, Files: 1})
				}
			}
		}
		return nil
	})
	// A tree with no file of a known language changes nothing checked.
	kept := out[:0]
	for _, l := range out {
		if l.Files > 0 {
			kept = append(kept, l)
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].Glob < kept[j].Glob })
	return kept
}

// ownProject returns the license file (relative to dir) that makes dir
// a project of its own, or "".
func ownProject(dir, rootCopyright string) string {
	if rootCopyright == "" || !hasFile(dir, "readme") {
		return ""
	}
	for _, sub := range []string{".", "docs"} {
		lic := licenseFile(filepath.Join(dir, sub))
		if lic == "" {
			continue
		}
		c := copyrightLine(filepath.Join(dir, sub, lic))
		if c != "" && c != rootCopyright {
			return path.Join(sub, lic)
		}
	}
	return ""
}

// copyrightIn is the copyright line of dir's license file, or "".
func copyrightIn(dir string) string {
	lic := licenseFile(dir)
	if lic == "" {
		return ""
	}
	return copyrightLine(filepath.Join(dir, lic))
}

// licenseFile names dir's license file (LICENSE, COPYING, license.txt,
// ...), or "".
func licenseFile(dir string) string {
	es, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range es {
		n := strings.ToLower(e.Name())
		if !e.IsDir() && (strings.HasPrefix(n, "license") || strings.HasPrefix(n, "licence") || strings.HasPrefix(n, "copying")) {
			return e.Name()
		}
	}
	return ""
}

func hasFile(dir, prefix string) bool {
	es, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range es {
		if !e.IsDir() && strings.HasPrefix(strings.ToLower(e.Name()), prefix) {
			return true
		}
	}
	return false
}

// copyrightLine is a license's first line naming a copyright holder,
// with spacing normalised, or "".
func copyrightLine(p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		l := strings.Join(strings.Fields(sc.Text()), " ")
		if strings.Contains(strings.ToLower(l), "copyright (c)") || strings.HasPrefix(strings.ToLower(l), "copyright ") && strings.ContainsAny(l, "0123456789") {
			return l
		}
	}
	return ""
}

// LeftOutOf returns what init leaves out of root as vendored (see
// findLeftOut), read with the embedded default's excludes: the trees a
// configuration init writes excludes, so that a measurement of what
// iflint checks in root can leave out what iflint would.
func LeftOutOf(root string) ([]LeftOut, error) {
	def, err := config.Parse("embedded default", config.Default)
	if err != nil {
		return nil, err
	}
	return findLeftOut(root, def), nil
}
