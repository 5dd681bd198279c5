package langtype

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/guesslang"
	"github.com/iflint/iflint/internal/lang"
)

// TestLanguageTypeRealCode compares the lint classifier with Guesslang's
// model on real repositories (README, "language_type in the lint
// profile"): up to 40 files per repository, each as a whole and as the
// 20-line piece from its line 11, the truth being the file's extension.
// It reads checkouts under $IFLINT_REPOS (flask requests cobra prometheus
// gson express core ripgrep jq leveldb fmt) and skips without them.
func TestLanguageTypeRealCode(t *testing.T) {
	root := os.Getenv("IFLINT_REPOS")
	if root == "" {
		t.Skip("IFLINT_REPOS not set: no real repositories to measure on")
	}
	m, err := guesslang.Default()
	if err != nil {
		t.Fatal(err)
	}
	ext := map[string]string{".py": "Python", ".go": "Go", ".java": "Java", ".js": "JavaScript", ".ts": "TypeScript", ".rs": "Rust", ".c": "C", ".cc": "C++", ".cpp": "C++"}
	type acc struct{ n, model, lint, modelSnip, lintSnip int }
	res := map[string]*acc{}
	for _, repo := range []string{"flask", "requests", "cobra", "prometheus", "gson", "express", "core", "ripgrep", "jq", "leveldb", "fmt"} {
		var files []string
		filepath.Walk(filepath.Join(root, repo), func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() && ext[filepath.Ext(p)] != "" && !strings.Contains(p, "/.") && !strings.Contains(p, "node_modules") {
				files = append(files, p)
			}
			return nil
		})
		sort.Strings(files)
		if len(files) > 40 {
			step := len(files) / 40
			var f2 []string
			for i := 0; i < len(files); i += step {
				f2 = append(f2, files[i])
			}
			files = f2
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil || len(b) < 200 {
				continue
			}
			want := ext[filepath.Ext(f)]
			a := res[want]
			if a == nil {
				a = &acc{}
				res[want] = a
			}
			a.n++
			if n, ok := m.Name(string(b)); ok && n == want {
				a.model++
			}
			if g := guessLanguage(check.NewUnit(context.Background(), "", b, check.Lint)); g.name != "" {
				if in, ok := lang.Lookup(g.name); ok && in.ID == mustID(want) {
					a.lint++
				}
			}
			// A piece of the file, as a pasted snippet would be.
			lines := strings.SplitAfter(string(b), "\n")
			if len(lines) > 30 {
				snip := strings.Join(lines[10:min(len(lines), 30)], "")
				if n, ok := m.Name(snip); ok && n == want {
					a.modelSnip++
				}
				if g := guessLanguage(check.NewUnit(context.Background(), "", []byte(snip), check.Lint)); g.name != "" {
					if in, ok := lang.Lookup(g.name); ok && in.ID == mustID(want) {
						a.lintSnip++
					}
				}
			}
		}
	}
	var tot acc
	var sb strings.Builder
	names := make([]string, 0, len(res))
	for k := range res {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		a := res[k]
		fmt.Fprintf(&sb, "%-12s files %3d  whole: model %3d lint %3d   20-line pieces: model %3d lint %3d\n", k, a.n, a.model, a.lint, a.modelSnip, a.lintSnip)
		tot.n += a.n
		tot.model += a.model
		tot.lint += a.lint
		tot.modelSnip += a.modelSnip
		tot.lintSnip += a.lintSnip
	}
	fmt.Fprintf(&sb, "total        files %3d  whole: model %3d lint %3d   20-line pieces: model %3d lint %3d\n", tot.n, tot.model, tot.lint, tot.modelSnip, tot.lintSnip)
	t.Logf("right language, of files:\n%s", sb.String())
}

func mustID(n string) lang.ID {
	in, _ := lang.Lookup(n)
	return in.ID
}
