package comments

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
)

// TestRustdocCrates runs the Rustdoc rule on the crates of
// testdata/rustdoc_crate/*.txtar, each a crate's files (Cargo.toml,
// src/lib.rs, its module files): what an item's verdict depends on is
// the crate's module tree, read through the unit's Repo, so each .rs
// file is checked with the others beside it. The findings of every
// file go to the .out beside the archive; each was compared with
// rustc -W missing_docs on the same crate when written.
func TestRustdocCrates(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "rustdoc_crate", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatal("no crate goldens", err)
	}
	c := constraint.Constraint{Type: constraint.Comments, Lang: lang.Rust, Name: "Rustdoc", Spec: "rust;Rustdoc"}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			ar, err := txtar.ParseFile(p)
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{}
			var names []string
			for _, f := range ar.Files {
				files[path.Clean(f.Name)] = f.Data
				if strings.HasSuffix(f.Name, ".rs") {
					names = append(names, path.Clean(f.Name))
				}
			}
			sort.Strings(names)
			repo := check.NewRepo(files, nil)
			var out strings.Builder
			for _, name := range names {
				u := check.NewUnit(context.Background(), name, files[name], check.Lint)
				u.Repo = repo
				r := runRule(u, c)
				fmt.Fprintf(&out, "%s: %s (%s)\n", name, r.Verdict, firstLine(r.Reason))
				for _, f := range r.Findings {
					l, col := u.Position(f.Start)
					fmt.Fprintf(&out, "  %d:%d: %s\n", l, col, f.Message)
				}
				if reads := Rule.Reads(u, c); !strings.HasPrefix(reads, "rustcrate.v1") {
					t.Errorf("%s: the rule's reads %q name no crate", name, reads)
				}
			}
			goldentest.Check(t, strings.TrimSuffix(p, ".txtar")+".out", []byte(out.String()))
		})
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
