package github

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/github/githubtest"
)

func TestPublishWaitsOutSecondaryRateLimit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		limit githubtest.SecondaryLimit
		want  []time.Duration
	}{
		{"403 Retry-After", githubtest.SecondaryLimit{Writes: 2, RetryAfter: time.Second}, []time.Duration{time.Second, time.Second}},
		{"429 Retry-After", githubtest.SecondaryLimit{Writes: 1, Status: http.StatusTooManyRequests, RetryAfter: 3 * time.Second}, []time.Duration{3 * time.Second}},
		// No Retry-After, no requests left: wait until x-ratelimit-reset
		// (whole seconds) plus a second of margin.
		{"403 x-ratelimit-reset", githubtest.SecondaryLimit{Writes: 1, ResetIn: 30 * time.Second}, []time.Duration{31 * time.Second}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, githubtest.Options{}, standardFiles()...)
			f.srv.LimitWrites(tc.limit)
			res, err := f.client(t, botToken).Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 5, "x")}})
			if err != nil {
				t.Fatal(err)
			}
			if got := f.clock.Slept(); !slices.Equal(got, tc.want) {
				t.Errorf("waited %v, want %v", got, tc.want)
			}
			posts := count(f.srv.Requests(), "POST", "/reviews")
			if res.Posted != 1 || len(f.srv.Reviews("o", "r", 7)) != 1 || posts != len(tc.want)+1 {
				t.Errorf("result %+v after %d POSTs", res, posts)
			}
			if res.APICalls != len(f.srv.Requests()) {
				t.Errorf("APICalls = %d, server saw %d", res.APICalls, len(f.srv.Requests()))
			}
		})
	}
}

func TestPublishGivesUpOnPersistentSecondaryLimit(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	f.srv.LimitWrites(githubtest.SecondaryLimit{Writes: 100, RetryAfter: time.Second})
	_, err := f.client(t, botToken).Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 5, "x")}})
	if !errors.Is(err, ErrRateLimited) || !strings.Contains(err.Error(), "secondary rate limit") {
		t.Fatalf("err = %v", err)
	}
	if got := f.clock.Slept(); len(got) != defaultMaxRetries {
		t.Errorf("waited %v, want %d retries", got, defaultMaxRetries)
	}
	if len(f.srv.Reviews("o", "r", 7)) != 0 {
		t.Error("a review was created")
	}
}

func TestPublishRefusesTooLongWait(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	f.srv.LimitWrites(githubtest.SecondaryLimit{Writes: 1, RetryAfter: 10 * time.Minute})
	_, err := f.client(t, botToken).Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 5, "x")}})
	if !errors.Is(err, ErrRateLimited) || !strings.Contains(err.Error(), "10m0s") {
		t.Fatalf("err = %v", err)
	}
	if got := f.clock.Slept(); len(got) != 0 {
		t.Errorf("waited %v beyond MaxWait", got)
	}
}

func TestPrimaryRateLimitNamesReset(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	reset := f.clock.Now().Add(42 * time.Minute)
	f.srv.SetRemaining(0, reset)
	_, err := f.client(t, botToken).Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 5, "x")}})
	if !errors.Is(err, ErrRateLimited) {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{"primary rate limit", reset.UTC().Format(time.RFC3339), "in 42m0s"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if got := f.clock.Slept(); len(got) != 0 {
		t.Errorf("waited %v for a primary limit", got)
	}
}
