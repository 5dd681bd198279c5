package fix

import (
	"regexp"
	"strings"
	"unicode"
)

// splitWords cuts an identifier into its words, whatever convention it
// was written in: separators ("_", "-") split, and so do case changes,
// with a run of capitals kept together as an acronym except for its last
// letter when a lowercase letter follows ("HTTPServer" → HTTP, Server).
// Digits stay with the word they follow ("utf8Decode" → utf8, Decode),
// because "utf_8" would change what a reader sees as one token.
func splitWords(name string) []string {
	var words []string
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' }) {
		rs := []rune(part)
		start := 0
		for i := 1; i < len(rs); i++ {
			prev, cur := rs[i-1], rs[i]
			next := rune(0)
			if i+1 < len(rs) {
				next = rs[i+1]
			}
			lowerToUpper := (unicode.IsLower(prev) || unicode.IsDigit(prev)) && unicode.IsUpper(cur)
			acronymEnd := unicode.IsUpper(prev) && unicode.IsUpper(cur) && unicode.IsLower(next)
			if lowerToUpper || acronymEnd {
				words = append(words, string(rs[start:i]))
				start = i
			}
		}
		words = append(words, string(rs[start:]))
	}
	return words
}

// affixes returns name's leading and trailing underscores: they carry
// meaning (Python privacy, dunders) that no case convention expresses, so
// conversion keeps them and lets the convention check decide.
func affixes(name string) (prefix, core, suffix string) {
	core = strings.TrimLeft(name, "_")
	prefix = name[:len(name)-len(core)]
	trimmed := strings.TrimRight(core, "_")
	return prefix, trimmed, core[len(trimmed):]
}

// convert respells name in convention conv, or returns ok=false when conv
// is unknown or name has no words.
func convert(name, conv string) (string, bool) {
	prefix, core, suffix := affixes(name)
	words := splitWords(core)
	if len(words) == 0 {
		return "", false
	}
	out := make([]string, len(words))
	switch conv {
	case "snake_case", "kebab-case":
		for i, w := range words {
			out[i] = strings.ToLower(w)
		}
	case "UPPER_CASE":
		for i, w := range words {
			out[i] = strings.ToUpper(w)
		}
	case "PascalCase":
		for i, w := range words {
			out[i] = title(w)
		}
	case "camelCase":
		for i, w := range words {
			if i == 0 {
				out[i] = strings.ToLower(w)
			} else {
				out[i] = title(w)
			}
		}
	default:
		return "", false
	}
	sep := map[string]string{"snake_case": "_", "UPPER_CASE": "_", "kebab-case": "-"}[conv]
	return prefix + strings.Join(out, sep) + suffix, true
}

// title lowercases all but the first letter, so acronyms become words
// ("HTTP" → "Http"): camelCase and PascalCase have no way to mark where
// an all-caps word ends.
func title(w string) string {
	rs := []rune(strings.ToLower(w))
	rs[0] = unicode.ToUpper(rs[0])
	return string(rs)
}

// conventionRE mirrors the lint profile's patterns in internal/check
// (unexported there). A converted name that does not match cannot be
// spelled in the convention at all (e.g. digits in kebab-case); the tests
// re-run check.Run on every fixed file, so drift between the copies fails
// them.
var conventionRE = map[string]*regexp.Regexp{
	"snake_case": regexp.MustCompile(`^[a-z]+[a-z0-9_]*$`),
	"PascalCase": regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`),
	"camelCase":  regexp.MustCompile(`^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$`),
	"kebab-case": regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`),
	"UPPER_CASE": regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`),
}

func conforms(name, conv string) bool {
	re, ok := conventionRE[conv]
	return ok && re.MatchString(name)
}
