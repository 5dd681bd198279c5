package action

import (
	"io"
	"slices"
	"strings"
)

// redactor replaces secret values with "***", as the Actions runner does
// for masked values. It is the last line of defence: secrets are only
// handed to HTTP clients, so nothing the action writes should contain
// them in the first place.
type redactor struct{ secrets []string }

// minSecretLen keeps very short values (an empty or one-letter test
// input) from garbling every line they happen to occur in.
const minSecretLen = 4

func newRedactor(secrets ...string) *redactor {
	r := &redactor{}
	for _, s := range secrets {
		if len(s) >= minSecretLen && !slices.Contains(r.secrets, s) {
			r.secrets = append(r.secrets, s)
		}
	}
	// Longest first, so a secret containing another is replaced whole.
	slices.SortFunc(r.secrets, func(a, b string) int { return len(b) - len(a) })
	return r
}

func (r *redactor) String(s string) string {
	for _, sec := range r.secrets {
		if strings.Contains(s, sec) {
			s = strings.ReplaceAll(s, sec, "***")
		}
	}
	return s
}

// contains reports whether s holds a secret.
func (r *redactor) contains(s string) bool {
	for _, sec := range r.secrets {
		if strings.Contains(s, sec) {
			return true
		}
	}
	return false
}

// Writer redacts every write to w. The Actions library writes one whole
// command per call, so a secret is never split across two writes.
func (r *redactor) Writer(w io.Writer) io.Writer { return redactWriter{w, r} }

type redactWriter struct {
	w io.Writer
	r *redactor
}

func (rw redactWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(rw.w, rw.r.String(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// scrubEnv drops variables whose value contains a secret, whatever their
// name: the test command runs code from the pull request.
func (r *redactor) scrubEnv(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		_, v, _ := strings.Cut(kv, "=")
		if !r.contains(v) {
			out = append(out, kv)
		}
	}
	return out
}
