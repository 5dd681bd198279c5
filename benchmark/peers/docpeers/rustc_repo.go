package main

// Rust on real repositories: rustc's missing_docs on each crate that
// compiles here (offline: no crates.io; a crate whose dependencies are
// the repository's own crates, or crates given with -rustc-extern, is
// compiled after them), against the Rustdoc rule run on the same files
// with the repository beside them (the crate's module tree). A crate
// that does not compile is listed with rustc's first error and its
// files' findings are left out of the comparison (they are read by
// hand).

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/rustcrate"
)

var rustcExterns = flag.String("rustc-extern", "", "comma-separated name=path/to/lib.rs of crates.io crates to compile first and pass to rustc with --extern (e.g. anstyle for clap_builder)")

var rustcWarnAtRE = regexp.MustCompile(`(?m)^warning: missing documentation for (.*)\n\s*--> ([^:\n]+):(\d+):`)

// rustFinding is one iflint finding: the line of its name and the first
// line of its item (comments and attributes included).
type rustFinding struct{ line, outer int }

func rustRepo(dir string, files []string) (*tally, error) {
	return rustCrates(dir, files, *rustcExterns)
}

// rustcCrates runs rustRepo on each crate golden (a txtar of a crate's
// files), written out to a temporary directory, with a stand-in for the
// cfg_if crate (a macro of this file's own that expands one `if
// #[cfg(..)] { items }` block) that the goldens may use.
func rustcCrates(goldens string) (*tally, error) {
	all := &tally{}
	paths, err := filepath.Glob(filepath.Join(goldens, "*.txtar"))
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			return nil, err
		}
		dir, err := os.MkdirTemp("", "docpeers-crate")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		var files []string
		for _, f := range append(ar.Files, txtar.File{Name: "_cfg_if/lib.rs", Data: []byte(cfgIfStandIn)}) {
			fp := filepath.Join(dir, filepath.FromSlash(f.Name))
			if err := os.MkdirAll(filepath.Dir(fp), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(fp, f.Data, 0o644); err != nil {
				return nil, err
			}
			if strings.HasSuffix(f.Name, ".rs") && !strings.HasPrefix(f.Name, "_") {
				files = append(files, fp)
			}
		}
		t, err := rustCrates(dir, files, "cfg_if="+filepath.Join(dir, "_cfg_if", "lib.rs"))
		if err != nil {
			return nil, err
		}
		all.merge(t, strings.TrimSuffix(filepath.Base(p), ".txtar")+": ")
	}
	return all, nil
}

const cfgIfStandIn = `#[macro_export]
macro_rules! cfg_if {
    (if #[cfg($m:meta)] { $($i:item)* }) => { $(#[cfg($m)] $i)* };
}
`

func (t *tally) merge(o *tally, prefix string) {
	t.both += o.both
	t.neither += o.neither
	t.onlyIflint += o.onlyIflint
	t.onlyRef += o.onlyRef
	t.differ += o.differ
	for k, n := range o.excluded {
		for i := 0; i < n; i++ {
			t.exclude(k)
		}
	}
	for _, n := range o.notes {
		t.notes = append(t.notes, prefix+n)
	}
}

