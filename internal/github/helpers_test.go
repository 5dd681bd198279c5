package github

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/github/githubtest"
)

const (
	botToken   = "ghs_CANARYwrite0123456789abcdefABCDEF"
	roToken    = "ghs_CANARYread0123456789abcdefABCDEF"
	humanToken = "ghp_human0123456789"
	botLogin   = "github-actions[bot]"
	headSHA    = "1111111111111111111111111111111111111111"
	baseSHA    = "2222222222222222222222222222222222222222"
)

// fakeClock is the injected clock: Sleep advances it and records waits.
type fakeClock struct {
	mu    sync.Mutex
	now   time.Time
	slept []time.Duration
}

func newClock() *fakeClock { return &fakeClock{now: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(_ context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.slept = append(c.slept, d)
	c.now = c.now.Add(d)
	return nil
}

func (c *fakeClock) Slept() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.slept...)
}

// numbered returns n lines "line 1".."line n", with the given lines
// replaced by "changed i".
func numbered(n int, changed ...int) []byte {
	var sb strings.Builder
	for i := 1; i <= n; i++ {
		if containsInt(changed, i) {
			fmt.Fprintf(&sb, "changed %d\n", i)
		} else {
			fmt.Fprintf(&sb, "line %d\n", i)
		}
	}
	return []byte(sb.String())
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

type fixture struct {
	srv   *githubtest.Server
	clock *fakeClock
	pr    PR
}

// standardFiles: a.go changes lines 5 and 30 (hunks 2-8 and 27-33 of 40
// lines), b.go is added with 10 lines, gone.go is removed.
func standardFiles() []githubtest.File {
	return []githubtest.File{
		githubtest.FileChange("a.go", numbered(40), numbered(40, 5, 30)),
		githubtest.FileChange("b.go", nil, numbered(10)),
		githubtest.FileChange("gone.go", numbered(3), nil),
	}
}

func newFixture(t testing.TB, opts githubtest.Options, files ...githubtest.File) *fixture {
	t.Helper()
	clock := newClock()
	if opts.Now == nil {
		opts.Now = clock.Now
	}
	srv := githubtest.New(t, opts)
	srv.AddToken(botToken, githubtest.Token{Login: botLogin, Write: true})
	srv.AddToken(roToken, githubtest.Token{Login: botLogin})
	srv.AddToken(humanToken, githubtest.Token{Login: "octocat", Write: true})
	pr := PR{Owner: "o", Repo: "r", Number: 7, HeadSHA: headSHA, BaseSHA: baseSHA}
	if err := srv.AddPR(githubtest.PR{Owner: pr.Owner, Repo: pr.Repo, Number: pr.Number, HeadSHA: headSHA, BaseSHA: baseSHA, Files: files}); err != nil {
		t.Fatal(err)
	}
	return &fixture{srv: srv, clock: clock, pr: pr}
}

func (f *fixture) client(t testing.TB, token string, mod ...func(*Config)) *Client {
	t.Helper()
	cfg := Config{
		HTTPClient: &http.Client{Timeout: 10 * time.Second}, BaseURL: f.srv.URL, Token: token,
		BotLogin: botLogin, Now: f.clock.Now, Sleep: f.clock.Sleep,
	}
	for _, m := range mod {
		m(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// writes returns logged write requests, optionally only those answered
// with a 2xx status.
func writes(log []githubtest.Request, okOnly bool) []githubtest.Request {
	var out []githubtest.Request
	for _, r := range log {
		if r.Method == http.MethodGet || (okOnly && (r.Status < 200 || r.Status > 299)) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func count(log []githubtest.Request, method, pathSuffix string) int {
	n := 0
	for _, r := range log {
		if r.Method == method && strings.HasSuffix(r.Path, pathSuffix) {
			n++
		}
	}
	return n
}

func cm(path string, start, line int, fp string) Comment {
	return Comment{Path: path, StartLine: start, Line: line, Fingerprint: fp,
		Body: SuggestionBody(fmt.Sprintf("Finding %s.", fp), []string{"fixed"})}
}
