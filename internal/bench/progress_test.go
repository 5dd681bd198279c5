package bench

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock advances only when told to.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *fakeClock { return &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)} }

func TestProgressLinesEveryStep(t *testing.T) {
	var buf bytes.Buffer
	clock := newClock()
	p := NewProgressWith(&buf, 50, false, clock.now, ProgressOptions{StepPercent: 25, Every: time.Hour})
	for range 50 {
		clock.advance(time.Second)
		p.Add(1)
	}
	p.Done()
	p.Done() // a second Done prints nothing
	p.Add(5) // nor does an Add after it
	want := `bench: 13/50 samples (26%), 13s elapsed, about 37s left
bench: 25/50 samples (50%), 25s elapsed, about 25s left
bench: 38/50 samples (76%), 38s elapsed, about 12s left
bench: 50/50 samples (100%), 50s elapsed
`
	if got := buf.String(); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

// A slow run still logs every Every, even when the percentage barely
// moves.
func TestProgressLinesEveryInterval(t *testing.T) {
	var buf bytes.Buffer
	clock := newClock()
	p := NewProgressWith(&buf, 1000, false, clock.now, ProgressOptions{Label: "judge", Unit: "tasks", StepPercent: 50, Every: 30 * time.Second})
	for range 7 {
		clock.advance(10 * time.Second)
		p.Add(1)
	}
	p.Done()
	want := `judge: 3/1000 tasks (0%), 30s elapsed, about 2h46m10s left
judge: 6/1000 tasks (0%), 1m0s elapsed, about 2h45m40s left
judge: 7/1000 tasks (0%), 1m10s elapsed, stopped
`
	if got := buf.String(); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

func TestProgressDefaultsAndOvershoot(t *testing.T) {
	var buf bytes.Buffer
	clock := newClock()
	p := NewProgress(&buf, 10, false, clock.now)
	p.Add(0)
	p.Add(-3)
	p.Add(25) // more than the total: clamp, never print 250%
	p.Done()
	if got, want := buf.String(), "bench: 10/10 samples (100%), 0s elapsed\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestProgressConcurrentAdd(t *testing.T) {
	for _, terminal := range []bool{false, true} {
		var buf lockedBuffer
		clock := newClock()
		p := NewProgressWith(&buf, 8000, terminal, clock.now, ProgressOptions{StepPercent: 1})
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for range 1000 {
					clock.advance(time.Millisecond)
					p.Add(1)
				}
			})
		}
		wg.Wait()
		p.Done()
		out := buf.String()
		if !terminal {
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if last := lines[len(lines)-1]; !strings.HasPrefix(last, "bench: 8000/8000 samples (100%)") {
				t.Errorf("last line %q, want 8000/8000", last)
			}
			if len(lines) > 101 {
				t.Errorf("%d lines for 1%% steps, want at most 101", len(lines))
			}
		} else if !strings.Contains(out, "bench") || !strings.Contains(out, "8000/8000") {
			t.Errorf("terminal bar output lacks the label or the final count: %q", out)
		}
	}
}

func TestProgressNothingToDo(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress(&buf, 0, true, nil)
	p.Add(1)
	p.Done()
	if buf.Len() != 0 {
		t.Errorf("progress over 0 items wrote %q", buf.String())
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestProgressBarStopped(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress(&buf, 100, true, nil)
	p.Add(60)
	p.Done()
	if !strings.HasSuffix(buf.String(), "\nbench: stopped at 60/100 samples\n") {
		t.Errorf("stopped bar output %q lacks the stop line", buf.String())
	}
}
