// Package githubtest is an in-process fake of the parts of GitHub's REST
// API that iflint's pull request client uses. It enforces GitHub's rules
// rather than accepting anything: token auth and write permission, list
// pagination with Link headers, the 300-file/20000-line cap of the diff
// media type, comment placement inside one hunk of the diff, one pending
// review per user, and rate limits, answering with GitHub's status codes
// and JSON error shapes so the real go-github client sees what it would
// see in production.
package githubtest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Options tune the fake's limits. Zero fields take GitHub's values.
type Options struct {
	// MaxDiffFiles and MaxDiffLines bound what the diff media type serves
	// (GitHub: 300 files, 20000 lines); beyond them it answers 406.
	MaxDiffFiles, MaxDiffLines int
	// MaxPatchBytes makes list-files omit larger patches, as GitHub does
	// for big files (0: never omitted).
	MaxPatchBytes int
	// RateLimit is the primary budget of requests per hour (default 5000).
	RateLimit int
	// Now is the server's clock (default time.Now), for rate-limit resets.
	Now func() time.Time
}

// Token is what a token may do.
type Token struct {
	Login string
	Write bool // pull-requests: write
}

// Request is one logged request.
type Request struct {
	Method, Path, Query string
	Body                string
	Status              int
}

// Server is the fake API. Its URL is the REST root to give clients.
type Server struct {
	URL  string
	srv  *httptest.Server
	opts Options

	mu        sync.Mutex
	tokens    map[string]Token
	prs       map[prKey]*pullRequest
	reviews   []*review
	comments  []*comment
	nextID    int64
	log       []Request
	remaining int
	resetAt   time.Time
	secondary SecondaryLimit
	faults    []*Fault
	arts      artifacts
}

// New starts a fake server, closed when tb's test ends.
func New(tb testing.TB, opts Options) *Server {
	if opts.MaxDiffFiles == 0 {
		opts.MaxDiffFiles = 300
	}
	if opts.MaxDiffLines == 0 {
		opts.MaxDiffLines = 20000
	}
	if opts.RateLimit == 0 {
		opts.RateLimit = 5000
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	s := &Server{
		opts: opts, tokens: map[string]Token{}, prs: map[prKey]*pullRequest{},
		nextID: 1000, remaining: opts.RateLimit,
	}
	s.srv = httptest.NewServer(s.handler())
	s.URL = s.srv.URL + "/"
	tb.Cleanup(s.srv.Close)
	return s
}

// AddToken registers a token.
func (s *Server) AddToken(token string, t Token) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens[token] = t
}

// SecondaryLimit makes the next Writes write requests fail as GitHub's
// secondary rate limit does: Status (default 403) with Retry-After when
// RetryAfter > 0, otherwise with x-ratelimit-remaining 0 and a reset
// ResetIn from now.
type SecondaryLimit struct {
	Writes     int
	Status     int
	RetryAfter time.Duration
	ResetIn    time.Duration
}

// LimitWrites arms a secondary rate limit.
func (s *Server) LimitWrites(l SecondaryLimit) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if l.Status == 0 {
		l.Status = http.StatusForbidden
	}
	s.secondary = l
}

// SetRemaining sets the primary budget left until reset.
func (s *Server) SetRemaining(n int, reset time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.remaining, s.resetAt = n, reset
}

// Requests returns the request log so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.log...)
}

// ResetLog empties the request log.
func (s *Server) ResetLog() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = nil
}

const docsRoot = "https://docs.github.com/rest"

