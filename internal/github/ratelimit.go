package github

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
//
// It also resends idempotent requests (see idempotent) that failed on
// the way: a 5xx answer (GitHub's API and gateways fail now and then) or
// a connection cut without an answer, after a backoff of a second
// doubling per attempt. A POST is never resent here: whether it took
// effect is unknown, and only its caller can look (see createReview).
type retryTransport struct {
	base       http.RoundTripper
	calls      *atomic.Int64
	now        func() time.Time
	sleep      func(context.Context, time.Duration) error
	maxRetries int
	maxWait    time.Duration
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rewindable := req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
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
		retry := attempt < t.maxRetries && rewindable
		if err != nil {
			if !retry || !idempotent(req.Method) || !transient(req.Context(), err) {
				return nil, err
			}
		} else if resp.StatusCode >= 500 && retry && idempotent(req.Method) {
			io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
			resp.Body.Close()
		} else {
			wait, limited := secondaryWait(resp, t.now(), attempt)
			if !limited || !retry || wait > t.maxWait {
				return resp, nil
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if err := t.sleep(req.Context(), wait); err != nil {
				return nil, err
			}
			continue
		}
		if err := t.sleep(req.Context(), Backoff(attempt)); err != nil {
			return nil, err
		}
	}
}

// Backoff is the wait before retry attempt+1 of a request that failed on
// the way: 1s, 2s, 4s, ... up to a minute.
func Backoff(attempt int) time.Duration {
	return min(time.Second<<min(attempt, 6), time.Minute)
}

// idempotent methods may be sent twice with the effect of once. PATCH is
// not in general, but this client's only PATCH sets a comment's whole
// body, which is.
func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPut, http.MethodDelete, http.MethodPatch:
		return true
	}
	return false
}

// transient reports whether err is a failure on the way (a reset or cut
// connection, a timeout of one attempt) rather than the caller's context
// ending.
func transient(ctx context.Context, err error) bool {
	return ctx.Err() == nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
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