func rustCrates(dir string, files []string, externList string) (*tally, error) {
	t := &tally{}
	if !have("rustc") {
		t.notes = append(t.notes, "unverified: rustc is not installed")
		return t, nil
	}
	repo := engine.NewRepo(dir, nil)
	ds, _ := doclint.StyleFor("rustdoc")
	byCrate := map[string][]string{} // crate root -> its files
	found := map[string][]rustFinding{}
	alone := 0
	for _, p := range files {
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		u := check.NewUnit(context.Background(), rel, src, check.Lint)
		u.Repo = repo
		issues, skip, err := doclint.Issues(u, ds)
		if err != nil {
			return nil, err
		}
		if skip != "" {
			continue // out of the rule's scope by its path (tests, benches, examples, build.rs) or an inner allow
		}
		v := rustcrate.For(repo, rel)
		if !v.Known {
			alone += len(issues)
			if len(issues) > 0 {
				t.exclude("a file no crate root reaches, read alone (not compiled by any crate)")
			}
			continue
		}
		byCrate[v.Crates[0]] = append(byCrate[v.Crates[0]], rel)
		for _, is := range issues {
			l, _ := u.Position(is.Start)
			o, _ := u.Position(is.Outer)
			found[rel] = append(found[rel], rustFinding{l, o})
		}
	}
	roots := make([]string, 0, len(byCrate))
	for r := range byCrate {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	out, err := os.MkdirTemp("", "docpeers-rustc")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(out)
	externs, err := buildExterns(out, externList)
	if err != nil {
		return nil, err
	}
	warnings := map[string]string{} // crate root -> rustc's output, once it compiled
	failed := map[string]string{}
	for progress := true; progress; {
		progress = false
		for _, r := range roots {
			if _, ok := warnings[r]; ok {
				continue
			}
			name, args := crateArgs(dir, r)
			args = append(args, externs...)
			cmd := exec.Command("rustc", append(args, "--cap-lints", "warn", "-W", "missing_docs", "--emit=metadata", "--out-dir", out, "-L", out, r)...)
			cmd.Dir = dir
			b, err := cmd.CombinedOutput()
			if err != nil {
				failed[r] = firstError(string(b))
				continue
			}
			delete(failed, r)
			warnings[r] = string(b)
			progress = true
			if rm := filepath.Join(out, "lib"+name+".rmeta"); fileExists(rm) {
				externs = append(externs, "--extern", name+"="+rm)
			}
		}
	}
	for _, r := range roots {
		if why, ok := failed[r]; ok {
			n := 0
			for _, f := range byCrate[r] {
				n += len(found[f])
			}
			t.notes = append(t.notes, fmt.Sprintf("not compiled here: crate %s (%d files, %d iflint findings): %s", r, len(byCrate[r]), n, why))
			t.exclude("a crate rustc cannot compile here (dependencies from crates.io)")
			continue
		}
		t.notes = append(t.notes, fmt.Sprintf("compiled and compared: crate %s (%d files)", r, len(byCrate[r])))
		ref := map[string][]int{}
		for _, m := range rustcWarnAtRE.FindAllStringSubmatch(warnings[r], -1) {
			l, _ := strconv.Atoi(m[3])
			ref[path.Clean(m[2])] = append(ref[path.Clean(m[2])], l)
		}
		for _, f := range byCrate[r] {
			got := map[int][]string{}
			for _, fd := range found[f] {
				got[fd.line] = append(got[fd.line], "missing")
			}
			want := map[int][]string{}
			for _, l := range ref[f] {
				for _, fd := range found[f] {
					if fd.outer <= l && l <= fd.line {
						l = fd.line
						break
					}
				}
				want[l] = append(want[l], "missing")
			}
			lines := map[int]bool{}
			for l := range got {
				lines[l] = true
			}
			for l := range want {
				lines[l] = true
			}
			for l := range lines {
				t.add(got[l], want[l], fmt.Sprintf("%s:%d", f, l))
				if *verbose && len(got[l]) > 0 && len(want[l]) > 0 {
					t.notes = append(t.notes, fmt.Sprintf("%s:%d: both flag it", f, l))
				}
			}
		}
	}
	if alone > 0 {
		t.notes = append(t.notes, fmt.Sprintf("%d iflint findings in files no crate root reaches (read alone)", alone))
	}
	return t, nil
}

// crateArgs are rustc's arguments for the crate at root: its name,
// edition, type, and every feature of its Cargo.toml that enables no
// optional dependency.
func crateArgs(dir, root string) (name string, args []string) {
	pkg := path.Dir(root)
	var toml string
	for d := pkg; ; d = path.Dir(d) {
		if b, err := os.ReadFile(filepath.Join(dir, d, "Cargo.toml")); err == nil && strings.Contains(string(b), "[package]") {
			toml, pkg = string(b), d
			break
		}
		if d == "." || d == "/" {
			break
		}
	}
	name = strings.ReplaceAll(tomlValue(toml, "package", "name"), "-", "_")
	edition := tomlValue(toml, "package", "edition")
	if edition == "" || strings.Contains(edition, "workspace") {
		edition = "2021"
	}
	kind := "lib"
	switch {
	case strings.Contains(toml, "proc-macro = true"):
		kind = "proc-macro"
		args = append(args, "--extern", "proc_macro")
	case !strings.HasSuffix(root, "lib.rs") && root != path.Join(pkg, tomlValue(toml, "lib", "path")):
		kind = "bin"
		name = strings.ReplaceAll(strings.TrimSuffix(path.Base(root), ".rs"), "-", "_")
		if path.Base(root) == "main.rs" {
			name = strings.ReplaceAll(path.Base(path.Dir(root)), "-", "_")
		}
	}
	if name == "" {
		name = "krate"
	}
	args = append(args, "--crate-name", name, "--crate-type", kind, "--edition", edition)
	for _, f := range pureFeatures(toml) {
		args = append(args, "--cfg", fmt.Sprintf("feature=%q", f))
	}
	return name, args
}

// pureFeatures are the features of a manifest that enable only other
// such features or features of dependencies (no optional dependency).
func pureFeatures(toml string) []string {
	feats := map[string][]string{}
	table := ""
	for _, line := range strings.Split(toml, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			table = strings.Trim(line, "[] ")
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if table != "features" || !ok {
			continue
		}
		v, _, _ = strings.Cut(v, "#")
		var deps []string
		for _, d := range strings.Split(strings.Trim(strings.TrimSpace(v), "[]"), ",") {
			if d = strings.Trim(strings.TrimSpace(d), `"`); d != "" {
				deps = append(deps, d)
			}
		}
		feats[strings.TrimSpace(k)] = deps
	}
	pure := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for f, deps := range feats {
			ok := !pure[f]
			for _, d := range deps {
				// a dependency's feature ("anstyle/std") is the
				// dependency's matter; "dep:x" and an optional
				// dependency's name are not available offline
				ok = ok && (pure[d] || strings.Contains(d, "/") && !strings.Contains(d, "?"))
			}
			if ok {
				pure[f], changed = true, true
			}
		}
	}
	var out []string
	for f := range pure {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

func tomlValue(toml, table, key string) string {
	cur := ""
	for _, line := range strings.Split(toml, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			cur = strings.Trim(line, "[] ")
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if cur == table && ok && strings.TrimSpace(k) == key {
			v = strings.TrimSpace(v)
			if strings.HasPrefix(v, `"`) {
				v, _, _ = strings.Cut(v[1:], `"`)
			}
			return v
		}
	}
	return ""
}

// buildExterns compiles the -rustc-extern crates and returns their
// --extern arguments.
func buildExterns(out, list string) ([]string, error) {
	var args []string
	for _, e := range strings.Split(list, ",") {
		name, src, ok := strings.Cut(strings.TrimSpace(e), "=")
		if !ok {
			continue
		}
		cmd := exec.Command("rustc", "--crate-name", name, "--crate-type", "lib", "--edition", "2021", "--cfg", `feature="std"`, "--cfg", `feature="alloc"`, "--cap-lints", "allow", "--emit=metadata", "--out-dir", out, src)
		if b, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("rustc on -rustc-extern %s: %v\n%s", e, err, b)
		}
		args = append(args, "--extern", name+"="+filepath.Join(out, "lib"+name+".rmeta"))
	}
	return args, nil
}

func firstError(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "error") {
			return l
		}
	}
	return strings.TrimSpace(out)
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
