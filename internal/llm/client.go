package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"

	openai "github.com/sashabaranov/go-openai"
)

// Client is the production Completer: go-openai underneath, plus a
// per-attempt timeout, retries with backoff, a concurrency limit and run
// budgets. It is safe for concurrent use.
type Client struct {
	cfg    Config
	api    *openai.Client
	clock  Clock
	jitter Jitter
	sem    chan struct{} // one token per request in flight
	meter  meter
	redact redactor

	// answered is set once any attempt got an HTTP response: from then
	// on a time-out is a slow request, not a server out of reach.
	answered atomic.Bool
	// dead holds the first error after which no request can succeed
	// (ErrAuth, ErrUnreachable); later calls return it unsent.
	dead atomic.Pointer[Error]
}

var _ Completer = (*Client)(nil)

// Option tweaks a Client beyond Config (test hooks mostly).
type Option func(*Client)

// WithJitter replaces the random backoff jitter, e.g. with NoJitter or
// SeededJitter for deterministic tests.
func WithJitter(j Jitter) Option { return func(c *Client) { c.jitter = j } }

// New builds a Client. httpClient may be nil (a plain &http.Client{}; the
// per-attempt timeout comes from cfg.Timeout, not from the http.Client) and
// clock may be nil (RealClock).
func New(cfg Config, httpClient *http.Client, clock Clock, opts ...Option) (*Client, error) {
	if httpClient == nil {
		httpClient = &http.Client{}
	}
	if clock == nil {
		clock = RealClock{}
	}
	cfg.APIType = strings.ToLower(strings.TrimSpace(cfg.APIType))
	cfg.Concurrency = max(cfg.Concurrency, 1)
	cfg.MaxRetries = max(cfg.MaxRetries, 0)
	cfg.Timeout = max(cfg.Timeout, 0)

	var oc openai.ClientConfig
	switch cfg.APIType {
	case "", APITypeOpenAI:
		cfg.APIType = APITypeOpenAI
		oc = openai.DefaultConfig(cfg.APIKey)
		if cfg.BaseURL != "" {
			oc.BaseURL = cfg.BaseURL
		}
	case APITypeAzure:
		if cfg.BaseURL == "" {
			return nil, errors.New("llm: azure needs a base URL (OPENAI_BASE_URL), e.g. https://NAME.openai.azure.com")
		}
		oc = openai.DefaultAzureConfig(cfg.APIKey, cfg.BaseURL)
		if cfg.APIVersion == "" {
			cfg.APIVersion = defaultAzureAPIVersion
		}
		oc.APIVersion = cfg.APIVersion
		// The model name is the deployment name: no guessing or rewriting.
		oc.AzureModelMapperFunc = func(model string) string { return model }
	default:
		return nil, fmt.Errorf("llm: unknown API type %q (want %q or %q)", cfg.APIType, APITypeOpenAI, APITypeAzure)
	}
	oc.HTTPClient = recordingDoer{inner: httpClient}

	c := &Client{
		cfg:    cfg,
		api:    openai.NewClientWithConfig(oc),
		clock:  clock,
		jitter: randomJitter,
		sem:    make(chan struct{}, cfg.Concurrency),
		meter:  meter{maxRequests: cfg.MaxRequests, maxTokens: cfg.MaxTokens},
		redact: redactor(cfg.APIKey),
	}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// Config returns the effective configuration (defaults applied).
func (c *Client) Config() Config { return c.cfg }

// Usage returns the tokens accumulated over all replies so far and the
// number of HTTP attempts sent (retries included).
func (c *Client) Usage() (Usage, int) { return c.meter.snapshot() }

// Complete sends req, retrying transient failures. It returns an error
// wrapping ErrBudget once a budget is spent, ErrEmptyReply for a reply
// without choices, or an *Error for a failed HTTP exchange. A refusal is a
// normal Reply: judging its text is the caller's job.
//
// Retry policy: 408, 429, 5xx, per-attempt timeouts and transport errors
// are retried up to MaxRetries times, waiting as long as the server's
// Retry-After asks or else with exponential backoff plus jitter. A 2xx
// with a malformed JSON body is retried once only: a glitching proxy is
// worth one more try, a server that always answers garbage is not.
func (c *Client) Complete(ctx context.Context, req Request) (Reply, error) {
	oreq, err := c.chatRequest(req)
	if err != nil {
		return Reply{}, err
	}
	if d := c.dead.Load(); d != nil {
		return Reply{}, fmt.Errorf("%w (not sent: an earlier request already failed so)", d)
	}
	malformedRetried := false
	reached := false // some attempt of this request got a response
	var last *Error  // previous failed attempt, for context in later errors
	for attempt := 1; ; attempt++ {
		reply, ri, err := c.attempt(ctx, oreq)
		if ri.status != 0 {
			reached = true
			c.answered.Store(true)
		}
		if err == nil {
			return reply, nil
		}
		if errors.Is(err, ErrBudget) && last != nil {
			return Reply{}, fmt.Errorf("%w (while retrying after: %s)", err, last.Error())
		}
		if errors.Is(err, ErrBudget) || errors.Is(err, ErrEmptyReply) {
			return Reply{}, err
		}
		kind, status := classify(ctx, err, ri)
		retryable := false
		switch kind {
		case failStatus:
			retryable = retryableStatus(status)
		case failTimeout, failTransport:
			retryable = true
		case failMalformed:
			retryable = !malformedRetried
			malformedRetried = true
		}
		fail := c.failure(oreq.Model, kind, status, attempt, retryable, err)
		fail.timedOut = kind == failTimeout
		last = fail
		if kind == failCanceled {
			// Make errors.Is(err, context.Canceled) work even when the
			// cancellation raced with a server error response.
			return Reply{}, fmt.Errorf("llm: %w (last failure: %s)", context.Cause(ctx), fail.Error())
		}
		if !retryable || attempt > c.cfg.MaxRetries {
			// Out of reach: no attempt got an answer, by refused
			// connections, or by time-outs from a server that never
			// answered this client at all.
			fail.unreachable = !reached && (kind == failTransport || kind == failTimeout && !c.answered.Load())
			switch {
			case errors.Is(fail, ErrAuth):
				fail.msg = "llm: the server refused the API key: " + strings.TrimPrefix(fail.msg, "llm: ")
				c.dead.CompareAndSwap(nil, fail)
			case errors.Is(fail, ErrUnreachable):
				fail.msg = "llm: the server cannot be reached: " + strings.TrimPrefix(fail.msg, "llm: ")
				c.dead.CompareAndSwap(nil, fail)
			}
			return Reply{}, fail
		}
		wait, told := retryAfter(ri.header, c.clock.Now())
		if !told {
			wait = backoff(attempt-1, c.jitter)
		} else if wait > maxRetryAfter {
			return Reply{}, fmt.Errorf("%w (server asked to retry after %s, more than the %s we wait)", fail, wait, maxRetryAfter)
		}
		if err := c.clock.Sleep(ctx, wait); err != nil {
			return Reply{}, fmt.Errorf("llm: gave up waiting to retry: %w (last failure: %s)", err, fail.Error())
		}
	}
}

// attempt performs one HTTP exchange under the concurrency limit, the
// budget and the per-attempt timeout.
func (c *Client) attempt(ctx context.Context, oreq openai.ChatCompletionRequest) (Reply, *respInfo, error) {
	ri := &respInfo{}
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		return Reply{}, ri, ctx.Err()
	}
	defer func() { <-c.sem }()
	// Checked after taking the semaphore so the token total reflects
	// every reply that finished while we queued.
	if err := c.meter.reserve(); err != nil {
		return Reply{}, ri, err
	}

	actx := withRespInfo(ctx, ri)
	if c.cfg.Timeout > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(actx, c.cfg.Timeout)
		defer cancel()
	}
	resp, err := c.api.CreateChatCompletion(actx, oreq)
	if err != nil {
		return Reply{}, ri, err
	}
	u := Usage{
		PromptTokens:     resp.Usage.PromptTokens,
		CompletionTokens: resp.Usage.CompletionTokens,
		TotalTokens:      resp.Usage.TotalTokens,
	}
	c.meter.add(u)
	if len(resp.Choices) == 0 {
		return Reply{}, ri, fmt.Errorf("%w (model %q, %d tokens used)", ErrEmptyReply, oreq.Model, u.TotalTokens)
	}
	ch := resp.Choices[0]
	text := ch.Message.Content
	if text == "" && ch.Message.Refusal != "" {
		// Structured refusals arrive in their own field; surface them as
		// text so the judge sees what the model said.
		text = ch.Message.Refusal
	}
	model := resp.Model
	if model == "" {
		model = oreq.Model
	}
	return Reply{Text: text, Model: model, FinishReason: string(ch.FinishReason), Usage: u}, ri, nil
}

