package llm

import (
	"net/http"
	"testing"
	"time"
)

func TestRetryAfterParsing(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		h    map[string]string
		want time.Duration
		ok   bool
	}{
		{nil, 0, false},
		{map[string]string{"Retry-After": "3"}, 3 * time.Second, true},
		{map[string]string{"Retry-After": "0.5"}, 500 * time.Millisecond, true},
		{map[string]string{"Retry-After": now.Add(time.Minute).Format(http.TimeFormat)}, time.Minute, true},
		{map[string]string{"Retry-After": "soon"}, 0, false},
		{map[string]string{"Retry-After": "-4"}, 0, false},
		{map[string]string{"retry-after-ms": "250", "Retry-After": "1"}, 250 * time.Millisecond, true},
		{map[string]string{"retry-after-ms": "x", "Retry-After": "1"}, time.Second, true},
	} {
		h := http.Header{}
		for k, v := range tc.h {
			h.Set(k, v)
		}
		got, ok := retryAfter(h, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("retryAfter(%v) = %v, %v; want %v, %v", tc.h, got, ok, tc.want, tc.ok)
		}
	}
}

func TestBackoffCaps(t *testing.T) {
	for n, want := range map[int]time.Duration{0: 500 * time.Millisecond, 1: time.Second, 5: 16 * time.Second, 6: backoffMax, 100: backoffMax} {
		if got := backoff(n, NoJitter); got != want {
			t.Errorf("backoff(%d) = %v, want %v", n, got, want)
		}
	}
}

func TestRetryableStatus(t *testing.T) {
	for code, want := range map[int]bool{400: false, 401: false, 403: false, 404: false, 422: false, 408: true, 429: true, 500: true, 502: true, 503: true, 504: true} {
		if retryableStatus(code) != want {
			t.Errorf("retryableStatus(%d) != %v", code, want)
		}
	}
}
