package github

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/github/githubtest"
)

func TestDownloadArtifact(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	small := []byte("PK small archive")
	big := bytes.Repeat([]byte("x"), 5000)
	f.srv.AddArtifact(githubtest.Artifact{Owner: "o", Repo: "r", RunID: 9, Name: "other", Zip: big})
	f.srv.AddArtifact(githubtest.Artifact{Owner: "o", Repo: "r", RunID: 9, Name: "review", Zip: small})
	f.srv.AddArtifact(githubtest.Artifact{Owner: "o", Repo: "r", RunID: 10, Name: "review", Zip: big})
	f.srv.AddArtifact(githubtest.Artifact{Owner: "o", Repo: "r", RunID: 11, Name: "review", Zip: big, ListedSize: 10})
	f.srv.AddArtifact(githubtest.Artifact{Owner: "o", Repo: "r", RunID: 12, Name: "review", Zip: small, Expired: true})
	c := f.client(t, roToken) // reading artifacts needs no write access
	ctx := context.Background()

	got, err := c.DownloadArtifact(ctx, "o", "r", 9, "review", 1000)
	if err != nil || !bytes.Equal(got, small) {
		t.Fatalf("download: %q, %v", got, err)
	}
	for _, b := range f.srv.BlobRequests() {
		if b.Authorization != "" {
			t.Errorf("the token was sent to the artifact storage: %q", b.Authorization)
		}
	}
	blobs := len(f.srv.BlobRequests())
	if _, err := c.DownloadArtifact(ctx, "o", "r", 10, "review", 1000); !errors.Is(err, ErrArtifactTooLarge) || !strings.Contains(err.Error(), "GitHub lists 5000 bytes") {
		t.Errorf("listed too large: %v", err)
	}
	if n := len(f.srv.BlobRequests()); n != blobs {
		t.Errorf("an artifact listed too large was downloaded anyway")
	}
	if _, err := c.DownloadArtifact(ctx, "o", "r", 11, "review", 1000); !errors.Is(err, ErrArtifactTooLarge) || !strings.Contains(err.Error(), "runs past") {
		t.Errorf("a listing that understates the size: %v", err)
	}
	if _, err := c.DownloadArtifact(ctx, "o", "r", 9, "missing", 1000); !errors.Is(err, ErrNoArtifact) {
		t.Errorf("missing artifact: %v", err)
	}
	if _, err := c.DownloadArtifact(ctx, "o", "r", 12, "review", 1000); err == nil || !strings.Contains(err.Error(), "expired") {
		t.Errorf("expired artifact: %v", err)
	}
}

func TestPullRequestInfo(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	if err := f.srv.AddPR(githubtest.PR{Owner: "o", Repo: "r", Number: 8, HeadSHA: baseSHA, BaseSHA: baseSHA, HeadRepo: "fork/r", HeadRef: "fix"}); err != nil {
		t.Fatal(err)
	}
	if err := f.srv.AddPR(githubtest.PR{Owner: "o", Repo: "r", Number: 9, HeadSHA: baseSHA, BaseSHA: baseSHA, HeadRepo: "fork/r", HeadRef: "fix", Closed: true}); err != nil {
		t.Fatal(err)
	}
	c := f.client(t, roToken)
	ctx := context.Background()
	info, err := c.PullRequest(ctx, "o", "r", 8)
	if err != nil {
		t.Fatal(err)
	}
	if *info != (PRInfo{Number: 8, State: "open", HeadSHA: baseSHA, BaseSHA: baseSHA, HeadRepo: "fork/r", BaseRepo: "o/r", HeadRef: "fix"}) {
		t.Errorf("pull request 8: %+v", info)
	}
	ns, err := c.OpenPullRequests(ctx, "o", "r", "fork", "fix")
	if err != nil || len(ns) != 1 || ns[0] != 8 {
		t.Errorf("open pull requests of fork:fix: %v, %v (9 is closed, 7 is o:feature)", ns, err)
	}
}

func TestDiffLineText(t *testing.T) {
	d, err := ParseDiff([]byte("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n+C\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	f, _ := d.File("x")
	for line, want := range map[int]string{1: "a", 2: "B", 3: "C", 4: ""} {
		if got, ok := f.Line(line); !ok || got != want {
			t.Errorf("line %d: %q, %v; want %q", line, got, ok, want)
		}
	}
	if _, ok := f.Line(5); ok {
		t.Errorf("line 5 is outside every hunk")
	}
}
