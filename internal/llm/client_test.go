package llm_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/llm/llmtest"
)

// canary is a fake API key; no error or log line may ever contain it.
const canary = "sk-canary-DO-NOT-LEAK-4f9a2c"

var hello = llm.Request{Messages: []llm.Message{{Role: "user", Content: "hello"}}}

// newClient builds a Client for srv with a fake clock and no jitter, so
// recorded waits are exact.
func newClient(t *testing.T, srv *llmtest.Server, edit func(*llm.Config)) (*llm.Client, *llmtest.Clock) {
	t.Helper()
	cfg := llm.Config{
		Model:       "test-model",
		BaseURL:     srv.URL(),
		APIKey:      canary,
		Timeout:     5 * time.Second,
		Concurrency: 4,
		MaxRetries:  3,
	}
	if edit != nil {
		edit(&cfg)
	}
	clock := llmtest.NewClock()
	c, err := llm.New(cfg, srv.Client(), clock, llm.WithJitter(llm.NoJitter))
	if err != nil {
		t.Fatal(err)
	}
	return c, clock
}

func assertNoKey(t *testing.T, what, s string) {
	t.Helper()
	if strings.Contains(s, canary) {
		t.Errorf("%s leaks the API key: %s", what, s)
	}
}

func equalDurations(a, b []time.Duration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCompleteSuccess(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{
		Text: "hi there", FinishReason: "stop", Model: "test-model-2026",
		Usage: llm.Usage{PromptTokens: 7, CompletionTokens: 3, TotalTokens: 10},
	}))
	c, clock := newClient(t, srv, nil)
	req := llm.Request{
		Messages:    []llm.Message{{Role: "system", Content: "be brief"}, {Role: "user", Content: "hello"}},
		MaxTokens:   64,
		Temperature: 0.5,
		JSON:        true,
	}
	got, err := c.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := llm.Reply{Text: "hi there", Model: "test-model-2026", FinishReason: "stop",
		Usage: llm.Usage{PromptTokens: 7, CompletionTokens: 3, TotalTokens: 10}}
	if got != want {
		t.Errorf("reply = %+v, want %+v", got, want)
	}
	r := srv.Requests()[0]
	if r.Model != "test-model" || r.MaxTokens != 64 || r.Temperature != 0.5 || !r.JSON || len(r.Messages) != 2 || r.Messages[0].Content != "be brief" {
		t.Errorf("server saw %+v", r)
	}
	if h := r.Header.Get("Authorization"); h != "Bearer "+canary {
		t.Errorf("Authorization = %q", h)
	}
	u, n := c.Usage()
	if n != 1 || u.TotalTokens != 10 {
		t.Errorf("Usage() = %+v, %d", u, n)
	}
	if len(clock.Sleeps()) != 0 {
		t.Errorf("slept %v on success", clock.Sleeps())
	}
}

func TestRequestModelOverridesDefault(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("ok"))
	c, _ := newClient(t, srv, nil)
	req := hello
	req.Model = "other-model"
	if _, err := c.Complete(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if m := srv.Requests()[0].Model; m != "other-model" {
		t.Errorf("model = %q", m)
	}
}

func TestRetryAfterIsHonoured(t *testing.T) {
	base := llmtest.NewClock().Now()
	for _, tc := range []struct {
		name   string
		header map[string]string
		want   time.Duration
	}{
		{"seconds", map[string]string{"Retry-After": "7"}, 7 * time.Second},
		{"http-date", map[string]string{"Retry-After": base.Add(90 * time.Second).Format(http.TimeFormat)}, 90 * time.Second},
		{"date-in-past", map[string]string{"Retry-After": base.Add(-time.Hour).Format(http.TimeFormat)}, 0},
		{"milliseconds-preferred", map[string]string{"Retry-After": "2", "retry-after-ms": "1500"}, 1500 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, llmtest.Script(
				llmtest.Response{Status: 429, Header: tc.header},
				llmtest.Response{Text: "ok"},
			))
			c, clock := newClient(t, srv, nil)
			got, err := c.Complete(context.Background(), hello)
			if err != nil || got.Text != "ok" {
				t.Fatalf("Complete = %+v, %v", got, err)
			}
			if s := clock.Sleeps(); !equalDurations(s, []time.Duration{tc.want}) {
				t.Errorf("waited %v, want exactly [%v]", s, tc.want)
			}
			if srv.Count() != 2 {
				t.Errorf("server saw %d requests, want 2", srv.Count())
			}
		})
	}
}

