// Package llmtest provides an in-process fake OpenAI-compatible server and
// a fake clock, so any package can test LLM-backed code without a network
// or real sleeps.
//
//	srv := llmtest.NewServer(t, llmtest.Script(
//		llmtest.Response{Status: 429, Header: map[string]string{"Retry-After": "2"}},
//		llmtest.Response{Text: "ok"},
//	))
//	cfg := llm.Config{BaseURL: srv.URL(), Model: "m", APIKey: "k"}
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/llm"
)

// Request is what the fake server received.
type Request struct {
	N           int    // 1-based arrival number
	Path        string // e.g. /v1/chat/completions or /openai/deployments/D/chat/completions
	Query       url.Values
	Header      http.Header
	Deployment  string // azure path shape only
	Model       string
	Messages    []llm.Message
	MaxTokens   int // max_tokens or max_completion_tokens
	Temperature float32
	JSON        bool // response_format json_object requested
	Body        []byte
}

// Response scripts one answer. The zero value is a 200 with empty text.
type Response struct {
	Status int               // 0 means 200
	Header map[string]string // extra response headers, e.g. Retry-After
	// Delay waits (real time) before answering; aborted when the client
	// goes away.
	Delay time.Duration
	// Hang blocks until the client cancels (its timeout fires), then
	// answers nothing.
	Hang bool
	// Body, when set, is sent verbatim (malformed JSON, custom errors).
	Body string

	Text         string
	Refusal      string // structured refusal field (content left empty)
	FinishReason string // default "stop"
	Usage        llm.Usage
	NoChoices    bool // 200 with "choices": []
	Model        string
}

// Handler decides the response to a request.
type Handler func(Request) Response

// Reply answers every request with text and a small usage.
func Reply(text string) Handler {
	return func(Request) Response {
		return Response{Text: text, Usage: llm.Usage{PromptTokens: 10, CompletionTokens: 5, TotalTokens: 15}}
	}
}

// Script answers the n-th request with rs[n-1], repeating the last one.
func Script(rs ...Response) Handler {
	if len(rs) == 0 {
		panic("llmtest.Script: no responses")
	}
	return func(r Request) Response { return rs[min(r.N, len(rs))-1] }
}

// Server is a fake OpenAI-compatible chat completions endpoint serving
// POST {base}/chat/completions (openai shape, base ends in /v1) and
// POST /openai/deployments/{name}/chat/completions?api-version=... (azure).
type Server struct {
	srv     *httptest.Server
	handler Handler
	done    chan struct{} // closed at cleanup to release hung handlers

	mu          sync.Mutex
	key         string // required API key, "" for none
	reqs        []Request
	inFlight    int
	maxInFlight int
}

// NewServer starts a server that closes itself when the test ends.
func NewServer(t testing.TB, h Handler) *Server {
	t.Helper()
	s := &Server{handler: h, done: make(chan struct{})}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(func() {
		close(s.done)
		s.srv.Close()
	})
	return s
}

// RequireKey makes the server answer 401, as OpenAI does, to any request
// that does not carry key (as "Authorization: Bearer <key>", or the azure
// "api-key" header). The refused requests are still counted.
func (s *Server) RequireKey(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.key = key
}

// URL is the openai-shape base URL (ending in /v1).
func (s *Server) URL() string { return s.srv.URL + "/v1" }

// RootURL is the bare server URL, the azure-shape base URL.
func (s *Server) RootURL() string { return s.srv.URL }

// Client is an http.Client wired to the server.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// Count is the number of requests received.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.reqs)
}

