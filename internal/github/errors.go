package github

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	gh "github.com/google/go-github/v62/github"
)

var (
	// ErrNoWriteAccess: the token may read the pull request but not review
	// it (a fork's read-only GITHUB_TOKEN, a missing pull-requests: write
	// permission). Callers fall back to annotations.
	ErrNoWriteAccess = errors.New("github: the token cannot write reviews on this pull request")
	// ErrRateLimited: GitHub refused the call for rate limiting and waiting
	// it out was not possible within the configured bounds.
	ErrRateLimited = errors.New("github: rate limited")
	// ErrDiffTooLarge: GitHub would not serve the diff and no local
	// fallback was configured or it failed.
	ErrDiffTooLarge = errors.New("github: the pull request's diff is too large for the API")
)

// apiError turns a go-github error into one of ours, wrapped with %w so the
// original stays reachable through errors.As. write marks calls that
// change the pull request, where 403 and 404 mean "no write access".
func (c *Client) apiError(op string, err error, write bool) error {
	if err == nil {
		return nil
	}
	var (
		primary   *gh.RateLimitError
		secondary *gh.AbuseRateLimitError
		resp      *gh.ErrorResponse
	)
	switch {
	case errors.As(err, &primary):
		if strings.Contains(strings.ToLower(primary.Message), "secondary rate limit") {
			err = fmt.Errorf("%s: %w: secondary rate limit still in force after retries (GitHub: %s)", op, ErrRateLimited, primary.Message)
			break
		}
		reset := primary.Rate.Reset.Time
		err = fmt.Errorf("%s: %w: primary rate limit of %d requests exhausted; it resets at %s (in %s)",
			op, ErrRateLimited, primary.Rate.Limit, reset.UTC().Format(time.RFC3339), reset.Sub(c.now()).Round(time.Second))
	case errors.As(err, &secondary):
		err = fmt.Errorf("%s: %w: secondary rate limit; GitHub asks to wait %s (GitHub: %s)",
			op, ErrRateLimited, secondary.GetRetryAfter(), secondary.Message)
	case errors.As(err, &resp) && resp.Response != nil && resp.Response.StatusCode == http.StatusTooManyRequests:
		err = fmt.Errorf("%s: %w: HTTP 429 (GitHub: %s)", op, ErrRateLimited, resp.Message)
	case write && errors.As(err, &resp) && resp.Response != nil &&
		(resp.Response.StatusCode == http.StatusForbidden || resp.Response.StatusCode == http.StatusNotFound):
		err = fmt.Errorf("%s: %w (HTTP %d: %s)", op, ErrNoWriteAccess, resp.Response.StatusCode, resp.Message)
	default:
		err = fmt.Errorf("%s: %w", op, err)
	}
	return c.redact(err)
}

// redact keeps the token out of error text even if a server echoes it.
func (c *Client) redact(err error) error {
	if err == nil || c.token == "" || !strings.Contains(err.Error(), c.token) {
		return err
	}
	return &redactedError{msg: strings.ReplaceAll(err.Error(), c.token, "[REDACTED]"), err: err}
}

type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// is422 reports GitHub's "Unprocessable Entity", and its error strings.
func is422(err error) (bool, string) {
	var resp *gh.ErrorResponse
	if !errors.As(err, &resp) || resp.Response == nil || resp.Response.StatusCode != http.StatusUnprocessableEntity {
		return false, ""
	}
	var msgs []string
	for _, e := range resp.Errors {
		switch {
		case e.Message != "":
			msgs = append(msgs, e.Message)
		case e.Code != "":
			msgs = append(msgs, strings.TrimSpace(e.Resource+" "+e.Field+" "+e.Code))
		}
	}
	if len(msgs) == 0 {
		msgs = append(msgs, resp.Message)
	}
	return true, strings.Join(msgs, "; ")
}
