package github

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/github/githubtest"
)

// TestPublishRetriesServerErrors: a 500 on the files listing is resent
// after a backoff, and a 502 on the review POST — after which GitHub had
// created the review, or had not — ends with the review posted exactly
// once: the POST is resent only when no review with this run's marker
// exists.
func TestPublishRetriesServerErrors(t *testing.T) {
	for _, afterEffect := range []bool{true, false} {
		name := "502_before_the_review_exists"
		if afterEffect {
			name = "502_after_the_review_was_created"
		}
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, githubtest.Options{}, standardFiles()...)
			f.srv.Inject(githubtest.Fault{Method: http.MethodGet, PathSuffix: "/pulls/7/files", Status: http.StatusInternalServerError})
			f.srv.Inject(githubtest.Fault{Method: http.MethodPost, PathSuffix: "/pulls/7/reviews", Status: http.StatusBadGateway, AfterEffect: afterEffect})
			c := f.client(t, botToken)
			res, err := c.Publish(ctx, f.pr, Review{Body: "Summary.", Comments: []Comment{cm("a.go", 0, 5, "fp-1"), cm("b.go", 0, 3, "fp-2")}})
			if err != nil {
				t.Fatal(err)
			}
			reviews := f.srv.Reviews("o", "r", 7)
			if len(reviews) != 1 || reviews[0].State != "COMMENTED" || len(f.srv.Comments("o", "r", 7)) != 2 {
				t.Fatalf("reviews %+v, %d comments; want one review with 2 comments", reviews, len(f.srv.Comments("o", "r", 7)))
			}
			if res.ReviewID != reviews[0].ID || res.Posted != 2 {
				t.Errorf("result %+v, want review %d with 2 posted", res, reviews[0].ID)
			}
			log := f.srv.Requests()
			if n := count(log, http.MethodGet, "/pulls/7/files"); n != 2 {
				t.Errorf("%d listings of the files, want 2 (one 500, one resent)", n)
			}
			wantPosts := 2
			if afterEffect {
				wantPosts = 1 // the review was found by its marker
			}
			if n := count(log, http.MethodPost, "/pulls/7/reviews"); n != wantPosts {
				t.Errorf("%d review POSTs, want %d", n, wantPosts)
			}
			if slept := f.clock.Slept(); !slices.Equal(slept, []time.Duration{time.Second, time.Second}) {
				t.Errorf("slept %v, want a 1s backoff before each retry", slept)
			}
		})
	}
}

// TestRetriesConnectionResets: a connection cut without an answer is
// resent for a GET; for the review POST it is resent only after the
// reviews show no review of this run, and a review created before the
// cut is found instead.
func TestRetriesConnectionResets(t *testing.T) {
	for _, afterEffect := range []bool{true, false} {
		f := newFixture(t, githubtest.Options{}, standardFiles()...)
		f.srv.Inject(githubtest.Fault{Method: http.MethodGet, PathSuffix: "/pulls/7/files", Reset: true})
		f.srv.Inject(githubtest.Fault{Method: http.MethodPost, PathSuffix: "/pulls/7/reviews", Reset: true, AfterEffect: afterEffect})
		c := f.client(t, botToken)
		if _, err := c.Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 5, "fp-1")}}); err != nil {
			t.Fatalf("after effect %v: %v", afterEffect, err)
		}
		if reviews := f.srv.Reviews("o", "r", 7); len(reviews) != 1 {
			t.Errorf("after effect %v: %d reviews, want 1", afterEffect, len(reviews))
		}
	}
}

// TestRetriesAreBounded: a server that keeps failing ends the call with
// its error after MaxRetries resends, each after a longer backoff.
func TestRetriesAreBounded(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	f.srv.Inject(githubtest.Fault{PathSuffix: "/pulls/7/files", Status: http.StatusServiceUnavailable, Times: 100})
	c := f.client(t, botToken)
	_, err := c.ChangedFiles(ctx, f.pr)
	if err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("err %v, want the 503", err)
	}
	if n := count(f.srv.Requests(), http.MethodGet, "/pulls/7/files"); n != 1+defaultMaxRetries {
		t.Errorf("%d requests, want %d", n, 1+defaultMaxRetries)
	}
	if slept := f.clock.Slept(); !slices.Equal(slept, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}) {
		t.Errorf("slept %v, want 1s, 2s, 4s", slept)
	}
}
