package signature

// Where findings point and how messages quote types and kinds.

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/syntax"
)

// findingAt points at n, or at nothing when n is absent.
func findingAt(n syntax.Node, format string, args ...any) []check.Finding {
	if !n.Valid() {
		return nil
	}
	return []check.Finding{{Start: n.Start(), End: n.End(), Message: fmt.Sprintf(format, args...)}}
}

// signatureSpan is where a finding about a function as a whole points: its
// signature (name through parameters), not its body.
func signatureSpan(f definition) syntax.Node {
	if f.Params.Valid() {
		return f.Params
	}
	return f.Name
}

// quote quotes s for a message, eliding the middle of very long texts.
func quote(s string) string {
	if r := []rune(s); len(r) > 80 {
		s = string(r[:40]) + "…" + string(r[len(r)-30:])
	}
	return fmt.Sprintf("%q", s)
}

// quoteAll quotes each of ss, comma-separated.
func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = quote(s)
	}
	return strings.Join(q, ", ")
}

// plural is n with the noun, pluralized unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// kindList renders kinds for a message: trimmed, comma-separated.
func kindList(kinds []string) string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = strings.TrimSpace(k)
	}
	return strings.Join(out, ", ")
}
