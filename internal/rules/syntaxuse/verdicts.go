package syntaxuse

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
)

// Verdicts and message pieces the three rules share.

// unsupported is the verdict for a language or feature the reference
// evaluator has no checker for: it answers False there, unless the
// reading reports it unverified (divergence unsupported-unverified).
func unsupported(unverified bool, reason string) check.Result {
	if !unverified {
		return check.Failed(reason + " (the MultiCodeIF evaluator answers False)")
	}
	return check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: reason}
}

// clip shortens s to n runes for messages, on one line.
func clip(s string, n int) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n]) + "…"
}

func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}
