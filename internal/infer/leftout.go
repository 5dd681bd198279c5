package infer

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
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
	whyBundled    = "vendored: a directory named %s, with a license (%s) whose copyright is not the repository's"
	whyNamedLic   = "vendored: a license named after another project (%s), whose copyright is not the repository's"
	whyHeaders    = "vendored: each of its %d files opens with a copyright of another holder (%q; the repository's: %q)"
)

// findLeftOut walks root as the reading will (hidden directories and
// read's excludes are not entered) and returns, sorted by glob, the
// topmost directories and the files that are vendored, by evidence:
//
//   - go-enry's vendor list (thirdparty/, external/, deps/, ...);
//   - a directory that is a project of its own: a license whose
//     copyright holder is not the root license's, beside a README, or
//     named after the project it licenses (spdlog's
//     include/spdlog/fmt/bundled/fmt.license.rst), or in a directory
//     named as a copy (bundled, vendored): cJSON's tests/unity is the
//     Unity test framework copied in, which no name list knows;
//   - a directory whose every file opens with a copyright header naming
//     a holder that is neither the root license's nor the one most of
//     the repository's headers name (fmt's test/gtest, Google Test
//     copied in without a license file of its own).
//
// A monorepo's own packages are not copies, whatever their license
// files say: the workspace members its package.json, pnpm-workspace.yaml
// or Cargo.toml declare are never left out as vendored (vuejs/core's
// packages/* each carry a LICENSE naming the author alone).
func findLeftOut(root string, read *config.Config) []LeftOut {
	rootLine := copyrightIn(root)
	rootHolder := holderOf(rootLine)
	members := workspaceMembers(root)
	heads := readHeaders(root, read, rootLine)
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
			if members[rel] {
				return nil
			}
			why := ""
			if leftout.Match(leftout.Vendored, rel, true) && !heads.ownCode(rel) {
				why = whyVendorList
			} else if w := ownProject(p, rel, rootHolder); w != "" {
				why = w
			} else if h, ok := heads.foreign(rel); ok {
				why = fmt.Sprintf(whyHeaders, heads.dirs[rel].files, h, heads.ownLine)
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
		if leftout.Match(leftout.Vendored, rel, false) && !heads.ownCode(path.Dir(rel)) {
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

// workspaceMembers are the directories the repository's workspace
// manifests declare as its own packages (npm, yarn and pnpm workspaces,
// Cargo workspace members).
func workspaceMembers(root string) map[string]bool {
	subs, err := Subprojects(root)
	if err != nil {
		return nil // a manifest that does not read declares nothing
	}
	out := map[string]bool{}
	for _, s := range subs {
		for _, k := range s.Kinds {
			if k == KindNpm || k == KindPnpm || k == KindCargo {
				out[s.Dir] = true
			}
		}
	}
	return out
}

// copyNames are directory names that say their contents are a copy of
// another project.
var copyNames = map[string]bool{"bundled": true, "vendored": true}

// ownProject says why dir (rel from the root) is a project of its own,
// or "".
func ownProject(dir, rel string, rootHolder holder) string {
	if len(rootHolder) == 0 {
		return ""
	}
	readme := hasFile(dir, "readme")
	for _, sub := range []string{".", "docs"} {
		lic := licenseFile(filepath.Join(dir, sub))
		if lic == "" {
			continue
		}
		h := holderOf(copyrightLine(filepath.Join(dir, sub, lic)))
		if len(h) == 0 || h.same(rootHolder) {
			continue
		}
		p := path.Join(rel, sub, lic)
		switch {
		case readme:
			return fmt.Sprintf(whyOwnProject, p)
		case copyNames[strings.ToLower(filepath.Base(dir))]:
			return fmt.Sprintf(whyBundled, filepath.Base(dir), p)
		case !isLicenseName(lic):
			return fmt.Sprintf(whyNamedLic, p)
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

// isLicenseName reports whether a file name is a license file's generic
// name (LICENSE, COPYING, license.txt, LICENSE-MIT) rather than one
// naming a project (fmt.license.rst).
func isLicenseName(name string) bool {
	n := strings.ToLower(name)
	return strings.HasPrefix(n, "license") || strings.HasPrefix(n, "licence") || strings.HasPrefix(n, "copying")
}

// licenseFile names dir's license file (LICENSE, COPYING, license.txt,
// ..., or one named after a project, fmt.license.rst), or "".
func licenseFile(dir string) string {
	es, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	named := ""
	for _, e := range es {
		if e.IsDir() {
			continue
		}
		if isLicenseName(e.Name()) {
			return e.Name()
		}
		n := strings.ToLower(e.Name())
		if named == "" && (strings.Contains(n, ".license") || strings.Contains(n, ".licence") || strings.Contains(n, "-license")) {
			named = e.Name()
		}
	}
	return named
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
	return firstCopyright(b, -1)
}

// firstCopyright is the first line of b (of its first max lines, when
// max > 0) that names a copyright holder: "Copyright (c) ...",
// "Copyright © ..." or "Copyright <year> ...", spacing normalised.
func firstCopyright(b []byte, max int) string {
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for n := 0; sc.Scan() && (max <= 0 || n < max); n++ {
		l := strings.Join(strings.Fields(sc.Text()), " ")
		low := strings.ToLower(l)
		i := strings.Index(low, "copyright ")
		if i < 0 {
			continue
		}
		rest := low[i+len("copyright "):]
		if strings.HasPrefix(rest, "(c)") || strings.HasPrefix(rest, "©") || strings.ContainsAny(rest, "0123456789") {
			return l
		}
	}
	return ""
}

// holder is a copyright holder as the words that name it: a copyright
// line without its years, "(c)", punctuation and the words any holder
// may carry (Inc., contributors, "all rights reserved").
type holder []string

var holderNoise = map[string]bool{"copyright": true, "c": true, "the": true, "and": true, "inc": true, "ltd": true,
	"llc": true, "gmbh": true, "corp": true, "corporation": true, "co": true, "contributors": true, "authors": true,
	"author": true, "all": true, "rights": true, "reserved": true, "present": true, "by": true, "its": true, "other": true,
	"others": true, "et": true, "al": true, "project": true, "developers": true, "team": true, "of": true, "year": true}

func holderOf(line string) holder {
	var h holder
	for _, w := range strings.FieldsFunc(strings.ToLower(line), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r > 127 && r != '©')
	}) {
		if !holderNoise[w] && len(w) > 1 {
			h = append(h, w)
		}
	}
	return h
}

// same reports whether two holders share a name: "Yuxi (Evan) You" and
// "Yuxi (Evan) You and Vue contributors" are one.
func (h holder) same(o holder) bool {
	for _, a := range h {
		for _, b := range o {
			if a == b {
				return true
			}
		}
	}
	return false
}

func (h holder) String() string { return strings.Join(h, " ") }

// headers are the copyright headers of the files init reads, counted per
// directory (each file in its directory and every one above).
type headers struct {
	// own is the holder the repository's own files carry: the root
	// license's, else the one most headers name.
	own     holder
	ownLine string // the line own was read from
	dirs    map[string]*dirHeaders
	// by counts the files each holder heads, by its words.
	by map[string]int
}

type dirHeaders struct {
	files   int    // files of a known language below the directory
	foreign int    // of them, headed by a copyright of another holder
	own     int    // of them, headed by the repository's copyright
	holder  holder // the foreign holder, when all name one
	line    string // the first header line naming it
	mixed   bool   // foreign headers name more than one holder
}

// readHeaders reads the copyright header (in the first 40 lines) of each
// file of a known language that read would check.
func readHeaders(root string, read *config.Config, rootLine string) headers {
	type fileHead struct {
		rel, line string
		h         holder
	}
	var all []fileHead
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || read.Excluded(rel)) {
				return filepath.SkipDir
			}
			return nil
		}
		if _, ok := read.LanguageOf(rel, nil); !ok {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return nil
		}
		defer f.Close()
		buf := make([]byte, 4096)
		n, _ := io.ReadFull(f, buf)
		line := firstCopyright(buf[:n], 40)
		all = append(all, fileHead{rel, line, holderOf(line)})
		return nil
	})
	hs := headers{own: holderOf(rootLine), ownLine: strings.TrimLeft(rootLine, "/*#;- "), dirs: map[string]*dirHeaders{}, by: map[string]int{}}
	if len(hs.own) == 0 {
		// No root license to say whose the code is: the holder most
		// headers name is the repository's.
		count := map[string]int{}
		best, bestLine := "", ""
		for _, f := range all {
			if k := f.h.String(); k != "" {
				count[k]++
				if count[k] > count[best] || count[k] == count[best] && k < best {
					best, bestLine = k, f.line
				}
			}
		}
		hs.own, hs.ownLine = holder(strings.Fields(best)), strings.TrimLeft(bestLine, "/*#;- ")
	}
	for _, f := range all {
		foreign := len(f.h) > 0 && len(hs.own) > 0 && !f.h.same(hs.own)
		if foreign {
			hs.by[f.h.String()]++
		}
		for dir := path.Dir(f.rel); ; dir = path.Dir(dir) {
			d := hs.dirs[dir]
			if d == nil {
				d = &dirHeaders{}
				hs.dirs[dir] = d
			}
			d.files++
			if len(f.h) > 0 && len(hs.own) > 0 && f.h.same(hs.own) {
				d.own++
			}
			if foreign {
				d.foreign++
				switch {
				case d.holder == nil:
					d.holder, d.line = f.h, strings.TrimLeft(f.line, "/*#;- ")
				case !d.holder.same(f.h):
					d.mixed = true
				}
			}
			if dir == "." {
				break
			}
		}
	}
	return hs
}

// ownCode reports whether dir's files say they are the repository's own:
// at least half carry its copyright header and none another's. A name on
// linguist's vendor list (cache/, deps/) is then no evidence of a copy:
// hugo's cache/ is its own package, each file headed "Copyright 2024 The
// Hugo Authors".
func (hs headers) ownCode(dir string) bool {
	d := hs.dirs[dir]
	return d != nil && d.own > 0 && 2*d.own >= d.files && d.foreign == 0
}

// foreign returns the holder of dir's files when every one of them (two
// at least) carries a header naming one holder that is not the
// repository's and heads no file outside dir, and they are fewer than
// half of the repository's files (a repository's own files are most of
// it). A holder heading files across the tree is the project's own
// under another name (gin's "Gin Core Team" beside its author's name in
// the license); a copied library's holder heads its copy only.
func (hs headers) foreign(dir string) (string, bool) {
	d, all := hs.dirs[dir], hs.dirs["."]
	if d == nil || all == nil || d.files < 2 || d.foreign < d.files || d.mixed || 2*d.files >= all.files {
		return "", false
	}
	if hs.by[d.holder.String()] > d.foreign {
		return "", false
	}
	return d.line, true
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
