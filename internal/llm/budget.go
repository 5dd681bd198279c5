package llm

import (
	"fmt"
	"sync"
)

// meter holds the run's running totals and enforces the budgets. Budgets
// are checked before each HTTP attempt against what has been spent so far;
// attempts already in flight are allowed to finish, so the token total may
// overshoot MaxTokens by at most the in-flight replies.
type meter struct {
	maxRequests, maxTokens int

	mu       sync.Mutex
	usage    Usage
	requests int // HTTP attempts sent (or reserved and about to be sent)
}

// reserve claims one request from the budget or returns an error wrapping
// ErrBudget that says what was spent.
func (m *meter) reserve() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.maxRequests > 0 && m.requests >= m.maxRequests {
		return fmt.Errorf("%w: %d of %d requests used (%d tokens)", ErrBudget, m.requests, m.maxRequests, m.usage.TotalTokens)
	}
	if m.maxTokens > 0 && m.usage.TotalTokens >= m.maxTokens {
		return fmt.Errorf("%w: %d of %d tokens used (%d requests)", ErrBudget, m.usage.TotalTokens, m.maxTokens, m.requests)
	}
	m.requests++
	return nil
}

func (m *meter) add(u Usage) {
	m.mu.Lock()
	m.usage.Add(u)
	m.mu.Unlock()
}

func (m *meter) snapshot() (Usage, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.usage, m.requests
}
