package sandbox

import (
	"bytes"
	"sync"
	"unicode/utf8"
)

// tail is an io.Writer that keeps only the last limit bytes, so a command
// printing gigabytes costs a bounded amount of memory.
type tail struct {
	mu    sync.Mutex
	limit int
	buf   []byte
}

func newTail(limit int) *tail { return &tail{limit: limit} }

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	// Trim only once twice the limit is reached, to copy rarely.
	if len(t.buf) > 2*t.limit {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.limit:]...)
	}
	return len(p), nil
}

// Bytes returns a copy of everything kept (up to twice the limit; the
// final cut is cleanOutput's).
func (t *tail) Bytes() []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	return bytes.Clone(t.buf)
}

// cleanOutput makes the kept output fit for a report: the temporary paths,
// which differ on every run and mean nothing once the copy is gone, become
// ".", "$HOME", "$TMPDIR" and "$CACHE"; then only the last limit bytes remain,
// starting on a character boundary so that the tail is valid UTF-8 when the
// output was.
func cleanOutput(out []byte, p paths, limit int) string {
	out = bytes.ReplaceAll(out, []byte(p.repo), []byte("."))
	out = bytes.ReplaceAll(out, []byte(p.home), []byte("$HOME"))
	out = bytes.ReplaceAll(out, []byte(p.tmp), []byte("$TMPDIR"))
	if p.cache != "" {
		out = bytes.ReplaceAll(out, []byte(p.cache), []byte("$CACHE"))
	}
	if len(out) > limit {
		out = out[len(out)-limit:]
		for i := 0; i < utf8.UTFMax-1 && len(out) > 0 && !utf8.RuneStart(out[0]); i++ {
			out = out[1:]
		}
	}
	return string(out)
}
