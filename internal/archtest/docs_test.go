package archtest

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// maxReadmeLines keeps README.md a front page: what iflint is, how to set
// it up and where everything else is documented (docs/).
const maxReadmeLines = 250

func TestReadmeIsAFrontPage(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > maxReadmeLines {
		t.Errorf("README.md has %d lines (at most %d): move reference material to docs/", n, maxReadmeLines)
	}
	// The two commands that set everything up on a fresh machine.
	for _, cmd := range []string{"    go run ./cmd/iflint check .\n", "    go test ./...\n"} {
		if !strings.Contains(string(b), cmd) {
			t.Errorf("README.md no longer shows %q", strings.TrimSpace(cmd))
		}
	}
}

var mdLink = regexp.MustCompile(`\]\(([^)#\s]+)(#[^)\s]*)?\)`)

// TestDocLinksResolve: every relative link in README.md and docs/ names a
// file or directory that exists.
func TestDocLinksResolve(t *testing.T) {
	r := root(t)
	pages := []string{filepath.Join(r, "README.md")}
	err := filepath.WalkDir(filepath.Join(r, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			pages = append(pages, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 10 {
		t.Fatalf("only %d documentation pages found", len(pages))
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(p), target)); err != nil {
				rel, _ := filepath.Rel(r, p)
				t.Errorf("%s links to %s, which does not exist", rel, target)
			}
		}
	}
}
