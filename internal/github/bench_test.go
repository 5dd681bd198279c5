package github

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/iflint/iflint/internal/github/githubtest"
)

// BenchmarkPublish200Files1000Comments publishes 1,000 suggestions on a
// 200-file pull request (diff fetched inside Publish) against the fake
// server, and fails unless it took one review POST and a bounded number of
// reads: 2 list-files pages, 1 comments page, 1 reviews page.
func BenchmarkPublish200Files1000Comments(b *testing.B) {
	var files []githubtest.File
	var comments []Comment
	for i := range 200 {
		path := fmt.Sprintf("pkg%03d/file.go", i)
		changed := []int{10, 20, 30, 40, 50}
		files = append(files, githubtest.FileChange(path, numbered(60), numbered(60, changed...)))
		for _, l := range changed {
			comments = append(comments, cm(path, 0, l, fmt.Sprintf("f%03d-%02d", i, l)))
		}
	}
	f := newFixture(b, githubtest.Options{RateLimit: 1 << 30}, files...)
	c := f.client(b, botToken)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		pr := f.pr
		pr.Number = 1000 + i
		if err := f.srv.AddPR(githubtest.PR{Owner: pr.Owner, Repo: pr.Repo, Number: pr.Number, HeadSHA: headSHA, BaseSHA: baseSHA, Files: files}); err != nil {
			b.Fatal(err)
		}
		f.srv.ResetLog()
		b.StartTimer()
		res, err := c.Publish(ctx, pr, Review{Comments: comments, MaxComments: len(comments)})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		log := f.srv.Requests()
		if posts := count(log, http.MethodPost, "/reviews"); posts != 1 || res.Posted != len(comments) {
			b.Fatalf("%d review POSTs, %d posted", posts, res.Posted)
		}
		if len(log) > 5 || res.APICalls != len(log) {
			b.Fatalf("%d requests (APICalls %d), want at most 5", len(log), res.APICalls)
		}
		b.StartTimer()
	}
}
