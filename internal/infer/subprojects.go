package infer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"gopkg.in/yaml.v3"
)

// A monorepo holds projects that keep their own conventions, often in
// different languages; `iflint init -subprojects` writes a configuration
// for each, which governs its files by the nearest-configuration rule
// (config.Set). A subproject is what the ecosystems themselves call a
// separate project:
//
//   - a Go module: a directory below the root with its own go.mod;
//   - a Python package with its own pyproject.toml;
//   - an npm workspace: a directory with a package.json that a
//     package.json's "workspaces" globs name (npm, yarn), or that a
//     pnpm-workspace.yaml's "packages" globs name (pnpm);
//   - a Cargo workspace member: a directory with a Cargo.toml that a
//     Cargo.toml's [workspace] members globs name (and exclude does not).

// Subproject is one detected subproject.
type Subproject struct {
	// Dir is the subproject's directory, slash-separated, relative to
	// the root.
	Dir string
	// Kinds say why it is one ("Go module", "npm workspace", ...).
	Kinds []string
}

// Detect kinds.
const (
	KindGo    = "Go module"
	KindPy    = "Python package"
	KindNpm   = "npm workspace"
	KindPnpm  = "pnpm workspace"
	KindCargo = "Cargo workspace member"
)

// Subprojects lists the subprojects below root, sorted by directory.
// Directories the embedded default excludes (vendor, node_modules,
// testdata, ...) and hidden ones are not read.
func Subprojects(root string) ([]Subproject, error) {
	def, err := config.Parse("embedded default", config.Default)
	if err != nil {
		return nil, err
	}
	manifests := map[string]map[string]bool{} // dir → the manifest files it holds
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil && p == root:
			return err
		case err != nil && d != nil && d.IsDir():
			// A directory that cannot be listed is no evidence; Infer's
			// read of the tree reports it as skipped.
			return filepath.SkipDir
		case err != nil:
			return nil
		}
		rel := slashRel(root, p)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || def.Excluded(rel)) {
				return filepath.SkipDir
			}
			return nil
		}
		switch d.Name() {
		case "go.mod", "pyproject.toml", "package.json", "Cargo.toml", "pnpm-workspace.yaml":
			dir := path.Dir(rel)
			if manifests[dir] == nil {
				manifests[dir] = map[string]bool{}
			}
			manifests[dir][d.Name()] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	kinds := map[string][]string{}
	add := func(dir, kind string) {
		if dir != "." && !slices.Contains(kinds[dir], kind) {
			kinds[dir] = append(kinds[dir], kind)
		}
	}
	dirsWith := func(name string) []string {
		var out []string
		for dir, m := range manifests {
			if m[name] {
				out = append(out, dir)
			}
		}
		sort.Strings(out)
		return out
	}
	for _, dir := range dirsWith("go.mod") {
		add(dir, KindGo)
	}
	for _, dir := range dirsWith("pyproject.toml") {
		add(dir, KindPy)
	}
	pkgDirs := dirsWith("package.json")
	for _, ws := range pkgDirs {
		globs, err := npmWorkspaces(filepath.Join(root, filepath.FromSlash(ws), "package.json"))
		if err != nil {
			return nil, err
		}
		for _, dir := range members(ws, globs, nil, pkgDirs) {
			add(dir, KindNpm)
		}
	}
	for _, ws := range dirsWith("pnpm-workspace.yaml") {
		globs, err := pnpmWorkspaces(filepath.Join(root, filepath.FromSlash(ws), "pnpm-workspace.yaml"))
		if err != nil {
			return nil, err
		}
		for _, dir := range members(ws, globs, nil, pkgDirs) {
			add(dir, KindPnpm)
		}
	}
	crateDirs := dirsWith("Cargo.toml")
	for _, ws := range crateDirs {
		b, ok := manifest(filepath.Join(root, filepath.FromSlash(ws), "Cargo.toml"))
		if !ok {
			continue
		}
		include, exclude := cargoWorkspace(string(b))
		for _, dir := range members(ws, include, exclude, crateDirs) {
			add(dir, KindCargo)
		}
	}
	out := make([]Subproject, 0, len(kinds))
	for dir, ks := range kinds {
		out = append(out, Subproject{Dir: dir, Kinds: ks})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Dir < out[j].Dir })
	return out, nil
}

