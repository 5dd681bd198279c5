package syntaxuse

import (
	"fmt"
	"sort"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// The advanced_syntax features are this family's vocabulary: a user's
// spec naming a feature no rule checks is an error when the configuration
// loads (internal/rules.ParseSpec), and `iflint rules -values` lists
// them.

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

// ValidateFeature checks a parsed advanced_syntax spec against the
// features of its language: a misspelt feature is a
// *constraint.VocabError with the accepted names and a did-you-mean.
func ValidateFeature(c constraint.Constraint) error {
	names := AdvancedSyntaxFeatures(c.Lang)
	if len(names) == 0 {
		return &constraint.SpecError{Type: c.Type, Spec: c.Spec, Expected: fmt.Sprintf("a language whose features are checked (%s), got %s", featureLanguages(), c.LangName)}
	}
	if _, ok := advancedFeatures[c.Lang][featureKey(c.Name)]; !ok {
		return &constraint.VocabError{Type: c.Type, Spec: c.Spec, What: c.LangName + " feature", Got: c.Name, Accepted: names, Suggest: constraint.DidYouMean(c.Name, names)}
	}
	return nil
}

func featureLanguages() string {
	var ids []string
	for id := range advancedFeatures {
		ids = append(ids, string(id))
	}
	sort.Strings(ids)
	return fmt.Sprint(ids)
}
