package action

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fixloop"
)

// A CI log that shows nothing for minutes looks like a hung job, and
// people cancel it. So the Action runs in stages (reading the pull
// request, checking, proving fixes with their test runs, publishing),
// each a collapsible ::group:: of the log, and while a stage runs it
// prints a progress line at least every progressEvery, saying what it is
// doing and for how long. The lines come from a heartbeat on the
// injected clock (Env.Now and Env.After), so tests drive time instead of
// waiting for it.

// progressEvery is the longest a stage stays silent.
const progressEvery = 10 * time.Second

// stageStatus is what a stage is doing now, for its progress lines.
type stageStatus struct {
	mu sync.Mutex
	s  string
}

// set records what the stage is doing now ("3 of 7 candidates decided").
func (st *stageStatus) set(format string, args ...any) {
	st.mu.Lock()
	st.s = fmt.Sprintf(format, args...)
	st.mu.Unlock()
}

func (st *stageStatus) get() string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.s
}

// stage runs fn as one stage of the log: inside a ::group:: named name
// (in Actions; a plain heading elsewhere), with a progress line at least
// every progressEvery while it runs, and a last line with its duration.
func (r *runner) stage(name string, fn func(st *stageStatus) error) error {
	st := &stageStatus{}
	actions := r.getenv("GITHUB_ACTIONS") == "true"
	if actions {
		fmt.Fprintf(r.log, "::group::iflint: %s\n", name)
	} else {
		fmt.Fprintf(r.log, "iflint: %s\n", name)
	}
	start := r.env.Now()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		// Each line is due progressEvery after the stage's start or the
		// line before, measured from those instants, not from when this
		// goroutine got to wait: on a loaded runner it may start late.
		due := start.Add(progressEvery)
		for {
			select {
			case <-done:
				return
			case <-r.after(max(due.Sub(r.env.Now()), 0)):
				select {
				case <-done:
					return // the stage ended while the line was due
				default:
				}
				now := r.env.Now()
				line := fmt.Sprintf("iflint: %s: still running after %s", name, elapsed(now.Sub(start)))
				if s := st.get(); s != "" {
					line += "; " + s
				}
				fmt.Fprintln(r.log, line)
				due = now.Add(progressEvery)
			}
		}
	}()
	err := fn(st)
	close(done)
	wg.Wait()
	end := fmt.Sprintf("iflint: %s: done in %s", name, elapsed(r.env.Now().Sub(start)))
	if s := st.get(); s != "" {
		end += "; " + s
	}
	if err != nil {
		end = fmt.Sprintf("iflint: %s: failed after %s", name, elapsed(r.env.Now().Sub(start)))
	}
	fmt.Fprintln(r.log, end)
	if actions {
		fmt.Fprintln(r.log, "::endgroup::")
	}
	return err
}

// after is Env.After, else time.After.
func (r *runner) after(d time.Duration) <-chan time.Time {
	if r.env.After != nil {
		return r.env.After(d)
	}
	return time.After(d)
}

// elapsed renders a stage's duration in whole seconds (1m20s).
func elapsed(d time.Duration) string {
	return d.Round(time.Second).String()
}

// lockedWriter serialises writes: the heartbeat writes from its own
// goroutine, between the workflow commands of the stage it reports on.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// fixStatus says how far proving fixes is: the candidates decided and
// the test runs, of the projects done before and the current one, and
// what runs now.
func fixStatus(before, p fixloop.FixProgress, test string) string {
	s := fmt.Sprintf("%d of %d candidate(s) decided, %d test run(s)", before.Decided+p.Decided, before.Total+p.Total, before.TestRuns+p.TestRuns)
	switch p.Phase {
	case "testing":
		if test != "" {
			s += "; running " + test
		}
	case "llm":
		s += "; asking the model"
	}
	return s
}

// test names the test command of o for a status line.
func test(o fixloop.FixOptions) string {
	if len(o.Test) == 0 {
		return ""
	}
	return o.Test[len(o.Test)-1]
}

// findingFiles are the files ds are in.
func findingFiles(ds []engine.Diagnostic) map[string]bool {
	out := map[string]bool{}
	for _, d := range ds {
		out[d.Path] = true
	}
	return out
}

// plural renders "1 file", "2 files".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
