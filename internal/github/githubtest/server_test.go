package githubtest_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	gh "github.com/google/go-github/v62/github"
	"github.com/iflint/iflint/internal/github/githubtest"
)

var ctx = context.Background()

const head = "abcabcabcabcabcabcabcabcabcabcabcabcabca"

func lines(n int, changed ...int) []byte {
	var sb strings.Builder
	for i := 1; i <= n; i++ {
		mark := "line"
		for _, c := range changed {
			if c == i {
				mark = "changed"
			}
		}
		fmt.Fprintf(&sb, "%s %d\n", mark, i)
	}
	return []byte(sb.String())
}

func setup(t *testing.T, opts githubtest.Options, files ...githubtest.File) *githubtest.Server {
	t.Helper()
	s := githubtest.New(t, opts)
	s.AddToken("rw", githubtest.Token{Login: "bot", Write: true})
	s.AddToken("rw2", githubtest.Token{Login: "other", Write: true})
	s.AddToken("ro", githubtest.Token{Login: "bot"})
	if len(files) == 0 {
		// x.go: 40 lines, changed at 5 and 30 → hunks +2,7 and +27,7.
		files = []githubtest.File{githubtest.FileChange("x.go", lines(40), lines(40, 5, 30))}
	}
	if err := s.AddPR(githubtest.PR{Owner: "o", Repo: "r", Number: 1, HeadSHA: head, BaseSHA: "b", Files: files}); err != nil {
		t.Fatal(err)
	}
	return s
}

func client(t *testing.T, s *githubtest.Server, token string) *gh.Client {
	t.Helper()
	c := gh.NewClient(nil)
	if token != "" {
		c = c.WithAuthToken(token)
	}
	u, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	c.BaseURL = u
	return c
}

func draft(line, start int) *gh.DraftReviewComment {
	d := &gh.DraftReviewComment{Path: gh.String("x.go"), Body: gh.String("b"), Line: gh.Int(line), Side: gh.String("RIGHT")}
	if start > 0 {
		d.StartLine, d.StartSide = gh.Int(start), gh.String("RIGHT")
	}
	return d
}

func status(err error) (int, string) {
	var er *gh.ErrorResponse
	if !errors.As(err, &er) {
		return 0, fmt.Sprint(err)
	}
	var msgs []string
	for _, e := range er.Errors {
		msgs = append(msgs, e.Message+e.Code)
	}
	return er.Response.StatusCode, er.Message + ": " + strings.Join(msgs, "; ")
}

func TestCreateReviewRules(t *testing.T) {
	for _, tc := range []struct {
		name     string
		commit   string
		comments []*gh.DraftReviewComment
		want     string // "" accepted, else part of the 422 text
	}{
		{"added line", head, []*gh.DraftReviewComment{draft(5, 0)}, ""},
		{"context line", head, []*gh.DraftReviewComment{draft(2, 0)}, ""},
		{"range in hunk", head, []*gh.DraftReviewComment{draft(8, 2)}, ""},
		{"outside hunks", head, []*gh.DraftReviewComment{draft(15, 0)}, "Line could not be resolved"},
		{"past hunk end", head, []*gh.DraftReviewComment{draft(9, 0)}, "Line could not be resolved"},
		{"spans hunks", head, []*gh.DraftReviewComment{draft(30, 5)}, "start line must be part of the same hunk as the line."},
		{"start after line", head, []*gh.DraftReviewComment{draft(4, 6)}, "start line must precede the end line"},
		{"unknown path", head, []*gh.DraftReviewComment{{Path: gh.String("y.go"), Body: gh.String("b"), Line: gh.Int(1)}}, "Path could not be resolved"},
		{"stale commit", "0000", []*gh.DraftReviewComment{draft(5, 0)}, "not the head"},
		{"one bad rejects all", head, []*gh.DraftReviewComment{draft(5, 0), draft(15, 0)}, "Line could not be resolved"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(t, githubtest.Options{})
			_, _, err := client(t, s, "rw").PullRequests.CreateReview(ctx, "o", "r", 1, &gh.PullRequestReviewRequest{
				CommitID: gh.String(tc.commit), Body: gh.String("r"), Event: gh.String("COMMENT"), Comments: tc.comments,
			})
			code, text := status(err)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("rejected: %v", err)
			case tc.want != "" && (code != http.StatusUnprocessableEntity || !strings.Contains(text, tc.want)):
				t.Fatalf("got %d %q, want 422 with %q", code, text, tc.want)
			}
			stored := len(s.Comments("o", "r", 1))
			if tc.want != "" && (stored != 0 || len(s.Reviews("o", "r", 1)) != 0) {
				t.Fatalf("a rejected review stored %d comments", stored)
			}
		})
	}
}

func TestPendingReviews(t *testing.T) {
	s := setup(t, githubtest.Options{})
	c := client(t, s, "rw")
	pending, _, err := c.PullRequests.CreateReview(ctx, "o", "r", 1, &gh.PullRequestReviewRequest{Comments: []*gh.DraftReviewComment{draft(5, 0)}})
	if err != nil || pending.GetState() != "PENDING" {
		t.Fatalf("pending review: %v, %v", pending, err)
	}
	// Pending comments are invisible, and a second review is refused.
	if cs, _, _ := c.PullRequests.ListComments(ctx, "o", "r", 1, nil); len(cs) != 0 {
		t.Fatalf("pending comments listed: %v", cs)
	}
	if rs, _, _ := client(t, s, "rw2").PullRequests.ListReviews(ctx, "o", "r", 1, nil); len(rs) != 0 {
		t.Fatalf("another user sees the pending review: %v", rs)
	}
	_, _, err = c.PullRequests.CreateReview(ctx, "o", "r", 1, &gh.PullRequestReviewRequest{Body: gh.String("x"), Event: gh.String("COMMENT")})
	if code, text := status(err); code != 422 || !strings.Contains(text, "one pending review") {
		t.Fatalf("second review: %d %s", code, text)
	}
	if _, _, err := c.PullRequests.DeletePendingReview(ctx, "o", "r", 1, pending.GetID()); err != nil {
		t.Fatal(err)
	}
	done, _, err := c.PullRequests.CreateReview(ctx, "o", "r", 1, &gh.PullRequestReviewRequest{Body: gh.String("x"), Event: gh.String("COMMENT")})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = c.PullRequests.DeletePendingReview(ctx, "o", "r", 1, done.GetID())
	if code, text := status(err); code != 422 || !strings.Contains(text, "non-pending") {
		t.Fatalf("deleting a submitted review: %d %s", code, text)
	}
}

