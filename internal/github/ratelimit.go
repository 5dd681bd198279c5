package github

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// retryTransport sits under go-github and absorbs secondary rate limits:
// it waits as GitHub asks and resends. Doing this below go-github matters
// because go-github remembers a secondary limit and refuses further calls
// by the wall clock, which an injected clock could never advance. Primary
// limits (the hourly budget) are passed up unchanged: waiting up to an hour
// inside a CI job is the caller's decision, not ours.
type retryTransport struct {
	base       http.RoundTripper
	calls      *atomic.Int64
	now        func() time.Time
	sleep      func(context.Context, time.Duration) error
	maxRetries int
	maxWait    time.Duration
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		r := req
		if attempt > 0 {
			r = req.Clone(req.Context())
			if req.GetBody != nil {
				body, err := req.GetBody()
				if err != nil {
					return nil, err
				}
				r.Body = body
			}
		}
		t.calls.Add(1)
		resp, err := t.base.RoundTrip(r)
		if err != nil {
			return nil, err
		}
		wait, limited := secondaryWait(resp, t.now(), attempt)
		rewindable := req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
		if !limited || attempt >= t.maxRetries || wait > t.maxWait || !rewindable {
			return resp, nil
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err := t.sleep(req.Context(), wait); err != nil {
			return nil, err
		}
	}
}

// secondaryWait reports whether resp is a secondary rate limit and how long
// GitHub asks to wait: Retry-After if given, else until x-ratelimit-reset
// when no requests remain, else a minute doubling per attempt, as GitHub's
// "rate limits for the REST API" page prescribes. The body is read to find
// GitHub's message and put back for go-github.
func secondaryWait(resp *http.Response, now time.Time, attempt int) (time.Duration, bool) {
	if resp.StatusCode != http.StatusForbidden && resp.StatusCode != http.StatusTooManyRequests {
		return 0, false
	}
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(data))
	var msg struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(data, &msg) // a non-JSON body just has no message
	h := resp.Header
	exhausted := h.Get("X-RateLimit-Remaining") == "0"
	secondary := strings.Contains(strings.ToLower(msg.Message), "secondary rate limit")
	switch {
	case secondary:
	case exhausted:
		return 0, false // primary limit
	case resp.StatusCode == http.StatusTooManyRequests && h.Get("Retry-After") != "":
	default:
		return 0, false // a plain 403: no access
	}
	if d, ok := retryAfter(h.Get("Retry-After"), now); ok {
		return d, true
	}
	if reset, err := strconv.ParseInt(h.Get("X-RateLimit-Reset"), 10, 64); exhausted && err == nil {
		return max(time.Unix(reset, 0).Sub(now), 0) + time.Second, true
	}
	return time.Minute << min(attempt, 4), true
}

// retryAfter reads delay-seconds or an HTTP date.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && s >= 0 {
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}
