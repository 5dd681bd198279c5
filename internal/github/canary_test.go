package github

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/github/githubtest"
)

// TestCanaryTokenNeverLeaks drives every path that writes or fails, with
// "ghs_CANARY" tokens, and searches all request bodies, error strings and
// results for them.
func TestCanaryTokenNeverLeaks(t *testing.T) {
	const canary = "ghs_CANARY"
	var seen []string
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	rw, ro := f.client(t, botToken), f.client(t, roToken)
	record := func(res PublishResult, err error) {
		seen = append(seen, fmt.Sprintf("%+v", res))
		if err != nil {
			seen = append(seen, err.Error())
		}
	}

	record(rw.Publish(ctx, f.pr, Review{Body: "summary", Comments: inAndOut()}))
	record(rw.Publish(ctx, f.pr, Review{Comments: inAndOut()[:1]})) // retractions
	record(ro.Publish(ctx, f.pr, Review{Comments: []Comment{cm("b.go", 0, 3, "ro")}}))
	stale, _ := ParseDiff([]byte("--- /dev/null\n+++ b/a.go\n@@ -0,0 +1,40 @@\n" + strings.Repeat("+x\n", 40)))
	record(rw.Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 15, "bad"), cm("a.go", 0, 6, "good")}, Diff: stale}))
	f.srv.LimitWrites(githubtest.SecondaryLimit{Writes: 100, RetryAfter: time.Second})
	record(rw.Publish(ctx, f.pr, Review{Comments: []Comment{cm("b.go", 0, 4, "limited")}}))
	f.srv.SetRemaining(0, f.clock.Now().Add(time.Hour))
	record(rw.Publish(ctx, f.pr, Review{Comments: []Comment{cm("b.go", 0, 5, "primary")}}))

	// A body carrying the token is refused before any request.
	before := len(f.srv.Requests())
	_, err := rw.Publish(ctx, f.pr, Review{Comments: []Comment{{Path: "a.go", Line: 5, Fingerprint: "s", Body: "token " + botToken}}})
	if !errors.Is(err, ErrSecretInBody) || len(f.srv.Requests()) != before {
		t.Fatalf("secret body: err = %v, %d requests", err, len(f.srv.Requests())-before)
	}
	seen = append(seen, err.Error())

	for _, r := range f.srv.Requests() {
		seen = append(seen, r.Path, r.Query, r.Body)
	}
	for _, c := range f.srv.Comments("o", "r", 7) {
		seen = append(seen, c.Body)
	}
	for _, r := range f.srv.Reviews("o", "r", 7) {
		seen = append(seen, r.Body)
	}
	for _, s := range seen {
		if strings.Contains(s, canary) {
			t.Errorf("canary leaked: %q", s)
		}
	}
}

// TestErrorsRedactEchoedToken: a server that echoes the Authorization
// header into its error message does not get the token into our errors.
func TestErrorsRedactEchoedToken(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, `{"message":"bad header %s"}`, r.Header.Get("Authorization"))
	}))
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL, Token: botToken, HTTPClient: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ChangedFiles(ctx, PR{Owner: "o", Repo: "r", Number: 1, HeadSHA: headSHA})
	if err == nil || strings.Contains(err.Error(), botToken) || !strings.Contains(err.Error(), "[REDACTED]") {
		t.Fatalf("err = %v", err)
	}
}