func TestRetryAfterTooLongGivesUp(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Status: 429, Header: map[string]string{"Retry-After": "86400"}}))
	c, clock := newClient(t, srv, nil)
	_, err := c.Complete(context.Background(), hello)
	if err == nil || !strings.Contains(err.Error(), "retry after") {
		t.Fatalf("err = %v", err)
	}
	if len(clock.Sleeps()) != 0 || srv.Count() != 1 {
		t.Errorf("slept %v, %d requests", clock.Sleeps(), srv.Count())
	}
}

func TestServerErrorThenSuccess(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Status: 500}, llmtest.Response{Text: "ok"}))
	c, clock := newClient(t, srv, nil)
	got, err := c.Complete(context.Background(), hello)
	if err != nil || got.Text != "ok" {
		t.Fatalf("Complete = %+v, %v", got, err)
	}
	if s := clock.Sleeps(); !equalDurations(s, []time.Duration{500 * time.Millisecond}) {
		t.Errorf("backoff %v, want [500ms]", s)
	}
	if _, n := c.Usage(); n != 2 {
		t.Errorf("request count %d, want 2 (retries count)", n)
	}
}

func TestBackoffIsExponential(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(
		llmtest.Response{Status: 503}, llmtest.Response{Status: 502}, llmtest.Response{Status: 500},
		llmtest.Response{Text: "ok"},
	))
	c, clock := newClient(t, srv, nil)
	if _, err := c.Complete(context.Background(), hello); err != nil {
		t.Fatal(err)
	}
	want := []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second}
	if s := clock.Sleeps(); !equalDurations(s, want) {
		t.Errorf("backoff %v, want %v", s, want)
	}
}

func TestBackoffJitterIsSeededAndBounded(t *testing.T) {
	run := func() []time.Duration {
		srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Status: 500}, llmtest.Response{Status: 500}, llmtest.Response{Text: "ok"}))
		clock := llmtest.NewClock()
		c, err := llm.New(llm.Config{Model: "m", BaseURL: srv.URL(), MaxRetries: 3}, srv.Client(), clock, llm.WithJitter(llm.SeededJitter(42)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Complete(context.Background(), hello); err != nil {
			t.Fatal(err)
		}
		return clock.Sleeps()
	}
	a, b := run(), run()
	if !equalDurations(a, b) {
		t.Errorf("same seed, different waits: %v vs %v", a, b)
	}
	for i, base := range []time.Duration{500 * time.Millisecond, time.Second} {
		if a[i] < base || a[i] >= base+base/2 {
			t.Errorf("wait %d = %v, want in [%v, %v)", i, a[i], base, base+base/2)
		}
	}
}

func TestRetriesExhausted(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Status: 502}))
	c, clock := newClient(t, srv, func(cfg *llm.Config) { cfg.MaxRetries = 2 })
	_, err := c.Complete(context.Background(), hello)
	var e *llm.Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v, want *llm.Error", err)
	}
	if e.StatusCode != 502 || e.Attempts != 3 || !e.Retryable {
		t.Errorf("error = %+v", e)
	}
	if srv.Count() != 3 || len(clock.Sleeps()) != 2 {
		t.Errorf("%d requests, sleeps %v; want 3 and 2", srv.Count(), clock.Sleeps())
	}
}

func TestHungRequestTimesOutThenSucceeds(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Hang: true}, llmtest.Response{Text: "ok"}))
	// The per-attempt timeout is real time (context.WithTimeout): long
	// enough that the second attempt's immediate answer arrives within
	// it on a loaded machine (100ms timed it out under a load of 12 on
	// 2 cores), and the hung first attempt costs only that. Nothing is
	// asserted about elapsed time.
	c, clock := newClient(t, srv, func(cfg *llm.Config) { cfg.Timeout = time.Second })
	got, err := c.Complete(context.Background(), hello)
	if err != nil || got.Text != "ok" {
		t.Fatalf("Complete = %+v, %v", got, err)
	}
	if srv.Count() != 2 || len(clock.Sleeps()) != 1 {
		t.Errorf("%d requests, sleeps %v", srv.Count(), clock.Sleeps())
	}
}

