package langtype

import (
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// languageTypeRule decides whether the code is written in the required
// language. The two profiles differ in kind: multicodeif asks the
// Guesslang model for its single reliable guess, exactly as the paper's
// evaluator did (language_type_guesslang.go); lint identifies the
// language from its syntax (language_type_lint.go).
var LanguageTypeRule = &check.Rule{Type: constraint.LanguageType, Paper: checkLanguageType, Lint: checkLanguageType}

func checkLanguageType(u *check.Unit, c constraint.Constraint) check.Result {
	if u.Profile == check.MultiCodeIF {
		return checkLanguageTypeGuesslang(u, c)
	}
	return checkLanguageTypeLint(u, c)
}

func checkLanguageTypeLint(u *check.Unit, c constraint.Constraint) check.Result {
	g := u.Memo("language_type.guess", func() any { return guessLanguage(u) }).(languageGuess)
	if g.name == "" {
		return check.Failed("no programming language detected: " + g.why)
	}
	// Aliases such as "cpp", "golang" or "js" are resolved before
	// comparing (the paper compares raw lowercase names).
	in, found := lang.Lookup(g.name)
	if found && in.ID == c.Lang {
		return check.Passed(fmt.Sprintf("identified as %s (%s)", g.name, g.why))
	}
	return check.Failed(fmt.Sprintf("identified as %s, not %s (%s)", g.name, c.LangName, g.why),
		check.Finding{Start: 0, End: len(u.Src), Message: fmt.Sprintf("code looks like %s, not %s", g.name, c.LangName)})
}
