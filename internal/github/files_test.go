package github

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/github/githubtest"
)

func TestChangedFilesPaginates(t *testing.T) {
	var files []githubtest.File
	for i := range 250 {
		files = append(files, githubtest.FileChange(fmt.Sprintf("f%03d.go", i), numbered(10), numbered(10, 1+i%10)))
	}
	f := newFixture(t, githubtest.Options{}, files...)
	d, err := f.client(t, botToken).ChangedFiles(ctx, f.pr)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != 250 || d.Source != SourceFiles {
		t.Fatalf("%d files from %s, want 250 from list-files", d.Len(), d.Source)
	}
	for i := range 250 {
		file, ok := d.File(fmt.Sprintf("f%03d.go", i))
		if !ok || !file.IsAdded(1+i%10) || file.IsAdded(1+(i+1)%10) {
			t.Fatalf("file %d: %+v", i, file)
		}
	}
	var pages []string
	for _, r := range f.srv.Requests() {
		if strings.HasSuffix(r.Path, "/files") {
			q, _ := url.ParseQuery(r.Query)
			pages = append(pages, q.Get("page")+"/"+q.Get("per_page"))
		}
	}
	if !slices.Equal(pages, []string{"1/100", "2/100", "3/100"}) {
		t.Fatalf("list-files requests = %v", pages)
	}
}

// TestChangedFilesMissingPatchUsesPullDiff: GitHub omits a big file's
// patch from list-files; the diff media type still has it.
func TestChangedFilesMissingPatchUsesPullDiff(t *testing.T) {
	f := newFixture(t, githubtest.Options{MaxPatchBytes: 200},
		githubtest.FileChange("big.txt", numbered(300), numbered(300, 10, 150, 290)),
		githubtest.FileChange("small.txt", numbered(5), numbered(5, 2)))
	d, err := f.client(t, botToken).ChangedFiles(ctx, f.pr)
	if err != nil {
		t.Fatal(err)
	}
	big, _ := d.File("big.txt")
	if d.Source != SourceAPIDiff || big.NoPatch || !big.IsAdded(150) || len(big.Hunks) != 3 {
		t.Fatalf("source %s, big.txt = %+v", d.Source, big)
	}
}

// TestChangedFilesFallsBackToLocalGit: list-files omits a patch and the
// diff media type answers 406 too_large, so a real git repository with the
// pull request's two commits supplies the diff.
func TestChangedFilesFallsBackToLocalGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	env := []string{"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "HOME=" + dir,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com"}
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(name string, data []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	oldBig, newBig := numbered(300), numbered(300, 10, 150, 290)
	oldSmall, newSmall := numbered(5), numbered(5, 2)
	git("init", "-q", ".")
	write("big.txt", oldBig)
	write("small.txt", oldSmall)
	git("add", "-A")
	git("commit", "-qm", "base")
	base := git("rev-parse", "HEAD")
	write("big.txt", newBig)
	write("small.txt", newSmall)
	git("add", "-A")
	git("commit", "-qm", "head")
	head := git("rev-parse", "HEAD")

	f := newFixture(t, githubtest.Options{MaxPatchBytes: 200, MaxDiffLines: 20},
		githubtest.FileChange("big.txt", oldBig, newBig), githubtest.FileChange("small.txt", oldSmall, newSmall))
	f.pr.BaseSHA, f.pr.HeadSHA = base, head
	var calls int
	local := GitDiff(dir, env)
	c := f.client(t, botToken, func(cfg *Config) {
		cfg.LocalDiff = func(ctx context.Context, b, h string) ([]byte, error) {
			calls++
			return local(ctx, b, h)
		}
	})
	d, err := c.ChangedFiles(ctx, f.pr)
	if err != nil {
		t.Fatal(err)
	}
	big, _ := d.File("big.txt")
	small, _ := d.File("small.txt")
	if d.Source != SourceLocalGit || calls != 1 {
		t.Fatalf("source %s after %d local diffs", d.Source, calls)
	}
	for _, l := range []int{10, 150, 290} {
		if !big.IsAdded(l) {
			t.Errorf("big.txt line %d not added: %+v", l, big.Hunks)
		}
	}
	if len(big.Hunks) != 3 || big.Hunks[1].NewStart != 147 || big.Hunks[1].End() != 153 || !small.IsAdded(2) {
		t.Errorf("big.txt hunks %+v, small.txt %+v", big.Hunks, small)
	}
	var refused bool
	for _, r := range f.srv.Requests() {
		refused = refused || (r.Path == "/repos/o/r/pulls/7" && r.Status == 406)
	}
	if !refused {
		t.Error("the diff media type was not asked (or did not refuse)")
	}

	// Without a local fallback the refusal is an error naming the cause.
	_, err = f.client(t, botToken).ChangedFiles(ctx, f.pr)
	if err == nil || !strings.Contains(err.Error(), "too large") {
		t.Fatalf("err = %v", err)
	}
}

// TestChangedFilesAtCapUsesWholeDiff: 3000 listed files may be a cut
// list, so the whole diff is taken from the fallback.
func TestChangedFilesAtCapUsesWholeDiff(t *testing.T) {
	var files []githubtest.File
	var whole strings.Builder
	for i := range 3005 {
		p := fmt.Sprintf("f%04d.txt", i)
		files = append(files, githubtest.File{Filename: p, Status: "added", Patch: "@@ -0,0 +1 @@\n+x\n"})
		fmt.Fprintf(&whole, "diff --git a/%s b/%s\nnew file mode 100644\n--- /dev/null\n+++ b/%s\n@@ -0,0 +1 @@\n+x\n", p, p, p)
	}
	f := newFixture(t, githubtest.Options{}, files...)
	c := f.client(t, botToken, func(cfg *Config) {
		cfg.LocalDiff = func(context.Context, string, string) ([]byte, error) { return []byte(whole.String()), nil }
	})
	d, err := c.ChangedFiles(ctx, f.pr)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != 3005 || d.Source != SourceLocalGit {
		t.Fatalf("%d files from %s", d.Len(), d.Source)
	}
	if n := count(f.srv.Requests(), "GET", "/files"); n != 30 {
		t.Errorf("%d list-files pages, want GitHub's 30", n)
	}
}