func TestHungRequestsExhaustRetries(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Hang: true}))
	c, _ := newClient(t, srv, func(cfg *llm.Config) { cfg.Timeout = 50 * time.Millisecond; cfg.MaxRetries = 1 })
	_, err := c.Complete(context.Background(), hello)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "timed out") {
		t.Fatalf("err = %v, want a timeout", err)
	}
	assertNoKey(t, "timeout error", err.Error())
}

func TestMalformedJSONRetriedOnce(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Body: `{"id": "x", "choices": [`}))
	c, _ := newClient(t, srv, nil)
	_, err := c.Complete(context.Background(), hello)
	if err == nil || !strings.Contains(err.Error(), "malformed") {
		t.Fatalf("err = %v, want malformed body error", err)
	}
	if srv.Count() != 2 {
		t.Errorf("server saw %d requests, want 2 (one retry)", srv.Count())
	}
}

func TestMalformedJSONThenSuccess(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Body: "<html>bad gateway</html>"}, llmtest.Response{Text: "ok"}))
	c, _ := newClient(t, srv, nil)
	if got, err := c.Complete(context.Background(), hello); err != nil || got.Text != "ok" {
		t.Fatalf("Complete = %+v, %v", got, err)
	}
}

func TestEmptyChoices(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{NoChoices: true, Usage: llm.Usage{TotalTokens: 4}}))
	c, _ := newClient(t, srv, nil)
	_, err := c.Complete(context.Background(), hello)
	if !errors.Is(err, llm.ErrEmptyReply) {
		t.Fatalf("err = %v, want ErrEmptyReply", err)
	}
	if srv.Count() != 1 {
		t.Errorf("empty reply retried: %d requests", srv.Count())
	}
	if u, _ := c.Usage(); u.TotalTokens != 4 {
		t.Errorf("tokens of the empty reply not counted: %+v", u)
	}
}

func TestRefusalIsReturnedAsText(t *testing.T) {
	const refusal = "I'm sorry, but I can't help with that."
	for name, resp := range map[string]llmtest.Response{
		"content": {Text: refusal},
		"field":   {Refusal: refusal},
	} {
		t.Run(name, func(t *testing.T) {
			srv := llmtest.NewServer(t, llmtest.Script(resp))
			c, _ := newClient(t, srv, nil)
			got, err := c.Complete(context.Background(), hello)
			if err != nil || got.Text != refusal {
				t.Fatalf("Complete = %+v, %v", got, err)
			}
		})
	}
}

func TestClientErrorsAreNotRetried(t *testing.T) {
	for _, tc := range []struct {
		status int
		says   string
	}{
		{400, "invalid"},
		{401, "authentication failed"},
		{403, "permission denied"},
		{404, "not found"},
	} {
		t.Run(fmt.Sprint(tc.status), func(t *testing.T) {
			// Real servers echo (parts of) a bad key back; ours echoes all.
			body := llmtest.ErrorBody("Incorrect API key provided: " + canary)
			srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Status: tc.status, Body: body}))
			c, clock := newClient(t, srv, nil)
			_, err := c.Complete(context.Background(), hello)
			var e *llm.Error
			if !errors.As(err, &e) || e.StatusCode != tc.status || e.Retryable {
				t.Fatalf("err = %v", err)
			}
			if !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), fmt.Sprint(tc.status)) {
				t.Errorf("error does not say what happened: %v", err)
			}
			assertNoKey(t, "error", err.Error())
			assertNoKey(t, "error %+v", fmt.Sprintf("%+v", err))
			if srv.Count() != 1 || len(clock.Sleeps()) != 0 {
				t.Errorf("retried: %d requests, sleeps %v", srv.Count(), clock.Sleeps())
			}
		})
	}
}

func TestTransportErrorRetriedWithoutKey(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("unused"))
	c, clock := newClient(t, srv, func(cfg *llm.Config) {
		// A port on 127.0.0.1 nobody listens on: connection refused.
		cfg.BaseURL = "http://127.0.0.1:1/v1?key=" + canary
		cfg.MaxRetries = 2
	})
	_, err := c.Complete(context.Background(), hello)
	if err == nil || !strings.Contains(err.Error(), "transport") {
		t.Fatalf("err = %v, want transport error", err)
	}
	assertNoKey(t, "transport error", err.Error())
	if len(clock.Sleeps()) != 2 {
		t.Errorf("sleeps %v, want 2 retries", clock.Sleeps())
	}
}

