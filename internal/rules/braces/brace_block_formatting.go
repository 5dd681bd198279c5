package braces

import (
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// bracesRule checks brace_block_formatting. The two profiles differ in
// kind, so each has its own implementation: the multicodeif profile
// reads lines of text as the paper's evaluator does (brace_text.go);
// the lint profile reads the syntax tree (brace_tree.go), where a brace
// knows whether it opens a block, which header it belongs to and which
// keyword follows it.
var BracesRule = &check.Rule{Type: constraint.Braces, Paper: checkBraceFormatting, Lint: checkBraceFormatting}

func checkBraceFormatting(u *check.Unit, c constraint.Constraint) check.Result {
	style := c.Name
	if style != "K&R" && style != "1TBS" && style != "Allman" {
		return check.Failed(fmt.Sprintf("unknown brace style %q (expected K&R, 1TBS or Allman)", style))
	}
	if u.Profile != check.Lint {
		return checkBraceText(u, c)
	}
	if c.Lang == lang.Python {
		// Divergence (lint profile): Python blocks are delimited by
		// indentation; its braces are dict/set literals and f-string
		// fields, which no brace style governs.
		return check.Passed("Python has no brace-delimited blocks")
	}
	if !braceTreeLanguage(c.Lang) {
		// No tree reading for this language: the text reading, with the
		// lint profile's corrections, is the best there is.
		return checkBraceText(u, c)
	}
	a, err := braceReading(u, c)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: err.Error()}
	}
	probs := a.out
	note := ""
	if a.unjudged > 0 {
		note = fmt.Sprintf(" (%d brace(s) inside code that does not parse as %s not judged)", a.unjudged, c.Lang)
	}
	if len(probs) == 0 {
		r := check.Passed(fmt.Sprintf("braces follow %s%s", style, note))
		r.Checked = a.judged
		return r
	}
	fs := make([]check.Finding, len(probs))
	for i, p := range probs {
		fs[i] = check.Finding{Start: p.At, End: p.End, Message: p.Message}
	}
	r := check.Failed(fmt.Sprintf("%d brace placement(s) break %s%s", len(probs), style, note), fs...)
	r.Checked = a.judged
	return r
}
