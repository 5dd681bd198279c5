package llm_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/llm/llmtest"
)

// BenchmarkConcurrency sends batches of 64 requests to a fake server with
// a fixed 20ms latency and reports requests/sec, so the effect of
// Config.Concurrency is visible: throughput should grow ~linearly with it
// while the server is latency-bound. Run: go test -bench Concurrency
// -benchtime 2x ./internal/llm/
func BenchmarkConcurrency(b *testing.B) {
	const batch, latency = 64, 20 * time.Millisecond
	for _, conc := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("concurrency=%d", conc), func(b *testing.B) {
			srv := llmtest.NewServer(b, func(llmtest.Request) llmtest.Response {
				return llmtest.Response{Text: "ok", Delay: latency, Usage: llm.Usage{TotalTokens: 1}}
			})
			c, err := llm.New(llm.Config{Model: "m", BaseURL: srv.URL(), Concurrency: conc, Timeout: 10 * time.Second},
				srv.Client(), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			start := time.Now()
			for range b.N {
				var wg sync.WaitGroup
				for range batch {
					wg.Add(1)
					go func() {
						defer wg.Done()
						if _, err := c.Complete(context.Background(), hello); err != nil {
							b.Error(err)
						}
					}()
				}
				wg.Wait()
			}
			elapsed := time.Since(start)
			b.ReportMetric(float64(b.N*batch)/elapsed.Seconds(), "req/s")
			b.ReportMetric(float64(srv.MaxInFlight()), "max-in-flight-server")
		})
	}
}