// Requests returns a copy of the requests received, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// MaxInFlight is the highest number of requests handled at once.
func (s *Server) MaxInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.maxInFlight
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	req, err := parse(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.mu.Lock()
	req.N = len(s.reqs) + 1
	s.reqs = append(s.reqs, req)
	s.inFlight++
	s.maxInFlight = max(s.maxInFlight, s.inFlight)
	key := s.key
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inFlight--
		s.mu.Unlock()
	}()

	if key != "" && r.Header.Get("Authorization") != "Bearer "+key && r.Header.Get("api-key") != key {
		msg := "Incorrect API key provided."
		if strings.TrimSpace(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer")) == "" && r.Header.Get("api-key") == "" {
			msg = "You didn't provide an API key."
		}
		writeError(w, http.StatusUnauthorized, msg)
		return
	}
	resp := s.handler(req)
	if resp.Hang {
		select {
		case <-r.Context().Done():
		case <-s.done:
		}
		return
	}
	if resp.Delay > 0 {
		t := time.NewTimer(resp.Delay)
		defer t.Stop()
		select {
		case <-t.C:
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		}
	}
	for k, v := range resp.Header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	status := resp.Status
	if status == 0 {
		status = http.StatusOK
	}
	body := resp.Body
	if body == "" {
		if status >= 400 {
			body = errorBody(status, http.StatusText(status))
		} else {
			body = successBody(req, resp)
		}
	}
	w.WriteHeader(status)
	io.WriteString(w, body)
}

// parse accepts both URL shapes and decodes the JSON request body.
func parse(r *http.Request) (Request, error) {
	req := Request{Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone()}
	if r.Method != http.MethodPost {
		return req, fmt.Errorf("method %s not allowed", r.Method)
	}
	switch {
	case strings.HasPrefix(r.URL.Path, "/openai/deployments/") && strings.HasSuffix(r.URL.Path, "/chat/completions"):
		req.Deployment = strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/openai/deployments/"), "/chat/completions")
		if req.Query.Get("api-version") == "" {
			return req, fmt.Errorf("azure request without api-version")
		}
	case r.URL.Path == "/v1/chat/completions":
	default:
		return req, fmt.Errorf("unknown path %s", r.URL.Path)
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return req, err
	}
	req.Body = body
	var in struct {
		Model               string        `json:"model"`
		Messages            []llm.Message `json:"messages"`
		MaxTokens           int           `json:"max_tokens"`
		MaxCompletionTokens int           `json:"max_completion_tokens"`
		Temperature         float32       `json:"temperature"`
		ResponseFormat      *struct {
			Type string `json:"type"`
		} `json:"response_format"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return req, fmt.Errorf("bad request body: %v", err)
	}
	req.Model, req.Messages, req.Temperature = in.Model, in.Messages, in.Temperature
	req.MaxTokens = max(in.MaxTokens, in.MaxCompletionTokens)
	req.JSON = in.ResponseFormat != nil && in.ResponseFormat.Type == "json_object"
	return req, nil
}

func successBody(req Request, resp Response) string {
	model := resp.Model
	if model == "" {
		model = req.Model
	}
	finish := resp.FinishReason
	if finish == "" {
		finish = "stop"
	}
	type message struct {
		Role    string `json:"role"`
		Content string `json:"content"`
		Refusal string `json:"refusal,omitempty"`
	}
	type choice struct {
		Index        int     `json:"index"`
		Message      message `json:"message"`
		FinishReason string  `json:"finish_reason"`
	}
	choices := []choice{{Message: message{Role: "assistant", Content: resp.Text, Refusal: resp.Refusal}, FinishReason: finish}}
	if resp.NoChoices {
		choices = []choice{}
	}
	b, _ := json.Marshal(map[string]any{
		"id":      fmt.Sprintf("chatcmpl-fake-%d", req.N),
		"object":  "chat.completion",
		"created": 1700000000,
		"model":   model,
		"choices": choices,
		"usage":   resp.Usage,
	})
	return string(b)
}

func errorBody(status int, msg string) string {
	b, _ := json.Marshal(map[string]any{"error": map[string]any{
		"message": msg, "type": "fake_error", "code": status,
	}})
	return string(b)
}

// ErrorBody is an OpenAI-shaped error body with the given message, for
// Response.Body.
func ErrorBody(msg string) string { return errorBody(0, msg) }

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, errorBody(status, msg))
}