func TestCanceledContextStopsRetrying(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv := llmtest.NewServer(t, func(llmtest.Request) llmtest.Response {
		cancel()
		return llmtest.Response{Status: 500}
	})
	c, clock := newClient(t, srv, nil)
	_, err := c.Complete(ctx, hello)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if srv.Count() != 1 || len(clock.Sleeps()) != 0 {
		t.Errorf("%d requests, sleeps %v", srv.Count(), clock.Sleeps())
	}
}

func TestConcurrencyIsBounded(t *testing.T) {
	const limit, callers = 3, 24
	srv := llmtest.NewServer(t, func(llmtest.Request) llmtest.Response {
		return llmtest.Response{Text: "ok", Delay: 10 * time.Millisecond}
	})
	c, _ := newClient(t, srv, func(cfg *llm.Config) { cfg.Concurrency = limit })
	var wg sync.WaitGroup
	errs := make(chan error, callers)
	for range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := c.Complete(context.Background(), hello)
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if m := srv.MaxInFlight(); m > limit || m < 1 {
		t.Errorf("max in flight = %d, limit %d", m, limit)
	}
	if _, n := c.Usage(); n != callers || srv.Count() != callers {
		t.Errorf("count %d / server %d, want %d", n, srv.Count(), callers)
	}
}

func TestBudgetMaxRequests(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("ok"))
	c, _ := newClient(t, srv, func(cfg *llm.Config) { cfg.MaxRequests = 3 })
	for i := range 3 {
		if _, err := c.Complete(context.Background(), hello); err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
	}
	_, err := c.Complete(context.Background(), hello)
	if !errors.Is(err, llm.ErrBudget) || !strings.Contains(err.Error(), "3 of 3 requests") {
		t.Fatalf("4th call: %v, want ErrBudget saying what was spent", err)
	}
	if srv.Count() != 3 {
		t.Errorf("server saw %d requests, want 3", srv.Count())
	}
}

func TestBudgetMaxTokens(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("ok")) // 15 tokens per reply
	c, _ := newClient(t, srv, func(cfg *llm.Config) { cfg.MaxTokens = 20 })
	for i := range 2 { // 0 < 20, 15 < 20: both allowed; total 30
		if _, err := c.Complete(context.Background(), hello); err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
	}
	_, err := c.Complete(context.Background(), hello)
	if !errors.Is(err, llm.ErrBudget) || !strings.Contains(err.Error(), "30 of 20 tokens") {
		t.Fatalf("3rd call: %v", err)
	}
	if srv.Count() != 2 {
		t.Errorf("server saw %d requests", srv.Count())
	}
}

func TestBudgetStopsRetries(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Status: 500}))
	c, _ := newClient(t, srv, func(cfg *llm.Config) { cfg.MaxRequests = 2 })
	_, err := c.Complete(context.Background(), hello)
	if !errors.Is(err, llm.ErrBudget) || !strings.Contains(err.Error(), "HTTP 500") {
		t.Fatalf("err = %v, want ErrBudget mentioning the last failure", err)
	}
	if srv.Count() != 2 {
		t.Errorf("server saw %d requests, want 2", srv.Count())
	}
}

func TestAzure(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("azure ok"))
	c, _ := newClient(t, srv, func(cfg *llm.Config) {
		cfg.APIType = "azure"
		cfg.BaseURL = srv.RootURL()
		cfg.APIVersion = "2024-06-01"
		cfg.Model = "gpt-4o.deploy"
	})
	got, err := c.Complete(context.Background(), hello)
	if err != nil || got.Text != "azure ok" {
		t.Fatalf("Complete = %+v, %v", got, err)
	}
	r := srv.Requests()[0]
	if r.Deployment != "gpt-4o.deploy" || r.Query.Get("api-version") != "2024-06-01" {
		t.Errorf("path %s query %v", r.Path, r.Query)
	}
	if r.Header.Get("Api-Key") != canary || r.Header.Get("Authorization") != "" {
		t.Errorf("azure auth headers wrong: api-key set=%v authorization=%q", r.Header.Get("Api-Key") != "", r.Header.Get("Authorization"))
	}
}

func TestReasoningModelParameters(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("ok"))
	c, _ := newClient(t, srv, nil)
	req := hello
	req.Model, req.MaxTokens, req.Temperature = "o3-mini", 100, 0.2
	if _, err := c.Complete(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()[0]
	body := string(r.Body)
	if !strings.Contains(body, `"max_completion_tokens":100`) || strings.Contains(body, `"max_tokens"`) || r.Temperature != 0 {
		t.Errorf("reasoning model request body: %s", body)
	}
}

