package main

// Rust: rustc's missing_docs lint cannot run on tokio or ripgrep offline
// (their crates need dependencies from crates.io), so it is run on
// iflint's own Rust goldens, which are self-contained crates: the lines
// rustc flags against the lines iflint flags.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
)

var (
	rustcWarnRE = regexp.MustCompile(`(?m)^warning: missing documentation for (.*)\n\s*--> [^:]+:(\d+):`)
	rustModRE   = regexp.MustCompile(`(?m)^\s*(?:pub\s+)?mod\s+(\w+)\s*;`)
)

func rustcOwn(goldens string) (*tally, error) {
	t := &tally{}
	if !have("rustc") {
		t.notes = append(t.notes, "unverified: rustc is not installed")
		return t, nil
	}
	paths, err := filepath.Glob(filepath.Join(goldens, "rustdoc_lint_*.txt"))
	if err != nil {
		return nil, err
	}
	ds, _ := doclint.StyleFor("rustdoc")
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			return nil, err
		}
		var name string
		var code []byte
		for _, f := range ar.Files {
			if f.Name != "spec" {
				name, code = f.Name, f.Data
			}
		}
		u := check.NewUnit(context.Background(), name, code, check.Lint)
		issues, skip, err := doclint.Issues(u, ds)
		if err != nil {
			return nil, err
		}
		if skip != "" {
			t.exclude("the golden is out of the rule's scope by its path or an inner #![allow] (" + filepath.Base(p) + ")")
			continue
		}
		dir, err := os.MkdirTemp("", "docpeers-rustc")
		if err != nil {
			return nil, err
		}
		lib := filepath.Join(dir, "lib.rs")
		if err := os.WriteFile(lib, code, 0o644); err != nil {
			return nil, err
		}
		// `mod m;` needs a file; a documented stand-in keeps rustc from
		// flagging the declaration, which iflint leaves to that file.
		for _, m := range rustModRE.FindAllStringSubmatch(string(code), -1) {
			if err := os.WriteFile(filepath.Join(dir, m[1]+".rs"), []byte("//! Stand-in.\n"), 0o644); err != nil {
				return nil, err
			}
		}
		// Feature "x" is on: a golden gates an item on it to show that
		// a feature gate leaves the item checked.
		cmd := exec.Command("rustc", "--crate-type", "lib", "--edition", "2021", "-W", "missing_docs", "--cfg", `feature="x"`, "--emit=metadata", "-o", filepath.Join(dir, "out.rmeta"), lib)
		out, err := cmd.CombinedOutput()
		os.RemoveAll(dir)
		if err != nil {
			return nil, fmt.Errorf("rustc on %s: %v\n%s", p, err, out)
		}
		// iflint reports at an item's name, rustc at its first line: a
		// rustc line within an item iflint reports (its comments and
		// attributes to its name) counts as that item's.
		got := map[int][]string{}
		span := map[int]int{} // name line -> first line
		for _, is := range issues {
			l, _ := u.Position(is.Start)
			o, _ := u.Position(is.Outer)
			got[l] = append(got[l], "missing")
			span[l] = o
		}
		ref := map[int][]string{}
		for _, m := range rustcWarnRE.FindAllStringSubmatch(string(out), -1) {
			if m[1] == "the crate" {
				continue // the crate root's //! docs: not a file's matter
			}
			l, _ := strconv.Atoi(m[2])
			for nl, o := range span {
				if o <= l && l <= nl {
					l = nl
					break
				}
			}
			ref[l] = append(ref[l], "missing")
		}
		lines := map[int]bool{}
		for l := range ref {
			lines[l] = true
		}
		for l := range got {
			lines[l] = true
		}
		for l := range lines {
			t.add(got[l], ref[l], fmt.Sprintf("%s:%d", strings.TrimSuffix(filepath.Base(p), ".txt"), l))
		}
	}
	return t, nil
}
