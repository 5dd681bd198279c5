package bench

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress reports how far a long run is. Add is safe for concurrent use
// (Evaluate's workers call it); Done prints the final state once, and
// Adds after Done are ignored.
type Progress interface {
	Add(n int)
	Done()
}

// ProgressOptions tunes the plain-line mode used in CI logs.
type ProgressOptions struct {
	Label string // line prefix; default "bench"
	Unit  string // default "samples"
	// A line is printed when the count crosses a multiple of StepPercent
	// (default 10), or Every (default 30s) has passed since the last line:
	// a fast run logs at most 100/StepPercent lines, a slow one still
	// shows it is alive.
	StepPercent int
	Every       time.Duration
}

// ProgressTerminal reports whether progress on f should be drawn as a
// bar: f must be a terminal and the run not under CI (CI=true is set by
// GitHub Actions, GitLab and most others), whose log viewers show every
// redraw of a bar as a line of its own.
func ProgressTerminal(f *os.File) bool {
	if os.Getenv("CI") == "true" {
		return false
	}
	return term.IsTerminal(int(f.Fd()))
}

// NewProgress reports progress towards total on w: a bar when terminal,
// otherwise plain lines such as "bench: 1200/5340 samples (22%)". now
// is the clock (nil: time.Now), injectable so tests need not sleep.
func NewProgress(w io.Writer, total int, terminal bool, now func() time.Time) Progress {
	return NewProgressWith(w, total, terminal, now, ProgressOptions{})
}

// NewProgressWith is NewProgress with options.
func NewProgressWith(w io.Writer, total int, terminal bool, now func() time.Time, o ProgressOptions) Progress {
	if o.Label == "" {
		o.Label = "bench"
	}
	if o.Unit == "" {
		o.Unit = "samples"
	}
	if o.StepPercent <= 0 {
		o.StepPercent = 10
	}
	if o.Every <= 0 {
		o.Every = 30 * time.Second
	}
	if now == nil {
		now = time.Now
	}
	if total <= 0 || w == nil {
		return nopProgress{}
	}
	if terminal {
		return &barProgress{total: total, w: w, o: o, bar: progressbar.NewOptions(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(o.Label),
			progressbar.OptionSetItsString(o.Unit),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetWidth(30),
			// Redrawing more often than the eye can follow costs more than
			// the rule checks it reports on.
			progressbar.OptionThrottle(100*time.Millisecond),
		)}
	}
	start := now()
	return &lineProgress{w: w, total: total, o: o, now: now, start: start, lastAt: start}
}

type nopProgress struct{}

func (nopProgress) Add(int) {}
func (nopProgress) Done()   {}

// barProgress wraps progressbar, whose Add already locks; the mutex here
// only guards count and done.
type barProgress struct {
	mu    sync.Mutex
	bar   *progressbar.ProgressBar
	w     io.Writer
	o     ProgressOptions
	total int
	count int
	done  bool
}

func (p *barProgress) Add(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done || n <= 0 {
		return
	}
	n = min(n, p.total-p.count)
	p.count += n
	_ = p.bar.Add(n) // a failed redraw must not stop the run
}

func (p *barProgress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done {
		return
	}
	p.done = true
	if p.count >= p.total {
		_ = p.bar.Finish()
		fmt.Fprintln(p.w)
		return
	}
	// The throttled bar may show an older count: say where the run
	// stopped rather than fill the bar.
	_ = p.bar.Exit()
	fmt.Fprintf(p.w, "\n%s: stopped at %d/%d %s\n", p.o.Label, p.count, p.total, p.o.Unit)
}

type lineProgress struct {
	mu      sync.Mutex
	w       io.Writer
	total   int
	o       ProgressOptions
	now     func() time.Time
	start   time.Time
	count   int
	lastPct int
	lastAt  time.Time
	done    bool
}

func (p *lineProgress) Add(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done || n <= 0 {
		return
	}
	p.count = min(p.count+n, p.total)
	if p.count == p.total {
		return // Done prints the final line; printing it here too would repeat it
	}
	share := p.count * 100 / p.total
	t := p.now()
	// Steps are counted in buckets (0-9%, 10-19%, ...), not from the last
	// line, so the lines land near round percentages.
	if share/p.o.StepPercent > p.lastPct/p.o.StepPercent || t.Sub(p.lastAt) >= p.o.Every {
		p.print(t, share)
	}
}

func (p *lineProgress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done {
		return
	}
	p.done = true
	p.print(p.now(), p.count*100/p.total)
}

// print writes one line; with the lock held. The estimate of the time
// left assumes the rate so far continues.
func (p *lineProgress) print(t time.Time, share int) {
	p.lastPct, p.lastAt = share, t
	elapsed := t.Sub(p.start).Round(time.Second)
	line := fmt.Sprintf("%s: %d/%d %s (%d%%), %s elapsed", p.o.Label, p.count, p.total, p.o.Unit, share, elapsed)
	switch {
	case p.done && p.count < p.total:
		line += ", stopped"
	case p.count > 0 && p.count < p.total:
		left := time.Duration(float64(t.Sub(p.start)) * float64(p.total-p.count) / float64(p.count))
		line += fmt.Sprintf(", about %s left", left.Round(time.Second))
	}
	fmt.Fprintln(p.w, line)
}