func TestAuthAndPermissions(t *testing.T) {
	s := setup(t, githubtest.Options{})
	if _, _, err := client(t, s, "").PullRequests.ListFiles(ctx, "o", "r", 1, nil); func() bool { c, _ := status(err); return c != 401 }() {
		t.Fatalf("anonymous: %v", err)
	}
	if _, _, err := client(t, s, "nope").PullRequests.ListFiles(ctx, "o", "r", 1, nil); func() bool { c, m := status(err); return c != 401 || !strings.Contains(m, "Bad credentials") }() {
		t.Fatalf("bad token: %v", err)
	}
	ro := client(t, s, "ro")
	if _, _, err := ro.PullRequests.ListFiles(ctx, "o", "r", 1, nil); err != nil {
		t.Fatalf("read-only read: %v", err)
	}
	_, _, err := ro.PullRequests.CreateReview(ctx, "o", "r", 1, &gh.PullRequestReviewRequest{Body: gh.String("x"), Event: gh.String("COMMENT")})
	if code, text := status(err); code != 403 || !strings.Contains(text, "Resource not accessible by integration") {
		t.Fatalf("read-only write: %d %s", code, text)
	}
	// Only the author edits a comment.
	rw := client(t, s, "rw")
	if _, _, err := rw.PullRequests.CreateReview(ctx, "o", "r", 1, &gh.PullRequestReviewRequest{Body: gh.String("x"), Event: gh.String("COMMENT"), Comments: []*gh.DraftReviewComment{draft(5, 0)}}); err != nil {
		t.Fatal(err)
	}
	id := s.Comments("o", "r", 1)[0].ID
	_, _, err = client(t, s, "rw2").PullRequests.EditComment(ctx, "o", "r", id, &gh.PullRequestComment{Body: gh.String("mine now")})
	if code, _ := status(err); code != 403 {
		t.Fatalf("editing another's comment: %v", err)
	}
	if _, err := rw.PullRequests.DeleteComment(ctx, "o", "r", id); err != nil || len(s.Comments("o", "r", 1)) != 0 {
		t.Fatalf("delete: %v", err)
	}
}

func TestListFilesPagination(t *testing.T) {
	var files []githubtest.File
	for i := range 3100 {
		files = append(files, githubtest.File{Filename: fmt.Sprintf("f%d", i), Status: "added", Patch: "@@ -0,0 +1 @@\n+x\n"})
	}
	s := setup(t, githubtest.Options{}, files...)
	c := client(t, s, "rw")
	fs, resp, err := c.PullRequests.ListFiles(ctx, "o", "r", 1, &gh.ListOptions{PerPage: 500})
	if err != nil || len(fs) != 100 || resp.NextPage != 2 || resp.LastPage != 30 {
		t.Fatalf("first page: %d files, next %d, last %d, %v", len(fs), resp.NextPage, resp.LastPage, err)
	}
	fs, resp, err = c.PullRequests.ListFiles(ctx, "o", "r", 1, &gh.ListOptions{PerPage: 100, Page: 30})
	if err != nil || len(fs) != 100 || resp.NextPage != 0 || resp.PrevPage != 29 {
		t.Fatalf("last page: %d files, next %d, %v", len(fs), resp.NextPage, err)
	}
	if fs[0].GetAdditions() != 1 || fs[0].GetChanges() != 1 {
		t.Fatalf("counts: %v", fs[0])
	}
}

func TestDiffTooLarge(t *testing.T) {
	s := setup(t, githubtest.Options{MaxDiffFiles: 1},
		githubtest.FileChange("a", nil, lines(2)), githubtest.FileChange("b", nil, lines(2)))
	_, _, err := client(t, s, "rw").PullRequests.GetRaw(ctx, "o", "r", 1, gh.RawOptions{Type: gh.Diff})
	var er *gh.ErrorResponse
	if !errors.As(err, &er) || er.Response.StatusCode != 406 || len(er.Errors) != 1 || er.Errors[0].Code != "too_large" ||
		!strings.HasPrefix(er.Message, "Sorry, the diff exceeded the maximum number of files (1).") {
		t.Fatalf("err = %#v", err)
	}
}

func TestRawDiffWhenSmall(t *testing.T) {
	s := setup(t, githubtest.Options{},
		githubtest.Renamed("old.go", "new.go", lines(5), lines(5, 3)), githubtest.FileChange("gone.go", lines(2), nil),
		githubtest.FileChange("img.png", []byte("\x00a"), []byte("\x00b")))
	raw, _, err := client(t, s, "rw").PullRequests.GetRaw(ctx, "o", "r", 1, gh.RawOptions{Type: gh.Diff})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"diff --git a/old.go b/new.go\n", "rename from old.go\n", "+changed 3\n", "+++ /dev/null\n", "Binary files a/img.png and b/img.png differ\n"} {
		if !strings.Contains(raw, want) {
			t.Errorf("raw diff lacks %q:\n%s", want, raw)
		}
	}
}
