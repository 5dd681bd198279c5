package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/iflint/iflint/internal/termsafe"
)

// DefaultStopGrace is how long Main waits, after the context is
// cancelled, for a command to stop by itself and say what it did. The
// drivers watch the context (files are checked, parsed and judged under
// it), so a command normally stops within milliseconds; the grace covers
// code that cannot watch it (a rule or fixer busy on one file) while
// keeping the whole stop well inside a second.
const DefaultStopGrace = 400 * time.Millisecond

// Main runs the command line args (without the program name).
//
// A cancelled ctx (SIGINT or SIGTERM in the binary) stops every command
// promptly: the command runs on its own goroutine, and once ctx is done
// Main waits at most StopGrace for it to return. Either way the exit is
// ExitInterrupted (ExitInternal when the command had failed by itself)
// and one line on standard error says what was written before the stop.
// A command that outlives the grace is cut off from standard output,
// standard error and the files it writes: a file write in progress is
// finished first, so every file is either as it was or fully written,
// and nothing is written after Main returns.
func (c *Command) Main(ctx context.Context, args []string) int {
	if c.Getenv == nil {
		c.Getenv = func(string) string { return "" }
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	g := &gate{}
	run := *c
	run.gate = g
	run.Stdout, run.Stderr = g.writer(c.Stdout), g.writer(c.Stderr)
	done := make(chan int, 1)
	go func() { done <- run.run(ctx, args) }()
	select {
	case code := <-done:
		return code
	case <-ctx.Done():
	}
	grace := c.StopGrace
	if grace <= 0 {
		grace = DefaultStopGrace
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case code := <-done:
		return code
	case <-t.C:
	}
	g.close()
	if s := g.lastWords(); s != "" {
		fmt.Fprint(c.Stderr, s)
	}
	name := "iflint"
	if len(args) > 0 {
		name = args[0]
	}
	g.report(c.Stderr, ctx, name, fmt.Sprintf("it did not stop within %s, and the rest of its work was abandoned; ", grace))
	return ExitInterrupted
}

// names lists file names for a line of text.
func names(ps []string) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = termsafe.Name(p)
	}
	return strings.Join(out, ", ")
}

// interrupted reports whether err is the command giving up because ctx
// was cancelled, rather than a failure of its own.
func interrupted(ctx context.Context, err error) bool {
	return ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded))
}

// gate is one run's access to the outside: its output writers and the
// files it writes pass through it, so that Main can close it when it
// stops waiting for an interrupted command. It also remembers which
// files the run wrote, for the line that says what an interrupted run
// did.
type gate struct {
	mu     sync.Mutex
	closed bool
	wrote  []string
	// summary, when set, says what the command had done, for Main to
	// print when the command does not stop within the grace (fix: what
	// it had kept and refused).
	summary func() string
}

// setSummary sets what Main prints for a command cut off by the grace.
func (g *gate) setSummary(f func() string) {
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.summary = f
}

func (g *gate) lastWords() string {
	g.mu.Lock()
	f := g.summary
	g.mu.Unlock()
	if f == nil {
		return ""
	}
	return f()
}

// errClosed is what writes through a closed gate return.
var errClosed = errors.New("iflint: interrupted: no further output or file writes")

// writer is w behind the gate.
func (g *gate) writer(w io.Writer) io.Writer {
	if w == nil {
		return nil
	}
	return gatedWriter{g, w}
}

type gatedWriter struct {
	g *gate
	w io.Writer
}

func (gw gatedWriter) Write(b []byte) (int, error) {
	gw.g.mu.Lock()
	defer gw.g.mu.Unlock()
	if gw.g.closed {
		return 0, errClosed
	}
	return gw.w.Write(b)
}

// write runs fn, which writes the file name (as the user should read
// it), unless the gate is closed; Main waits for it to finish before
// it returns.
func (g *gate) write(name string, fn func() error) error {
	if g == nil {
		return fn()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return errClosed
	}
	if err := fn(); err != nil {
		return err
	}
	g.wrote = append(g.wrote, name)
	return nil
}

// written lists the files written so far.
func (g *gate) written() []string {
	if g == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.wrote...)
}

// close lets no further output or file write through, once the one in
// progress has finished.
func (g *gate) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
}

// report writes the line saying that command name was interrupted and
// what it had written; note says more about how it stopped.
func (g *gate) report(w io.Writer, ctx context.Context, name, note string) {
	wrote := g.written()
	did := "nothing was written"
	if len(wrote) > 0 {
		did = fmt.Sprintf("wrote %s (%s) before the stop; nothing else was changed", plural(len(wrote), "file"), names(wrote))
	}
	fmt.Fprintf(w, "iflint: %s interrupted (%s) before it finished: %s%s\n", name, context.Cause(ctx), note, did)
}
