package fixprogress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

// TestPlainLines: in a log, the first state is printed at once, later
// ones at most every Every, and Done prints the final state once.
func TestPlainLines(t *testing.T) {
	var buf bytes.Buffer
	c := &clock{time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	r := New(&buf, "iflint fix", false, c.now)
	r.Every = 30 * time.Second
	r.Update(Status{Decided: 0, Total: 4, Note: "testing 4 candidates together"})
	for i := range 6 {
		c.advance(10 * time.Second)
		r.Update(Status{Decided: i / 2, Total: 4, TestRuns: i})
	}
	c.advance(5 * time.Second)
	r.Update(Status{Decided: 4, Total: 4, TestRuns: 6})
	r.Done()
	r.Done()
	r.Update(Status{Decided: 9, Total: 9})
	want := `iflint fix: 0/4 candidates decided, 0 test run(s), 0s elapsed; testing 4 candidates together
iflint fix: 1/4 candidates decided, 2 test run(s), 30s elapsed
iflint fix: 2/4 candidates decided, 5 test run(s), 1m0s elapsed
iflint fix: 4/4 candidates decided, 6 test run(s), 1m5s elapsed
`
	if got := buf.String(); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

// TestTerminalRedraws: on a terminal the line is redrawn in place
// (carriage return, clear), throttled, and ends with a newline; Done
// does not redraw an unchanged line.
func TestTerminalRedraws(t *testing.T) {
	var buf bytes.Buffer
	c := &clock{time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	r := New(&buf, "bench fix", true, c.now)
	r.Update(Status{Total: 2})
	r.Update(Status{Decided: 1, Total: 2}) // within 100ms: not drawn
	c.advance(time.Second)
	r.Update(Status{Decided: 2, Total: 2, TestRuns: 1})
	r.Done()
	got := buf.String()
	if n := strings.Count(got, "\r\x1b[K"); n != 2 || !strings.HasSuffix(got, "2/2 candidates decided, 1 test run(s), 1s elapsed\n") {
		t.Errorf("got %q", got)
	}
}

// TestQuietWithoutUpdates: a run that never reported prints nothing.
func TestQuietWithoutUpdates(t *testing.T) {
	var buf bytes.Buffer
	New(&buf, "x", false, nil).Done()
	var nilR *Reporter
	nilR.Update(Status{})
	nilR.Done()
	if buf.Len() != 0 {
		t.Errorf("got %q", buf.String())
	}
}

// TestTickKeepsALogAlive (issue 18): in CI a line comes with the first
// candidate and then at least every Every, even while nothing reports
// (a long compile or test run); nothing before the first candidate.
func TestTickKeepsALogAlive(t *testing.T) {
	var buf bytes.Buffer
	c := &clock{time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	r := New(&buf, "iflint fix", false, c.now)
	c.advance(30 * time.Second)
	r.Tick()
	if buf.Len() != 0 {
		t.Fatalf("a line before the first candidate: %q", buf.String())
	}
	r.Update(Status{Decided: 0, Total: 1})
	for range 25 {
		c.advance(time.Second)
		r.Tick()
	}
	want := `iflint fix: 0/1 candidates decided, 0 test run(s), 30s elapsed
iflint fix: 0/1 candidates decided, 0 test run(s), 40s elapsed
iflint fix: 0/1 candidates decided, 0 test run(s), 50s elapsed
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

// TestHeartbeatGapsAtMostEvery: with Heartbeat's one-second ticks out of
// phase with the last line (a line at 0 s, ticks at 0.5 s, 1.5 s …), a
// log still gets a line at least every 10 s, not every 10.5 s.
func TestHeartbeatGapsAtMostEvery(t *testing.T) {
	var buf bytes.Buffer
	c := &clock{time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	r := New(&buf, "iflint fix", false, c.now)
	r.beat = time.Second
	r.Update(Status{Decided: 0, Total: 1})
	last, lines := c.now(), 1
	c.advance(500 * time.Millisecond)
	for range 60 {
		r.Tick()
		if n := bytes.Count(buf.Bytes(), []byte("\n")); n > lines {
			if gap := c.now().Sub(last); gap > 10*time.Second {
				t.Errorf("a gap of %v between two lines", gap)
			}
			last, lines = c.now(), n
		}
		c.advance(time.Second)
	}
	if lines < 6 {
		t.Errorf("%d lines in a minute, want at least 6:\n%s", lines, buf.String())
	}
}
