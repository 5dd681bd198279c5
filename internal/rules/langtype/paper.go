package langtype

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/guesslang"
	"github.com/iflint/iflint/internal/work"
)

// checkPaper is MultiCodeIF's check_language_type:
//
//	lang = Guess().language_name(code)
//	return lang.lower() == answer.lower()
//
// with guesslang 2.2.2's own model. language_name is None for blank code
// and for a prediction that is not "reliable" (the top probability must
// exceed mean + 2·stdev of all 54); None.lower() raises in the paper's
// evaluator, which counts as a failure. The answer is compared as
// written, lowercased: "cpp" or "golang" never match "C++" or "Go".
func checkPaper(u *check.Unit, c constraint.Constraint) check.Result {
	m, err := guesslangModel()
	if err != nil {
		return check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: "the Guesslang model could not be loaded: " + err.Error()}
	}
	g := u.Memo("language_type.guesslang", func() any {
		work.Of(u).Add(4 * len(u.Src)) // the model's tokenizing and its features: passes over the text
		return m.Guess(u.Src)
	}).(guesslang.Guess)
	if g.Blank {
		return check.Failed("no programming language detected: the code is empty (Guesslang returns None)")
	}
	top := topProbabilities(g, 3)
	name, ok := g.Name()
	if !ok {
		return check.Failed(fmt.Sprintf("no programming language detected: Guesslang's prediction is not reliable (top %.4f is not above mean+2σ %.4f; %s)",
			g.Ranked[0].Probability, g.Threshold, top))
	}
	if strings.ToLower(name) == strings.ToLower(c.Spec) {
		return check.Passed(fmt.Sprintf("Guesslang identifies %s (%s)", name, top))
	}
	return check.Failed(fmt.Sprintf("Guesslang identifies %s, not %s (%s)", name, c.Spec, top),
		check.Finding{Start: 0, End: len(u.Src), Message: fmt.Sprintf("Guesslang identifies the code as %s, not %s", name, c.Spec)})
}

// guesslangModel loads the embedded model; a test swaps it to show that a
// damaged model is no verdict at all.
var guesslangModel = guesslang.Default

// topProbabilities renders the n most probable languages.
func topProbabilities(g guesslang.Guess, n int) string {
	var parts []string
	for _, p := range g.Ranked[:min(n, len(g.Ranked))] {
		parts = append(parts, fmt.Sprintf("%s %.4f", p.Language, p.Probability))
	}
	return strings.Join(parts, ", ")
}
