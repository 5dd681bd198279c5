package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// ErrEmptyReply is returned (wrapped) when the server answers 200 but with
// no choices: there is no text to return, and indexing would panic.
var ErrEmptyReply = errors.New("llm: server returned no choices")

// ErrAuth is returned (wrapped) when the server refuses the key: 401
// (unknown or missing key) or 403 (no permission for this model or
// region). No later request can succeed either, so a run stops at the
// first one and the client refuses further requests without sending them.
var ErrAuth = errors.New("llm: the server refused the API key")

// ErrUnreachable is returned (wrapped) when no attempt of a request
// reached the server (connection refused, DNS failure, or time-outs
// before the server ever answered) after every retry. Like ErrAuth it
// stops a run, and the client sends nothing more.
var ErrUnreachable = errors.New("llm: the server cannot be reached")

// Stops reports whether err means no further request of this run can
// succeed: the budget is spent, the key is refused, the server cannot be
// reached, or the caller gave up (its context is done). Callers stop and
// report the run incomplete instead of failing task after task.
func Stops(err error) bool {
	return errors.Is(err, ErrBudget) || errors.Is(err, ErrAuth) || errors.Is(err, ErrUnreachable) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, errAttemptTimeout)
}

// Error is a failed completion after all attempts. Its message never
// contains the API key (servers sometimes echo it back in 401 bodies).
type Error struct {
	StatusCode int    // last HTTP status, 0 if none (timeout, transport)
	Attempts   int    // HTTP attempts made for this request
	Retryable  bool   // the failure was transient; retries ran out
	msg        string // redacted description
	err        error  // underlying go-openai / net error
	// unreachable: no attempt reached the server.
	unreachable bool
	// timedOut: the last attempt hit the per-request timeout.
	timedOut bool
}

func (e *Error) Error() string { return e.msg }

// Is makes errors.Is(err, ErrAuth) true for a 401 or 403,
// errors.Is(err, ErrUnreachable) true when the server was never reached,
// and errors.Is(err, errAttemptTimeout) true for a per-attempt time-out
// (which is not the caller's deadline).
func (e *Error) Is(target error) bool {
	switch target {
	case ErrAuth:
		return e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden
	case ErrUnreachable:
		return e.unreachable
	case errAttemptTimeout:
		return e.timedOut
	}
	return false
}

// errAttemptTimeout marks our own per-attempt time-out, which wraps
// context.DeadlineExceeded but is no reason to stop a run.
var errAttemptTimeout = errors.New("llm: request timed out")

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
