// Package fixprogress shows how far a fix run is — candidates decided
// out of those proposed, test runs, time elapsed — on a terminal as one
// line redrawn in place, and in CI logs (or any other writer) as plain
// lines at most every Every, since a log viewer shows each redraw of a
// line as a line of its own. It follows internal/bench's progress bar
// (terminal detection, CI=true, an injected clock), for a run whose
// total grows as candidates are proposed.
package fixprogress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// Status is one report of a run's state.
type Status struct {
	Decided, Total int // candidates
	TestRuns       int
	// Note says what the run does now ("testing 5 candidates together").
	Note string
}

// Terminal reports whether progress on w should be redrawn in place: w
// is a terminal and the run is not under CI (CI=true, as GitHub
// Actions, GitLab and most others set it).
func Terminal(w io.Writer, getenv func(string) string) bool {
	if getenv != nil && getenv("CI") == "true" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Reporter writes Status lines; it is safe for concurrent use.
type Reporter struct {
	mu       sync.Mutex
	w        io.Writer
	label    string
	terminal bool
	now      func() time.Time
	// Every is the least time between two plain lines (default 10s);
	// a terminal line is redrawn at most every 100ms.
	Every   time.Duration
	start   time.Time
	lastAt  time.Time
	printed bool
	last    Status
	line    string // last printed
	drawn   bool
	done    bool
	beat    time.Duration // Heartbeat's period (0 without one)
}

// New reports to w under label ("iflint fix"); now is the clock (nil:
// time.Now). A nil w reports nothing.
func New(w io.Writer, label string, terminal bool, now func() time.Time) *Reporter {
	if now == nil {
		now = time.Now
	}
	t := now()
	return &Reporter{w: w, label: label, terminal: terminal, now: now, Every: 10 * time.Second, start: t, lastAt: t}
}

// Update records s and prints it when it is time to.
func (r *Reporter) Update(s Status) {
	if r == nil || r.w == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return
	}
	r.last = s
	t := r.now()
	gap := r.Every
	if r.terminal {
		gap = 100 * time.Millisecond
	}
	if r.printed && t.Sub(r.lastAt) < gap {
		return
	}
	r.print(t)
}

// Tick reprints the last state when Every has passed since the last
// line, so that a log shows the run alive during a long compile or test
// run that reports nothing; it does nothing before the first Update (a
// run with nothing to fix stays quiet) and after Done.
func (r *Reporter) Tick() {
	if r == nil || r.w == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done || !r.printed {
		return
	}
	t := r.now()
	// Heartbeat ticks every beat: a line due at Every is printed on the
	// tick before it rather than up to a beat after, so that the gap
	// between two lines never exceeds Every (issue 18: at least every
	// 10 s; ticking against Every itself gave gaps of 11 s).
	gap := r.Every - r.beat
	if r.terminal {
		gap = time.Second
	}
	if t.Sub(r.lastAt) >= gap {
		r.print(t)
	}
}

// Heartbeat calls Tick every second until the returned stop is called.
func (r *Reporter) Heartbeat() (stop func()) {
	if r == nil || r.w == nil {
		return func() {}
	}
	r.mu.Lock()
	r.beat = time.Second
	r.mu.Unlock()
	tk := time.NewTicker(r.beat)
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-tk.C:
				r.Tick()
			case <-quit:
				return
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			tk.Stop()
			close(quit)
			<-done
		})
	}
}

// Done prints the final state once; later calls do nothing.
func (r *Reporter) Done() {
	if r == nil || r.w == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return
	}
	r.done = true
	if !r.printed && !r.drawn {
		return // nothing was ever shown: a run with nothing to fix stays quiet
	}
	r.print(r.now())
	if r.terminal {
		fmt.Fprintln(r.w)
	}
}

func (r *Reporter) print(t time.Time) {
	r.printed, r.lastAt = true, t
	s := r.last
	line := fmt.Sprintf("%s: %d/%d candidates decided, %d test run(s), %s elapsed", r.label, s.Decided, s.Total, s.TestRuns, t.Sub(r.start).Round(time.Second))
	if s.Note != "" {
		line += "; " + s.Note
	}
	if line == r.line {
		return // a log line saying nothing new is noise
	}
	r.line = line
	if r.terminal {
		fmt.Fprintf(r.w, "\r\x1b[K%s", line)
		r.drawn = true
		return
	}
	fmt.Fprintln(r.w, line)
}