// apiError is GitHub's error body. Errors holds strings or objects, as
// GitHub's answers do.
type apiError struct {
	Message string `json:"message"`
	Errors  []any  `json:"errors,omitempty"`
	Doc     string `json:"documentation_url"`
	Status  string `json:"status,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg, doc string, errs ...any) {
	writeJSON(w, status, apiError{Message: msg, Errors: errs, Doc: doc, Status: strconv.Itoa(status)})
}

type ctxKey struct{}

func withCaller(ctx context.Context, c caller) context.Context {
	return context.WithValue(ctx, ctxKey{}, c)
}

func callerOf(r *http.Request) caller {
	c, _ := r.Context().Value(ctxKey{}).(caller)
	return c
}

// caller is the authenticated token of a request.
type caller struct {
	token string
	Token
}

// handler logs every request, authenticates it, applies rate limits and
// write permission, then routes it.
func (s *Server) handler() http.Handler {
	mux := http.NewServeMux()
	s.routes(mux)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, blobPrefix) {
			s.serveBlob(w, r) // storage, not the API
			return
		}
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			s.mu.Lock()
			s.log = append(s.log, Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Body: string(body), Status: rec.status})
			s.mu.Unlock()
		}()
		c, ok := s.authenticate(rec, r)
		if !ok {
			return
		}
		if !s.admit(rec, r) {
			return
		}
		if isWrite(r.Method) && !c.Write {
			writeError(rec, http.StatusForbidden, "Resource not accessible by integration", docsRoot+"/pulls/reviews#create-a-review-for-a-pull-request")
			return
		}
		r = r.WithContext(withCaller(r.Context(), c))
		if f := s.fault(r); f != nil {
			s.fail(f, rec, r, mux.ServeHTTP)
			return
		}
		mux.ServeHTTP(rec, r)
	})
}

func isWrite(method string) bool {
	return method == http.MethodPost || method == http.MethodPatch || method == http.MethodPut || method == http.MethodDelete
}

func (s *Server) authenticate(w http.ResponseWriter, r *http.Request) (caller, bool) {
	h := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(h, "Bearer ")
	if !ok {
		tok, ok = strings.CutPrefix(h, "token ")
	}
	if !ok || tok == "" {
		writeError(w, http.StatusUnauthorized, "Requires authentication", docsRoot)
		return caller{}, false
	}
	s.mu.Lock()
	t, known := s.tokens[tok]
	s.mu.Unlock()
	if !known {
		writeError(w, http.StatusUnauthorized, "Bad credentials", docsRoot)
		return caller{}, false
	}
	return caller{token: tok, Token: t}, true
}

// admit charges the primary budget and applies an armed secondary limit,
// setting GitHub's x-ratelimit headers on every answer.
func (s *Server) admit(w http.ResponseWriter, r *http.Request) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.opts.Now()
	if s.resetAt.IsZero() || !now.Before(s.resetAt) {
		if !s.resetAt.IsZero() {
			s.remaining = s.opts.RateLimit
		}
		s.resetAt = now.Add(time.Hour)
	}
	h := w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(s.opts.RateLimit))
	h.Set("X-RateLimit-Reset", strconv.FormatInt(s.resetAt.Unix(), 10))
	h.Set("X-RateLimit-Resource", "core")
	if s.remaining <= 0 {
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Used", strconv.Itoa(s.opts.RateLimit))
		writeError(w, http.StatusForbidden, "API rate limit exceeded for installation ID 1.", docsRoot+"/overview/rate-limits-for-the-rest-api#about-primary-rate-limits")
		return false
	}
	s.remaining--
	h.Set("X-RateLimit-Remaining", strconv.Itoa(s.remaining))
	h.Set("X-RateLimit-Used", strconv.Itoa(s.opts.RateLimit-s.remaining))
	if l := &s.secondary; l.Writes > 0 && isWrite(r.Method) {
		l.Writes--
		if l.RetryAfter > 0 {
			h.Set("Retry-After", strconv.Itoa(int(l.RetryAfter/time.Second)))
		} else {
			h.Set("X-RateLimit-Remaining", "0")
			h.Set("X-RateLimit-Reset", strconv.FormatInt(now.Add(l.ResetIn).Unix(), 10))
		}
		writeError(w, l.Status, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000000:0000000:00000000.",
			docsRoot+"/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits")
		return false
	}
	return true
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}
