package naming

// A name respelled in another convention, for the rename fix: cut into
// words whatever convention it was written in, acronyms kept whole, and
// joined again; the result is held to the lint rule's own reading of
// the convention (conforms).

import (
	"strings"
	"unicode"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// word is one word of an identifier; acronym marks a word written in
// capitals inside a name that also has lower-case letters ("URL" in
// parseURL, "URLs" in check_URLs): its letters stay together and keep
// their case in camelCase and PascalCase.
type word struct {
	text    string
	acronym bool
}

// splitWords cuts an identifier into its words, whatever convention it
// was written in: separators ("_", "-") split, and so do case changes,
// with a run of capitals kept together as an acronym except for its last
// letter when a lowercase letter follows ("HTTPServer" → HTTP, Server),
// and a plural "s" kept with its acronym ("URLs", "IDsByName" → IDs,
// By, Name). Digits stay with the word they follow ("utf8Decode" →
// utf8, Decode), because "utf_8" would change what a reader sees as one
// token.
func splitWords(name string) []word {
	hasLower := strings.IndexFunc(name, unicode.IsLower) >= 0
	var words []word
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' }) {
		rs := []rune(part)
		start := 0
		cut := func(end int) {
			w := string(rs[start:end])
			caps := 0
			for _, r := range w {
				if unicode.IsUpper(r) {
					caps++
				}
			}
			acr := hasLower && caps >= 2 && (caps == len([]rune(w)) || caps == len([]rune(w))-1 && strings.HasSuffix(w, "s"))
			words = append(words, word{w, acr})
			start = end
		}
		for i := 1; i < len(rs); i++ {
			prev, cur := rs[i-1], rs[i]
			next, after := rune(0), rune(0)
			if i+1 < len(rs) {
				next = rs[i+1]
			}
			if i+2 < len(rs) {
				after = rs[i+2]
			}
			plural := next == 's' && (after == 0 || unicode.IsUpper(after) || unicode.IsDigit(after))
			lowerToUpper := (unicode.IsLower(prev) || unicode.IsDigit(prev)) && unicode.IsUpper(cur)
			acronymEnd := unicode.IsUpper(prev) && unicode.IsUpper(cur) && unicode.IsLower(next) && !plural
			if lowerToUpper || acronymEnd {
				cut(i)
			}
		}
		cut(len(rs))
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
// is unknown or name has no words. Acronyms stay whole: parseHTTPRequest
// becomes parse_http_request, check_URLs becomes checkURLs. Go's
// convention keeps whether the name is exported and spells initialisms
// in one case (user_id → userID), as golint and revive suggest.
func convert(name, conv string) (string, bool) { return convertIn("", name, conv) }

// convertIn is convert for a file of language id: where the language
// gives leading and trailing underscores no meaning of their own (Java,
// whose checkstyle patterns count them), they are dropped, not kept.
func convertIn(id lang.ID, name, conv string) (string, bool) {
	prefix, core, suffix := affixes(name)
	if id == lang.Java {
		prefix, suffix = "", ""
	}
	words := splitWords(core)
	if len(words) == 0 {
		return "", false
	}
	out := make([]string, len(words))
	switch conv {
	case "snake_case", "kebab-case":
		for i, w := range words {
			out[i] = strings.ToLower(w.text)
		}
	case "UPPER_CASE":
		for i, w := range words {
			out[i] = strings.ToUpper(w.text)
		}
	case "PascalCase":
		for i, w := range words {
			out[i] = title(w)
		}
	case "camelCase":
		for i, w := range words {
			if i == 0 {
				out[i] = strings.ToLower(w.text)
			} else {
				out[i] = title(w)
			}
		}
	case constraint.ConventionGo:
		exported := unicode.IsUpper([]rune(name)[0])
		for i, w := range words {
			if i == 0 && !exported {
				out[i] = strings.ToLower(w.text)
			} else {
				out[i] = title(w)
			}
		}
		return goName(strings.Join(out, "")), true
	default:
		return "", false
	}
	sep := map[string]string{"snake_case": "_", "UPPER_CASE": "_", "kebab-case": "-"}[conv]
	return prefix + strings.Join(out, sep) + suffix, true
}

// title capitalises a word's first letter and lower-cases the rest,
// except that an acronym keeps its capitals ("URLs", "HTTP").
func title(w word) string {
	if w.acronym {
		return w.text
	}
	rs := []rune(strings.ToLower(w.text))
	rs[0] = unicode.ToUpper(rs[0])
	return string(rs)
}

// conforms asks the checker itself whether a converted name follows the
// convention, so the fixer never disagrees with the rule it fixes.
func conforms(id lang.ID, name, conv string) bool { return nameMatches(id, name, conv) }