// failure builds the redacted *Error for a failed attempt.
func (c *Client) failure(model string, kind failKind, status, attempts int, retryable bool, err error) *Error {
	what := kind.String()
	switch kind {
	case failStatus:
		what = fmt.Sprintf("HTTP %d: %s", status, statusHint(status))
	case failTimeout:
		what = fmt.Sprintf("request timed out after %s", c.cfg.Timeout)
	}
	msg := fmt.Sprintf("llm: %s (model %q, %d attempt(s)): %v", what, model, attempts, err)
	return &Error{
		StatusCode: status,
		Attempts:   attempts,
		Retryable:  retryable,
		msg:        c.redact.redact(msg),
		err:        err,
	}
}

// chatRequest maps our Request onto go-openai's.
func (c *Client) chatRequest(req Request) (openai.ChatCompletionRequest, error) {
	model := req.Model
	if model == "" {
		model = c.cfg.Model
	}
	if model == "" {
		return openai.ChatCompletionRequest{}, errors.New("llm: no model: set IFLINT_MODEL or Request.Model")
	}
	if len(req.Messages) == 0 {
		return openai.ChatCompletionRequest{}, errors.New("llm: request has no messages")
	}
	msgs := make([]openai.ChatCompletionMessage, len(req.Messages))
	for i, m := range req.Messages {
		msgs[i] = openai.ChatCompletionMessage{Role: m.Role, Content: m.Content}
	}
	oreq := openai.ChatCompletionRequest{
		Model:       model,
		Messages:    msgs,
		MaxTokens:   req.MaxTokens,
		Temperature: req.Temperature,
	}
	if req.JSON {
		oreq.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	adaptForReasoning(&oreq)
	return oreq, nil
}

// adaptForReasoning adjusts parameters that reasoning models (o1/o3/gpt-5
// and the like, as go-openai knows them) reject: they take
// max_completion_tokens instead of max_tokens and fix the temperature.
// Other servers (vLLM, llama.cpp) keep the widely supported max_tokens.
func adaptForReasoning(r *openai.ChatCompletionRequest) {
	v := openai.NewReasoningValidator()
	if errors.Is(v.Validate(*r), openai.ErrReasoningModelMaxTokensDeprecated) {
		r.MaxCompletionTokens, r.MaxTokens = r.MaxTokens, 0
	}
	if err := v.Validate(*r); errors.Is(err, openai.ErrReasoningModelLimitationsOther) ||
		errors.Is(err, openai.ErrReasoningSamplingUnsupported) {
		r.Temperature = 0
	}
}
