package llm

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"
)

// Clock is the client's view of time. It is injected so tests can check
// backoff and Retry-After waits exactly without really sleeping.
type Clock interface {
	Now() time.Time
	// Sleep waits for d or until ctx is done, returning ctx.Err() in the
	// latter case.
	Sleep(ctx context.Context, d time.Duration) error
}

// RealClock is the wall clock.
type RealClock struct{}

// Now returns time.Now().
func (RealClock) Now() time.Time { return time.Now() }

// Sleep waits for d or until ctx is done.
func (RealClock) Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Jitter returns a random duration in [0, max). It spreads the retries of
// many concurrent callers that were throttled at the same moment.
type Jitter func(max time.Duration) time.Duration

// SeededJitter returns a deterministic, concurrency-safe Jitter.
func SeededJitter(seed uint64) Jitter {
	var mu sync.Mutex
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	return func(max time.Duration) time.Duration {
		if max <= 0 {
			return 0
		}
		mu.Lock()
		defer mu.Unlock()
		return time.Duration(r.Int64N(int64(max)))
	}
}

// randomJitter is the production Jitter (math/rand/v2's global source is
// safe for concurrent use and randomly seeded).
func randomJitter(max time.Duration) time.Duration {
	if max <= 0 {
		return 0
	}
	return time.Duration(rand.Int64N(int64(max)))
}

// NoJitter disables jitter; useful in tests asserting exact backoffs.
func NoJitter(time.Duration) time.Duration { return 0 }
