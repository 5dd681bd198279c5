package braces

import (
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// checkLint is the lint profile's brace_block_formatting: the syntax-tree
// reading (reading.go) where the language has one, each finding carrying
// the fix that moves its brace alone (fix.go); the text reading with the
// lint profile's corrections where it has none.
func checkLint(u *check.Unit, c constraint.Constraint) check.Result {
	if r, ok := knownStyle(c); !ok {
		return r
	}
	if c.Lang == lang.Python && pythonHasNoBlocks.In(u.Profile) {
		return check.Passed("Python has no brace-delimited blocks")
	}
	if !treeLanguage(c.Lang) {
		// No tree reading for this language: the text reading, with the
		// lint profile's corrections, is the best there is.
		return readText(u, c, textReadingFor(u.Profile))
	}
	a, err := read(u, c)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: err.Error()}
	}
	probs := a.out
	note := ""
	if a.unjudged > 0 {
		note = fmt.Sprintf(" (%d brace(s) inside code that does not parse as %s not judged)", a.unjudged, c.Lang)
	}
	if len(probs) == 0 {
		r := check.Passed(fmt.Sprintf("braces follow %s%s", c.Name, note))
		r.Checked = a.judged
		return r
	}
	fs := make([]check.Finding, len(probs))
	fx := newFixer(u.Src, c, probs)
	for i, p := range probs {
		fs[i] = check.Finding{Start: p.At, End: p.End, Message: p.Message}
		fx.attach(&fs[i], p)
	}
	r := check.Failed(fmt.Sprintf("%d brace placement(s) break %s%s", len(probs), c.Name, note), fs...)
	r.Checked = a.judged
	return r
}