// members are the directories of candidates (slash paths relative to the
// root) below ws that an include glob names and no exclude glob does;
// globs are relative to ws, as npm and Cargo read them.
func members(ws string, include, exclude []string, candidates []string) []string {
	norm := func(g string) string {
		g = strings.TrimPrefix(path.Clean(strings.TrimPrefix(g, "./")), "./")
		return strings.TrimSuffix(g, "/")
	}
	matches := func(globs []string, rel string) bool {
		for _, g := range globs {
			g = norm(g)
			// A glob without a slash names a directory of ws itself, not
			// one of that name anywhere (as config.Match would read it).
			ok, _ := path.Match(g, rel)
			if ok || strings.Contains(g, "/") && config.Match(g, rel) {
				return true
			}
		}
		return false
	}
	var in, out []string
	for _, g := range include {
		if neg, ok := strings.CutPrefix(g, "!"); ok { // npm: "!packages/old"
			out = append(out, neg)
		} else {
			in = append(in, g)
		}
	}
	out = append(out, exclude...)
	var dirs []string
	for _, dir := range candidates {
		rel := dir
		if ws != "." {
			var ok bool
			if rel, ok = strings.CutPrefix(dir, ws+"/"); !ok {
				continue
			}
		} else if dir == "." {
			continue
		}
		if matches(in, rel) && !matches(out, rel) {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// manifest reads a package manifest as source files are read (a regular
// file, bounded by the size cap); one that cannot be read is no evidence
// of a workspace, as a directory that cannot be listed is none.
func manifest(p string) ([]byte, bool) {
	b, skip, err := engine.ReadSource(p)
	return b, err == nil && skip == ""
}

// npmWorkspaces reads the "workspaces" of a package.json: a list of
// globs, or yarn's {"packages": [...]}.
func npmWorkspaces(p string) ([]string, error) {
	b, ok := manifest(p)
	if !ok {
		return nil, nil
	}
	var pkg struct {
		Workspaces json.RawMessage `json:"workspaces"`
	}
	if json.Unmarshal(b, &pkg) != nil || len(pkg.Workspaces) == 0 {
		return nil, nil // not a workspace root (or not JSON: no evidence either way)
	}
	var list []string
	if json.Unmarshal(pkg.Workspaces, &list) == nil {
		return list, nil
	}
	var yarn struct {
		Packages []string `json:"packages"`
	}
	if err := json.Unmarshal(pkg.Workspaces, &yarn); err != nil {
		return nil, errors.New(p + `: "workspaces" is neither a list of globs nor {"packages": [...]}`)
	}
	return yarn.Packages, nil
}

// pnpmWorkspaces reads the "packages" globs of a pnpm-workspace.yaml
// ("!" negations as npm's).
func pnpmWorkspaces(p string) ([]string, error) {
	b, ok := manifest(p)
	if !ok {
		return nil, nil
	}
	var ws struct {
		Packages []string `yaml:"packages"`
	}
	if err := yaml.Unmarshal(b, &ws); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return ws.Packages, nil
}

// cargoWorkspace reads the members and exclude arrays of a Cargo.toml's
// [workspace] table: the few TOML forms Cargo manifests use for them
// (strings in an array, over several lines, with comments).
func cargoWorkspace(text string) (members, exclude []string) {
	table := ""
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(stripTOMLComment(lines[i]))
		if strings.HasPrefix(l, "[") {
			table = strings.Trim(l, "[] ")
			continue
		}
		if table != "workspace" {
			continue
		}
		key, val, ok := strings.Cut(l, "=")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if key != "members" && key != "exclude" {
			continue
		}
		// The array may run over several lines, up to its closing bracket.
		for !strings.Contains(val, "]") && i+1 < len(lines) {
			i++
			val += " " + strings.TrimSpace(stripTOMLComment(lines[i]))
		}
		if key == "members" {
			members = tomlStrings(val)
		} else {
			exclude = tomlStrings(val)
		}
	}
	return members, exclude
}

// tomlStrings reads the quoted strings of a TOML array.
func tomlStrings(arr string) []string {
	var out []string
	for rest := arr; ; {
		i := strings.IndexAny(rest, `"'`)
		if i < 0 {
			return out
		}
		q := rest[i]
		j := strings.IndexByte(rest[i+1:], q)
		if j < 0 {
			return out
		}
		out = append(out, rest[i+1:i+1+j])
		rest = rest[i+1+j+1:]
	}
}

// stripTOMLComment drops a # comment that is not inside a string.
func stripTOMLComment(l string) string {
	var quote byte
	for i := 0; i < len(l); i++ {
		switch c := l[i]; {
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		case quote == 0 && c == '#':
			return l[:i]
		}
	}
	return l
}

func slashRel(root, p string) string {
	r, err := filepath.Rel(root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}
