package action

import (
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fixloop"
)

// TestSummaryEscapesFileNames: a "|" in a file name stays inside its
// table cell, and a newline or an escape byte in one neither breaks the
// row nor reaches the page raw.
func TestSummaryEscapesFileNames(t *testing.T) {
	d := engine.Diagnostic{Path: "a|b.py", Line: 3, Type: constraint.Naming, Severity: "error", Message: "m", Fingerprint: "f"}
	nl := d
	nl.Path, nl.Fingerprint = "x\ny\x1b[2J.py", "g"
	r := &report{Title: "t", Mode: ModeSuggest, Findings: []engine.Diagnostic{d, nl},
		Suggestions: []suggestion{{Path: "s|t.py", StartLine: 1, Line: 1, Proof: &proof{}}},
		Rejected:    []fixloop.Candidate{{Path: "r|q.py", Source: "fixer", Proposed: true, Stage: "tests", Reason: "r"}},
	}
	s := r.summary()
	for _, want := range []string{"| `a\\|b.py` | 3 |", "| `s\\|t.py` | 1 |", "| `r\\|q.py` |", "| `x\\ny\\x1b[2J.py` | 3 |"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if strings.ContainsAny(s, "\x1b") {
		t.Errorf("summary holds a raw escape byte:\n%q", s)
	}
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "| `") && strings.Count(strings.ReplaceAll(line, `\|`, ""), "|") < 3 {
			t.Errorf("a table row split by a file name: %q", line)
		}
	}
}