func TestRequestValidation(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("ok"))
	c, _ := newClient(t, srv, func(cfg *llm.Config) { cfg.Model = "" })
	if _, err := c.Complete(context.Background(), hello); err == nil {
		t.Error("no model: want error")
	}
	c, _ = newClient(t, srv, nil)
	if _, err := c.Complete(context.Background(), llm.Request{}); err == nil {
		t.Error("no messages: want error")
	}
	if srv.Count() != 0 {
		t.Errorf("invalid requests reached the server")
	}
}

// A refused key (401, 403) stops the client: the error says so, and no
// later request is sent.
func TestRefusedKeyStopsClient(t *testing.T) {
	for _, status := range []int{401, 403} {
		srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Status: status}, llmtest.Response{Text: "never"}))
		c, _ := newClient(t, srv, nil)
		_, err := c.Complete(context.Background(), hello)
		if !errors.Is(err, llm.ErrAuth) || !llm.Stops(err) || errors.Is(err, llm.ErrUnreachable) {
			t.Fatalf("%d: err = %v, want ErrAuth that stops the run", status, err)
		}
		_, err = c.Complete(context.Background(), hello)
		if !errors.Is(err, llm.ErrAuth) || srv.Count() != 1 {
			t.Errorf("%d: second call: %v after %d requests, want ErrAuth unsent", status, err, srv.Count())
		}
	}
}

func TestRequireKey(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("ok"))
	srv.RequireKey("right")
	for key, want := range map[string]string{"": "didn't provide", "wrong": "Incorrect API key", "right": ""} {
		c, _ := newClient(t, srv, func(cfg *llm.Config) { cfg.APIKey = key })
		_, err := c.Complete(context.Background(), hello)
		if want == "" && err != nil || want != "" && (!errors.Is(err, llm.ErrAuth) || !strings.Contains(err.Error(), want)) {
			t.Errorf("key %q: err = %v, want %q", key, err, want)
		}
	}
}

// A server nobody listens on is unreachable after one request's retries;
// the client then sends nothing more.
func TestUnreachableStopsClient(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("unused"))
	c, clock := newClient(t, srv, func(cfg *llm.Config) { cfg.BaseURL = "http://127.0.0.1:1/v1"; cfg.MaxRetries = 2 })
	_, err := c.Complete(context.Background(), hello)
	if !errors.Is(err, llm.ErrUnreachable) || !llm.Stops(err) {
		t.Fatalf("err = %v, want ErrUnreachable", err)
	}
	sleeps := len(clock.Sleeps())
	if _, err := c.Complete(context.Background(), hello); !errors.Is(err, llm.ErrUnreachable) || len(clock.Sleeps()) != sleeps {
		t.Errorf("second call: %v, %d more retries; want ErrUnreachable at once", err, len(clock.Sleeps())-sleeps)
	}
}

// Time-outs from a server that has answered before are a slow request,
// not a server out of reach: that task fails, the run goes on.
func TestTimeoutAfterAnswersDoesNotStop(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Text: "ok"}, llmtest.Response{Hang: true}, llmtest.Response{Hang: true}, llmtest.Response{Text: "ok"}))
	c, _ := newClient(t, srv, func(cfg *llm.Config) { cfg.Timeout = 50 * time.Millisecond; cfg.MaxRetries = 1 })
	if _, err := c.Complete(context.Background(), hello); err != nil {
		t.Fatal(err)
	}
	_, err := c.Complete(context.Background(), hello)
	if err == nil || llm.Stops(err) || errors.Is(err, llm.ErrUnreachable) {
		t.Fatalf("err = %v, want a time-out that does not stop the run", err)
	}
	if r, err := c.Complete(context.Background(), hello); err != nil || r.Text != "ok" {
		t.Errorf("next call: %+v %v", r, err)
	}
}

// A server that never answers at all is out of reach.
func TestHungServerIsUnreachable(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Hang: true}))
	c, _ := newClient(t, srv, func(cfg *llm.Config) { cfg.Timeout = 50 * time.Millisecond; cfg.MaxRetries = 1 })
	_, err := c.Complete(context.Background(), hello)
	if !errors.Is(err, llm.ErrUnreachable) || !llm.Stops(err) {
		t.Fatalf("err = %v, want ErrUnreachable", err)
	}
}
