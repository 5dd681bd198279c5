package layout

import (
	"errors"
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// IndentationRule decides indentation_spacing. Its two profiles differ
// in kind: the paper's reads the text the way MultiCodeIF's evaluator
// does (paper.go), the lint profile reads the syntax tree the way each
// language's formatter or linter does (lint.go). Both profiles' findings
// carry the lint reading's fixes (fix_carry.go), which Compose combines
// (fix.go).
var IndentationRule = &check.Rule{
	Type:    constraint.Indentation,
	Paper:   paperIndentation,
	Lint:    lintIndentation,
	Compose: composeIndentation,
	Doc:     indentationDoc,
}

// errNoUnit is a spec without an indentation unit, which neither
// profile can judge.
var errNoUnit = errors.New("indentation_spacing constraint without an indentation unit")

func hasUnit(c constraint.Constraint) bool {
	return c.Indent != nil && (c.Indent.Tabs || c.Indent.Width > 0)
}

var noUnit = check.Result{Verdict: check.Unverified, Reason: errNoUnit.Error()}

// layoutVerdict is the indentation_spacing result both profiles give for
// indent lines off the unit and spacing places off want.
func layoutVerdict(c constraint.Constraint, unit, want string, indent, spacing int, findings []check.Finding) check.Result {
	if indent == 0 && spacing == 0 {
		if c.Spacing == constraint.SpacingAny {
			return check.Passed(fmt.Sprintf("indentation uses %s (operator spacing not constrained)", unit))
		}
		return check.Passed(fmt.Sprintf("indentation uses %s and code has %s", unit, want))
	}
	var parts []string
	if indent > 0 {
		parts = append(parts, fmt.Sprintf("%d line(s) not indented with %s", indent, unit))
	}
	if spacing > 0 {
		parts = append(parts, fmt.Sprintf("%d place(s) break the spacing rule (%s)", spacing, want))
	}
	return check.Failed(strings.Join(parts, "; "), findings...)
}
