package llm

import (
	"errors"
	"fmt"
	"strings"
)

// ErrEmptyReply is returned (wrapped) when the server answers 200 but with
// no choices: there is no text to return, and indexing would panic.
var ErrEmptyReply = errors.New("llm: server returned no choices")

// Error is a failed completion after all attempts. Its message never
// contains the API key (servers sometimes echo it back in 401 bodies).
type Error struct {
	StatusCode int    // last HTTP status, 0 if none (timeout, transport)
	Attempts   int    // HTTP attempts made for this request
	Retryable  bool   // the failure was transient; retries ran out
	msg        string // redacted description
	err        error  // underlying go-openai / net error
}

func (e *Error) Error() string { return e.msg }

// Unwrap exposes the underlying error for errors.Is/As (e.g.
// context.DeadlineExceeded, *openai.APIError). Printing the unwrapped error
// directly bypasses redaction; print the *Error instead.
func (e *Error) Unwrap() error { return e.err }

// redactor removes the API key from text that may reach logs.
type redactor string

func (r redactor) redact(s string) string {
	if r == "" {
		return s
	}
	return strings.ReplaceAll(s, string(r), "[REDACTED]")
}

// wrapf is fmt.Errorf(format+": %w") with the key redacted from the
// message while keeping the chain intact.
func (r redactor) wrapf(err error, format string, args ...any) error {
	return &redactedError{
		msg: r.redact(fmt.Sprintf(format, args...) + ": " + err.Error()),
		err: err,
	}
}

type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }
