package rustcrate

import (
	"context"
	"path"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
)

// View is what the crates a file belongs to export of it. The zero View
// (Known false) is a file no crate root reaches.
type View struct {
	// Known: some crate's module tree includes the file.
	Known bool
	// Root: the file is a crate root (its //! docs are the crate's).
	Root bool
	// Crates are the roots of the crates the file belongs to.
	Crates []string
	// Digest names everything the answers depend on besides the file's
	// own bytes: the module trees of its crates (or, when it is in none,
	// the roots that were tried), for a result cache's key.
	Digest string
	file   string
	crates []*Crate
}

// For returns the view of the file at path p (slash, as the run names
// it) through repo, computing each crate once per run.
func For(repo *check.Repo, p string) View {
	p = path.Clean(p)
	return repo.Memo("rustcrate.view:"+p, func() any { return view(repo, p) }).(View)
}

func view(repo *check.Repo, p string) View {
	roots := candidateRoots(repo, p)
	v := View{file: p}
	var digests []string
	for _, r := range roots {
		c := repo.Memo("rustcrate:"+r, func() any { return load(context.Background(), r, repo.Read) }).(*Crate)
		if !c.has(p) {
			digests = append(digests, "tried "+r+" "+c.digest) // a change there may take the file in
			continue
		}
		v.Known = true
		v.Root = v.Root || r == p
		v.Crates = append(v.Crates, r)
		v.crates = append(v.crates, c)
		digests = append(digests, r+" "+c.digest)
	}
	sort.Strings(digests)
	v.Digest = "rustcrate.v1\n" + strings.Join(digests, "\n")
	return v
}

func (c *Crate) has(file string) bool {
	_, ok := c.byPlace[[2]string{file, ""}]
	return ok
}

// Silenced reports whether every crate the file belongs to reads
// nothing in it: a module on the way from the crate root to the file is
// #[allow(missing_docs)], #[doc(hidden)] or #[cfg(test)].
func (v View) Silenced() bool {
	if !v.Known {
		return false
	}
	for _, c := range v.crates {
		silent := false
		for id := c.byPlace[[2]string{v.file, ""}]; id >= 0 && !silent; id = c.nodes[id].parent {
			silent = c.nodes[id].silenced || c.nodes[id].test
		}
		if !silent {
			return false
		}
	}
	return true
}

// Module is an inline module path inside the file ("" for the file's
// top level, "a/b" for `mod a { mod b { ... } }`).
type Module = string

// ItemExported reports whether an item declared `pub` in module m of
// the file is public API: its module is exported, or a reachable `pub
// use` names it, in some crate the file belongs to.
func (v View) ItemExported(m Module, name string) bool {
	for _, c := range v.crates {
		if id, ok := c.byPlace[[2]string{v.file, m}]; ok && (c.exported[id] || c.items[id][name]) {
			return true
		}
	}
	return false
}

// ModuleExported reports whether module m's own `pub` items are public
// API (it is reachable from the crate root).
func (v View) ModuleExported(m Module) bool {
	for _, c := range v.crates {
		if id, ok := c.byPlace[[2]string{v.file, m}]; ok && c.exported[id] {
			return true
		}
	}
	return false
}

// TypeExported resolves a type path written in module m (an impl's self
// type) and reports whether the item it names is public API; known is
// false when the path names nothing the crate declares.
func (v View) TypeExported(m Module, typePath []string) (exported, known bool) {
	for _, c := range v.crates {
		id, ok := c.byPlace[[2]string{v.file, m}]
		if !ok {
			continue
		}
		t := c.resolve(id, typePath, 0)
		if t.mod < 0 || t.name == "" {
			continue
		}
		known = true
		if c.nodes[t.mod].items[t.name] && (c.exported[t.mod] || c.items[t.mod][t.name]) {
			return true, true
		}
	}
	return false, known
}

// ModFileDoc reports whether the file of `mod name;` declared in module m
// opens with //! (or #![doc]); found is false when no file was read for it.
func (v View) ModFileDoc(m Module, name string) (documented, found bool) {
	for _, c := range v.crates {
		id, ok := c.byPlace[[2]string{v.file, m}]
		if !ok {
			continue
		}
		if cid, ok := c.nodes[id].children[name]; ok {
			found = true
			documented = documented || c.nodes[cid].fileDoc
		}
	}
	return documented, found
}

// candidateRoots are the crate roots that may reach the file at p: the
// file itself when it is a root by its place (src/bin/x.rs, build.rs);
// else the roots of the nearest package above it (Cargo.toml's [lib]
// and [[bin]] paths, src/lib.rs, src/main.rs, src/bin/<name>/main.rs);
// without a Cargo.toml, the nearest lib.rs or main.rs above it.
func candidateRoots(repo *check.Repo, p string) []string {
	dir := path.Dir(p)
	for d := dir; ; d = path.Dir(d) {
		if toml, ok := repo.Read(path.Join(d, "Cargo.toml")); ok {
			if roots := packageRoots(repo, d, toml, p); len(roots) > 0 {
				return roots
			}
		}
		if d == "." || d == "/" || strings.HasSuffix(d, "..") {
			break
		}
	}
	for d := dir; ; d = path.Dir(d) {
		var roots []string
		for _, name := range []string{"lib.rs", "main.rs"} {
			if _, ok := repo.Read(path.Join(d, name)); ok {
				roots = append(roots, path.Join(d, name))
			}
		}
		if len(roots) > 0 || d == "." || d == "/" || strings.HasSuffix(d, "..") {
			return roots
		}
	}
}

// packageRoots are the roots of the package in dir (manifest toml) that
// may include p.
func packageRoots(repo *check.Repo, dir string, toml []byte, p string) []string {
	lib, bins, isPackage := manifestPaths(string(toml))
	if !isPackage {
		return nil
	}
	rel := strings.TrimPrefix(p, dir+"/")
	if dir == "." {
		rel = p
	}
	if rel == "build.rs" {
		return []string{p}
	}
	if rest, ok := strings.CutPrefix(rel, "src/bin/"); ok {
		if !strings.Contains(rest, "/") {
			return []string{p}
		}
		name, _, _ := strings.Cut(rest, "/")
		return []string{path.Join(dir, "src/bin", name, "main.rs")}
	}
	if lib == "" {
		lib = "src/lib.rs"
	}
	var roots []string
	for _, r := range append([]string{lib, "src/main.rs"}, bins...) {
		r = path.Join(dir, r)
		if _, ok := repo.Read(r); ok && !contains(roots, r) {
			roots = append(roots, r)
		}
	}
	return roots
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// manifestPaths reads a Cargo.toml's [lib] path and [[bin]] paths, as far
// as they are written `path = "..."` inside those tables; isPackage is
// false for a virtual manifest (a workspace without a [package]).
func manifestPaths(toml string) (lib string, bins []string, isPackage bool) {
	table := ""
	for _, line := range strings.Split(toml, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			table = strings.TrimSpace(strings.Trim(line, "[]"))
			isPackage = isPackage || table == "package"
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(key) != "path" {
			continue
		}
		val = strings.TrimSpace(val)
		if q := val[:min(1, len(val))]; q == `"` || q == "'" {
			val, _, _ = strings.Cut(val[1:], q)
		}
		switch table {
		case "lib":
			lib = val
		case "bin":
			bins = append(bins, val)
		}
	}
	return lib, bins, isPackage
}
