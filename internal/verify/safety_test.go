package verify_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/verify"
)

// TestSafetyGolden runs every testdata/safety/NAME.txtar: old/<path> is
// the file as it was, new/<path> the candidate, and repo/<path> the
// repository's other files. NAME.out holds the safety stage's verdict
// (rewritten with -update; review the diff). The archive comment says
// what the case shows.
func TestSafetyGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "safety", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no safety cases: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			root := t.TempDir()
			var path string
			var old, cand []byte
			for _, f := range ar.Files {
				kind, rel, _ := strings.Cut(f.Name, "/")
				switch kind {
				case "old":
					path, old = rel, f.Data
					put(t, filepath.Join(root, rel), string(f.Data))
				case "new":
					cand = f.Data
				case "repo":
					put(t, filepath.Join(root, rel), string(f.Data))
				default:
					t.Fatalf("archive file %s: expected an old/, new/ or repo/ prefix", f.Name)
				}
			}
			if path == "" || cand == nil {
				t.Fatal("expected one old/ and one new/ file")
			}
			info, ok := lang.ByPath(path)
			if !ok {
				t.Fatalf("%s: no language", path)
			}
			id := info.ID
			ou := check.NewUnit(context.Background(), path, old, check.Lint)
			nu := check.NewUnit(context.Background(), path, cand, check.Lint)
			r := verify.Safety(ou, nu, id, &verify.RepoWords{Root: root})
			got := fmt.Sprintf("passed: %v\n%s\n", r.Passed, r.Detail)
			goldentest.Check(t, strings.TrimSuffix(file, ".txtar")+".out", []byte(got))
		})
	}
}

// TestRepoWordsSeesChangedFiles: a word another candidate of the same
// run wrote counts as mentioned, and a word it removed does not.
func TestRepoWordsSeesChangedFiles(t *testing.T) {
	root := t.TempDir()
	put(t, filepath.Join(root, "a.go"), "package p\n\nfunc old_name() {}\n")
	put(t, filepath.Join(root, "b.go"), "package p\n\nfunc other() { old_name() }\n")
	put(t, filepath.Join(root, ".git", "x"), "new_name\n")
	changed := map[string][]byte{}
	w := &verify.RepoWords{Root: root, Changed: func() map[string][]byte { return changed }}
	for _, c := range []struct {
		word string
		want string
	}{{"old_name", "b.go"}, {"new_name", ""}, {"other", "b.go"}, {"old", ""}} {
		got, err := w.Mentions("a.go", c.word)
		if err != nil || strings.Join(got, " ") != c.want {
			t.Errorf("Mentions(a.go, %q) = %q, %v; want %q", c.word, got, err, c.want)
		}
	}
	changed["b.go"] = []byte("package p\n\nfunc other() { new_name() }\n")
	for _, c := range []struct{ word, want string }{{"old_name", ""}, {"new_name", "b.go"}} {
		got, err := w.Mentions("a.go", c.word)
		if err != nil || strings.Join(got, " ") != c.want {
			t.Errorf("after b.go changed: Mentions(a.go, %q) = %q, %v; want %q", c.word, got, err, c.want)
		}
	}
}

func put(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
