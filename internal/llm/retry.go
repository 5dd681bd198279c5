package llm

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Backoff parameters. The first retry waits ~0.5s and each further one
// doubles, capped so a long outage does not stall a run for minutes
// between attempts.
const (
	backoffBase = 500 * time.Millisecond
	backoffMax  = 30 * time.Second
	// maxRetryAfter bounds how long we obey a server's Retry-After: a
	// server asking for more is treated as "quota gone" and we give up
	// instead of silently hanging the run.
	maxRetryAfter = 5 * time.Minute
)

// failKind classifies a failed attempt for the retry decision.
type failKind int

const (
	failOther     failKind = iota // request building/validation etc.: not retried
	failStatus                    // HTTP error status; retried for 408, 429, 5xx
	failTimeout                   // the per-attempt timeout fired: retried
	failTransport                 // connection refused/reset etc.: retried
	failMalformed                 // 2xx with an undecodable body: retried once
	failCanceled                  // the caller's ctx is done: never retried
)

func (k failKind) String() string {
	switch k {
	case failStatus:
		return "HTTP error"
	case failTimeout:
		return "request timed out"
	case failTransport:
		return "transport error"
	case failMalformed:
		return "malformed response body"
	case failCanceled:
		return "canceled"
	}
	return "request failed"
}

// classify works out what went wrong in one attempt. parent is the
// caller's context: a deadline there is the caller giving up, whereas a
// deadline only on the attempt's context is our per-request timeout.
func classify(parent context.Context, err error, ri *respInfo) (failKind, int) {
	if parent.Err() != nil {
		return failCanceled, 0
	}
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	switch {
	case errors.As(err, &apiErr) && apiErr.HTTPStatusCode > 0:
		return failStatus, apiErr.HTTPStatusCode
	case errors.As(err, &reqErr) && reqErr.HTTPStatusCode > 0:
		return failStatus, reqErr.HTTPStatusCode
	case ri.status >= 400:
		return failStatus, ri.status
	}
	var netErr net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &netErr) && netErr.Timeout()) {
		return failTimeout, 0
	}
	var synErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &synErr) || errors.As(err, &typeErr) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return failMalformed, ri.status
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		return failTransport, 0
	}
	return failOther, 0
}

// retryableStatus: throttling, server-side trouble and request timeout are
// worth another try; other 4xx (400 bad request, 401/403 auth, 404 unknown
// model or path, 422) will fail the same way again.
func retryableStatus(code int) bool {
	return code == http.StatusRequestTimeout || code == http.StatusTooManyRequests || code >= 500
}

// retryAfter reads the server's requested wait: OpenAI and Azure send
// retry-after-ms (more precise) alongside the standard Retry-After, which
// is either delay-seconds or an HTTP date.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if h == nil {
		return 0, false
	}
	if v := strings.TrimSpace(h.Get("retry-after-ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil && secs >= 0 {
		return time.Duration(secs * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// backoff is the wait before retry number n (0-based): exponential, capped,
// plus up to 50% jitter so throttled callers do not retry in lockstep.
func backoff(n int, jitter Jitter) time.Duration {
	d := backoffMax
	if n < 16 { // avoid shifting into overflow
		d = min(backoffBase<<n, backoffMax)
	}
	return d + jitter(d/2)
}

// statusHint says in words what an HTTP status means for the user.
func statusHint(code int) string {
	switch code {
	case http.StatusBadRequest:
		return "the server rejected the request as invalid"
	case http.StatusUnauthorized:
		return "authentication failed: check OPENAI_API_KEY"
	case http.StatusForbidden:
		return "permission denied for this key, model or region"
	case http.StatusNotFound:
		return "model or endpoint not found: check IFLINT_MODEL and OPENAI_BASE_URL"
	case http.StatusTooManyRequests:
		return "rate limited or out of quota"
	}
	if code >= 500 {
		return "server error"
	}
	return http.StatusText(code)
}
