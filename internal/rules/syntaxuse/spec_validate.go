package syntaxuse

import (
	"fmt"
	"sort"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// ParseSpec parses a user's spec (an .iflint.yml entry) and validates
// every field that names something from a vocabulary: constraint's
// tables (naming kinds and conventions, styles, versions) and the
// rules' own (advanced_syntax features, per language). A misspelt value
// is an error with the accepted values and a did-you-mean, never a
// constraint that silently checks nothing.
func ParseSpec(t constraint.Type, spec string) (constraint.Constraint, error) {
	c, err := constraint.ParseSpec(t, spec)
	if err != nil {
		return c, err
	}
	if t == constraint.AdvancedSyntax {
		names := AdvancedSyntaxFeatures(c.Lang)
		if len(names) == 0 {
			return c, &constraint.SpecError{Type: t, Spec: spec, Expected: fmt.Sprintf("a language whose features are checked (%s), got %s", featureLanguages(), c.LangName)}
		}
		if _, ok := advancedFeatures[c.Lang][featureKey(c.Name)]; !ok {
			return c, &constraint.VocabError{Type: t, Spec: spec, What: c.LangName + " feature", Got: c.Name, Accepted: names, Suggest: constraint.DidYouMean(c.Name, names)}
		}
	}
	return c, nil
}

// AdvancedSyntaxFeatures lists the advanced_syntax features checked for
// a language in the lint profile, sorted.
func AdvancedSyntaxFeatures(id lang.ID) []string {
	var out []string
	for k := range advancedFeatures[id] {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func featureLanguages() string {
	var ids []string
	for id := range advancedFeatures {
		ids = append(ids, string(id))
	}
	sort.Strings(ids)
	return fmt.Sprint(ids)
}
