// Package work counts the work a rule or a fix does on one file and
// stops it past a budget proportional to the file's size, as the parser's
// budget stops a parse (internal/syntax). Every rule and fixer is meant to
// be linear or n·log n in its file (lines, tokens, findings); the budget
// is the guarantee that a shape nobody foresaw ends as an `unverified`
// verdict with its reason instead of a hang. Work is counted, not timed,
// so the verdict is the same on every machine and a test can assert a
// bound on it.
package work

import (
	"fmt"
	"math/bits"
	"runtime/debug"
)

// Units of work are steps of the loops that scale with the input: a
// token visited, a byte scanned, a comparison made. Budget allows a file
// of n bytes Base + PerByte·n of them: far above what a linear pass
// costs (tens of units per byte), far below what a quadratic one costs on
// a file large enough to hang.
const (
	Base    = 1 << 24
	PerByte = 2048
)

// Budget is the work allowed on a file of n bytes.
func Budget(n int) int64 { return Base + PerByte*int64(n) }

// Meter counts work against a limit. A nil *Meter counts nothing, so
// code that is also used outside a rule (a port's own tests) needs none.
// A Meter is used by one goroutine at a time, as a check.Unit is.
type Meter struct {
	used, limit int64
	what        string
}

// New returns a meter allowing limit units (0: no limit); what names the
// work in the reason a stop gives ("indentation_spacing on 51234 bytes").
func New(limit int64, what string) *Meter { return &Meter{limit: limit, what: what} }

// Add counts n units, and stops the work (panics with *Exceeded, which
// Guard recovers) once the count passes the limit.
func (m *Meter) Add(n int) {
	if m == nil {
		return
	}
	m.used += int64(n)
	if m.limit > 0 && m.used > m.limit {
		panic(&Exceeded{Used: m.used, Limit: m.limit, What: m.what})
	}
}

// Used is the work counted so far.
func (m *Meter) Used() int64 {
	if m == nil {
		return 0
	}
	return m.used
}

// Reset starts a new count with a new limit and name.
func (m *Meter) Reset(limit int64, what string) { m.used, m.limit, m.what = 0, limit, what }

// Exceeded is the stop of work that passed its budget.
type Exceeded struct {
	Used, Limit int64
	What        string
}

func (e *Exceeded) Error() string {
	return fmt.Sprintf("%s stopped after %d units of work, its budget (%d units + %d per byte of the file); the file's shape makes the check superlinear, so it is not decided",
		e.What, e.Used, Base, PerByte)
}

// Guard runs f, turning a stop by a meter into the *Exceeded it
// panicked with; any other panic goes on as a *Panic holding the stack
// where it happened, which recovering here would otherwise lose.
func Guard(f func()) (stopped *Exceeded) {
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(*Exceeded); ok {
				stopped = e
				return
			}
			if _, ok := p.(*Panic); ok {
				panic(p)
			}
			panic(&Panic{Value: p, Stack: debug.Stack()})
		}
	}()
	f()
	return nil
}

// Panic is a panic other than a stop that Guard passed on, with the
// stack of the goroutine where it was raised. check.Rule.Run reports
// that stack (through PanicValue and PanicStack) in its RuleError.
type Panic struct {
	Value any
	Stack []byte
}

func (p *Panic) Error() string { return fmt.Sprint(p.Value) }

// PanicValue is the value the code panicked with.
func (p *Panic) PanicValue() any { return p.Value }

// PanicStack is the stack where the code panicked.
func (p *Panic) PanicStack() []byte { return p.Stack }

// Memoizer is what keeps one meter per unit of source (a check.Unit).
type Memoizer interface {
	Memo(key string, compute func() any) any
}

// Of is the meter of u, made on first use with no limit: the rule
// registry (internal/rules) sets its limit per rule run.
func Of(u Memoizer) *Meter {
	return u.Memo("work.meter", func() any { return New(0, "") }).(*Meter)
}

// Log is the cost of one step of a binary search or a heap among n
// items: the bits of n.
func Log(n int) int { return bits.Len(uint(n)) }
