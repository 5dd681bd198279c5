// Package llm is iflint's only door to LLM APIs (any OpenAI-compatible
// server: OpenAI, Azure OpenAI, vLLM, llama.cpp server, Ollama). Callers
// depend on the small Completer interface; Client implements it with
// retries, a concurrency limit and hard budgets.
package llm

import (
	"context"
	"errors"
)

// Message is one chat message.
type Message struct {
	Role    string `json:"role"` // "system", "user" or "assistant"
	Content string `json:"content"`
}

// Request is one chat completion request.
type Request struct {
	// Model overrides the client's default model when set.
	Model       string
	Messages    []Message
	MaxTokens   int
	Temperature float32
	// JSON asks the server for a JSON object reply where supported.
	JSON bool
}

// Usage is the token accounting of one reply (or a sum of replies).
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// Add accumulates u2 into u.
func (u *Usage) Add(u2 Usage) {
	u.PromptTokens += u2.PromptTokens
	u.CompletionTokens += u2.CompletionTokens
	u.TotalTokens += u2.TotalTokens
}

// Reply is a completion.
type Reply struct {
	Text         string
	Model        string
	FinishReason string
	Usage        Usage
}

// Completer is what judges, generators and refactorers need.
type Completer interface {
	Complete(ctx context.Context, req Request) (Reply, error)
}

// ErrBudget is returned (wrapped) once a run's request or token budget is
// spent; no request is sent after it.
var ErrBudget = errors.New("llm budget exhausted")
