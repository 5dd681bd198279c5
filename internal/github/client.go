package github

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"time"

	gh "github.com/google/go-github/v62/github"
)

// PR identifies the pull request a run reviews.
type PR struct {
	Owner, Repo string
	Number      int
	HeadSHA     string // commit the findings are about; reviews are anchored to it
	BaseSHA     string // for the local git diff fallback
}

func (pr PR) validate() error {
	switch {
	case pr.Owner == "" || pr.Repo == "":
		return errors.New("github: pull request has no owner/repo")
	case pr.Number < 1:
		return fmt.Errorf("github: invalid pull request number %d", pr.Number)
	case pr.HeadSHA == "":
		return errors.New("github: pull request has no head SHA")
	}
	return nil
}

func (pr PR) String() string { return fmt.Sprintf("%s/%s#%d", pr.Owner, pr.Repo, pr.Number) }

// Config holds everything a Client touches outside the process. Nil and
// zero fields take the documented defaults.
type Config struct {
	// HTTPClient carries every request; it is copied, not modified. Nil: a
	// client with a one-minute timeout.
	HTTPClient *http.Client
	// BaseURL is the REST root: https://api.github.com/ (the default), a
	// GHES root such as https://ghe.example.com/api/v3/, or a test server.
	BaseURL string
	// Token authenticates as "Authorization: Bearer"; it is never written
	// into a request body or an error.
	Token string
	// BotLogin, when set, is the only author whose marked comments and
	// reviews count as this tool's (e.g. "github-actions[bot]"); otherwise
	// the hidden markers alone decide.
	BotLogin string
	// LocalDiff recovers the diff when GitHub's API cannot serve it; nil
	// disables the fallback.
	LocalDiff LocalDiff
	// Now and Sleep drive rate-limit waits. Defaults: time.Now and a timer.
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
	// MaxRetries bounds retries of one request after secondary rate limits
	// (default 3; negative: none). MaxWait is the longest single wait
	// accepted (default 2 minutes); a longer demand fails the call at once.
	MaxRetries int
	MaxWait    time.Duration
	// RunID names this run in the reviews it creates (a hidden marker),
	// so that a review POST whose answer was lost can be found instead of
	// posted twice; 1-64 characters of [A-Za-z0-9._:-]. Default: random.
	RunID string
}

const (
	defaultMaxRetries = 3
	defaultMaxWait    = 2 * time.Minute
)

// Client talks to one GitHub (or GHES) REST API through go-github.
type Client struct {
	gh *gh.Client
	// plain carries requests to hosts other than the API (artifact
	// storage): no token, the same transport, retries and timeout.
	plain     *http.Client
	token     string
	botLogin  string
	localDiff LocalDiff
	now       func() time.Time
	sleep     func(context.Context, time.Duration) error
	// maxRetries bounds the attempts of a review POST (see createReview).
	maxRetries int
	runID      string
	calls      *atomic.Int64
}

// New builds a Client from cfg.
func New(cfg Config) (*Client, error) {
	hc := http.Client{Timeout: time.Minute}
	if cfg.HTTPClient != nil {
		hc = *cfg.HTTPClient
	}
	base := hc.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sleep == nil {
		cfg.Sleep = sleepCtx
	}
	switch {
	case cfg.MaxRetries == 0:
		cfg.MaxRetries = defaultMaxRetries
	case cfg.MaxRetries < 0:
		cfg.MaxRetries = 0
	}
	if cfg.MaxWait <= 0 {
		cfg.MaxWait = defaultMaxWait
	}
	if cfg.RunID == "" {
		var b [12]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, fmt.Errorf("github: a run id: %w", err)
		}
		cfg.RunID = hex.EncodeToString(b[:])
	}
	if !runIDRE.MatchString(cfg.RunID) {
		return nil, fmt.Errorf("github: run id %q: expected 1-64 characters of [A-Za-z0-9._:-]", cfg.RunID)
	}
	calls := new(atomic.Int64)
	hc.Transport = &retryTransport{
		base: base, calls: calls, now: cfg.Now, sleep: cfg.Sleep,
		maxRetries: cfg.MaxRetries, maxWait: cfg.MaxWait,
	}
	plain := hc
	g := gh.NewClient(&hc)
	if cfg.Token != "" {
		g = g.WithAuthToken(cfg.Token)
	}
	g.UserAgent = "iflint"
	if cfg.BaseURL != "" {
		u, err := url.Parse(strings.TrimSuffix(cfg.BaseURL, "/") + "/")
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("github: base URL %q is not an http(s) URL", cfg.BaseURL)
		}
		g.BaseURL = u
	}
	return &Client{
		gh: g, plain: &plain, token: cfg.Token, botLogin: cfg.BotLogin, localDiff: cfg.LocalDiff,
		now: cfg.Now, sleep: cfg.Sleep, maxRetries: cfg.MaxRetries, runID: cfg.RunID, calls: calls,
	}, nil
}

var runIDRE = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,64}$`)

// APICalls counts the HTTP requests sent so far, retries included.
func (c *Client) APICalls() int { return int(c.calls.Load()) }

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
