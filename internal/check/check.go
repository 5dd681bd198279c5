// Package check is iflint's core: the types every rule, the check driver
// and the fix loop share, and nothing else. A Rule (rule.go) reads a Unit
// (unit.go: one piece of source, parsed at most once per language) and
// returns a Result whose Findings each carry their Fix (fix.go) as
// byte-range Edits (edit.go) with the fix's Applicability. Findings are
// data; a rule that fails is an error. The rules themselves live in
// internal/rules/<family>, registered in internal/rules; this package
// imports none of them.
package check

import (
	"fmt"
)

// Verdict is the outcome of checking one constraint.
type Verdict string

const (
	Pass       Verdict = "pass"
	Fail       Verdict = "fail"
	Unverified Verdict = "unverified"
)

// Method says what decided a verdict.
type Method string

const (
	MethodRule      Method = "rule"
	MethodToolchain Method = "toolchain"
	MethodStatic    Method = "static"
	MethodLLM       Method = "llm"
)

// Profile selects semantics. MultiCodeIF reproduces the paper's evaluator
// verdict for verdict, quirks included; Lint corrects quirks that are
// plainly wrong (each divergence is documented in README and testdata).
type Profile string

const (
	Lint        Profile = "lint"
	MultiCodeIF Profile = "multicodeif"
)

// Finding is one violation, located by byte offsets into Unit.Src, with
// the fix that clears it when the rule has one.
type Finding struct {
	Start, End int
	Message    string
	// Fix clears this finding alone (nil: the rule offers none; NoFix
	// may say why).
	Fix *Fix
	// NoFix is why the rule offers no fix for this finding, when it knows.
	NoFix string
}

// Result is a rule's answer for one constraint on one unit.
type Result struct {
	Verdict  Verdict
	Method   Method
	Reason   string
	Findings []Finding
	// Checked is how many units the rule judged (declarations, braces,
	// lines), or 0 when it does not count them; `iflint init` reads a
	// convention's share of a repository from it.
	Checked int
}

// Passed is shorthand for a passing rule result.
func Passed(reason string) Result { return Result{Verdict: Pass, Method: MethodRule, Reason: reason} }

// Failed is shorthand for a failing rule result with findings.
func Failed(reason string, f ...Finding) Result {
	return Result{Verdict: Fail, Method: MethodRule, Reason: reason, Findings: f}
}

// Verdictf returns Pass or Fail by ok, with the reason formatted.
func Verdictf(ok bool, format string, args ...any) Result {
	if ok {
		return Passed(fmt.Sprintf(format, args...))
	}
	return Failed(fmt.Sprintf(format, args...))
}
