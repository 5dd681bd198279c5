package constraint

import (
	"fmt"
	"strings"
)

// ParseSpec parses a spec written by a user (an .iflint.yml entry): the
// MultiCodeIF answer syntax of ParseAnswer, with every field that names
// something from a vocabulary checked against it (vocabulary.go). A
// typo is an error that quotes the accepted values and the closest one,
// never a constraint that silently checks nothing. The benchmark keeps
// ParseAnswer, whose verdicts on the paper's answers must not change.
func ParseSpec(t Type, spec string) (Constraint, error) {
	c, err := ParseAnswer(t, spec)
	if err != nil {
		// A bad convention or brace style is a ParseAnswer error; say
		// which values exist and which was meant.
		if verr := validateText(t, spec); verr != nil {
			return c, verr
		}
		return c, err
	}
	return c, Validate(c)
}

// Validate checks the vocabulary fields of a parsed constraint.
func Validate(c Constraint) error {
	switch c.Type {
	case Naming:
		for _, r := range c.Naming {
			if _, ok := LookupKind(r.Kind); !ok {
				e := vocabErr(c, "naming kind", r.Kind, kindNames()).(*VocabError)
				if e.Suggest == "" {
					// "typealias", "property": an alias may be closer.
					var all []string
					for _, k := range NameKinds {
						all = append(all, k.Aliases...)
					}
					if s := DidYouMean(r.Kind, all); s != "" {
						e.Suggest = s
					}
				}
				return e
			}
		}
	case Comments:
		if _, ok := LookupStyle(CommentStyles, c.Name); !ok {
			return vocabErr(c, "comment style", c.Name, styleNames(CommentStyles))
		}
	case Braces:
		if _, ok := LookupStyle(BraceStyles, c.Name); !ok {
			return vocabErr(c, "brace style", c.Name, styleNames(BraceStyles))
		}
	case LanguageVer:
		if g, ok := VersionGrammarOf(c.Lang); ok && !g.Accepts(c.Name) {
			return &SpecError{Type: c.Type, Spec: c.Spec, Expected: fmt.Sprintf("a %s version: %s (e.g. %s), got %q",
				c.LangName, g.Doc, strings.Join(g.Examples, ", "), c.Name)}
		}
	}
	return nil
}

// validateText finds the first unknown convention or brace style in a
// spec's text, for ParseAnswer's failures.
func validateText(t Type, spec string) error {
	_, rules, ok := strings.Cut(spec, ";")
	if !ok {
		return nil
	}
	if t == Braces {
		if _, ok := LookupStyle(BraceStyles, rules); !ok && !strings.Contains(rules, ";") {
			return vocabErr(Constraint{Type: t, Spec: spec}, "brace style", strings.TrimSpace(rules), styleNames(BraceStyles))
		}
		return nil
	}
	if t != Naming {
		return nil
	}
	for _, f := range strings.Split(rules, ",") {
		_, conv, ok := strings.Cut(strings.TrimSpace(f), ":")
		conv = strings.TrimSpace(conv)
		if !ok || conv == "" {
			continue
		}
		known := false
		for _, c := range Conventions {
			known = known || strings.EqualFold(c, conv)
		}
		if !known {
			return vocabErr(Constraint{Type: Naming, Spec: spec}, "naming convention", conv, Conventions)
		}
	}
	return nil
}

// VocabError reports a spec field whose value is not in its vocabulary.
type VocabError struct {
	Type     Type
	Spec     string
	What     string   // "naming kind", "comment style", ...
	Got      string   // the value written
	Accepted []string // the accepted values
	Suggest  string   // the closest accepted value, or ""
}

func (e *VocabError) Error() string {
	msg := fmt.Sprintf("%s spec %q: unknown %s %q", e.Type, e.Spec, e.What, e.Got)
	if e.Suggest != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", e.Suggest)
	}
	return msg + "; expected one of: " + strings.Join(e.Accepted, ", ")
}

func vocabErr(c Constraint, what, got string, accepted []string) error {
	return &VocabError{Type: c.Type, Spec: c.Spec, What: what, Got: got, Accepted: accepted, Suggest: DidYouMean(got, accepted)}
}

// kindNames lists the kinds; the suggestion also considers aliases.
func kindNames() []string {
	var out []string
	for _, k := range NameKinds {
		out = append(out, string(k.Kind))
	}
	return out
}

func styleNames(styles []StyleInfo) []string {
	var out []string
	for _, s := range styles {
		out = append(out, s.Name)
	}
	return out
}

// DidYouMean returns the candidate closest to got, or "" when none is
// close: equal after folding case and punctuation, one containing the
// other (a plural, a missing language word: "docstrings" → "Python
// docstring"), or within an edit distance of about a third of its length.
func DidYouMean(got string, candidates []string) string {
	g := foldWord(got)
	if g == "" {
		return ""
	}
	best, bestScore := "", 1<<30
	for _, c := range candidates {
		f := foldWord(c)
		score := editDistance(g, f)
		switch {
		case f == g:
			score = -2
		case strings.Contains(f, strings.TrimSuffix(g, "s")) && len(g) >= 4,
			strings.Contains(g, f) && len(f) >= 4:
			score = -1
		case score > max(1, len(g)/3):
			continue
		}
		if score < bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// foldWord lower-cases s and drops everything but letters and digits.
func foldWord(s string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// editDistance is the Levenshtein distance of a and b, by runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
