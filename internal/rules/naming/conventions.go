package naming

// Case conventions of the lint profile, as each ecosystem's linter reads
// them: letter case is Unicode letter case (pep8-naming accepts `class Γ`
// and flags `Δ = 1` in a function), and a name's leading and trailing
// underscores (and JavaScript's `$`) are not part of the case test where
// the language gives them a meaning of their own (PEP 8 privacy, Rust's
// unused bindings, C#'s `_field`). Java keeps them in: checkstyle's
// patterns reject `_count`. The paper's evaluator has its own ASCII
// regular expressions (paper.go), used by the multicodeif profile.

import (
	"strings"
	"unicode"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// nameMatches reports whether name, declared in a file of language id,
// follows convention conv in the lint profile. Unknown conventions never
// match (specs are validated when the configuration loads).
func nameMatches(id lang.ID, name, conv string) bool {
	if conv == constraint.ConventionGo {
		return goName(name) == name && !goAllCapsUnderscore(name)
	}
	core := nameCore(id, name)
	switch conv {
	case "snake_case":
		return allRunes(core, func(r rune) bool { return !isUpperLetter(r) && (isWordRune(r) || r == '_') })
	case "camelCase":
		return !strings.Contains(core, "_") && !startsUpper(core) && allRunes(core, isWordRune)
	case "PascalCase":
		return !strings.Contains(core, "_") && startsUpper(core) && allRunes(core, isWordRune)
	case "UPPER_CASE":
		return core != "" && !unicode.IsDigit(firstRune(core)) && !strings.Contains(core, "__") &&
			!strings.HasPrefix(core, "_") && !strings.HasSuffix(core, "_") &&
			allRunes(core, func(r rune) bool { return !unicode.IsLower(r) && (isWordRune(r) || r == '_') })
	case "kebab-case":
		return core != "" && !strings.Contains(core, "--") && !strings.HasPrefix(core, "-") && !strings.HasSuffix(core, "-") &&
			allRunes(core, func(r rune) bool { return r == '-' || isWordRune(r) && !isUpperLetter(r) })
	}
	return false
}

// nameCore is the part of name the case test reads: without the leading
// and trailing underscores (and, in JavaScript and TypeScript, dollar
// signs) the language gives a meaning of their own. Java and Go keep
// them: checkstyle and revive judge the whole name. JavaScript's "#" of a
// private member is not part of the name's case either, nor Rust's "r#"
// of a raw identifier.
func nameCore(id lang.ID, name string) string {
	switch id {
	case lang.Java, lang.Go:
		return name
	case lang.Rust:
		// A raw identifier's "r#" lets a keyword be a name (r#type,
		// r#match); rustc's naming lints judge the name without it.
		return strings.Trim(strings.TrimPrefix(name, "r#"), "_")
	case lang.JavaScript, lang.TypeScript:
		// A private member's "#" marks privacy, like Python's "_"; "$"
		// is a letter of no case ($el, jQuery$, Babel's _Object$keys).
		return strings.Trim(strings.ReplaceAll(strings.TrimPrefix(name, "#"), "$", ""), "_")
	}
	return strings.Trim(name, "_")
}

func isUpperLetter(r rune) bool { return unicode.IsUpper(r) || unicode.IsTitle(r) }

// isWordRune accepts what identifiers are made of: letters, digits and
// combining marks (a decomposed "é").
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r)
}

func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return 0
}

func startsUpper(s string) bool { return s != "" && isUpperLetter(firstRune(s)) }

func allRunes(s string, ok func(rune) bool) bool {
	for _, r := range s {
		if !ok(r) {
			return false
		}
	}
	return true
}

// goInitialisms are the initialisms golint and revive's var-naming
// (internal/rule/name.go) want in one case.
var goInitialisms = setOfWords(`ACL API ASCII CPU CSS DNS EOF GUID HTML HTTP HTTPS ID IDS IP JSON LHS QPS RAM RHS
	RPC SLA SMTP SQL SSH TCP TLS TTL UDP UI UID UUID URI URL UTF8 VM XML XMPP XSRF XSS`)

func setOfWords(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// goName is the spelling golint and revive want for a Go name: words
// split at lower-to-upper changes and underscores, underscores dropped
// (one kept between digits), initialisms in one case ("Id" → "ID",
// lower-case only at the very start). It is revive's rule.Name without
// allow or block lists.
func goName(name string) string {
	if name == "_" {
		return name
	}
	allLower := true
	for _, r := range name {
		if !unicode.IsLower(r) {
			allLower = false
			break
		}
	}
	if allLower {
		return name
	}
	runes := []rune(name)
	w, i := 0, 0
	for i+1 <= len(runes) {
		eow := false
		switch {
		case i+1 == len(runes):
			eow = true
		case runes[i+1] == '_':
			eow = true
			n := 1
			for i+n+1 < len(runes) && runes[i+n+1] == '_' {
				n++
			}
			if i+n+1 < len(runes) && unicode.IsDigit(runes[i]) && unicode.IsDigit(runes[i+n+1]) {
				n--
			}
			copy(runes[i+1:], runes[i+n+1:])
			runes = runes[:len(runes)-n]
		case unicode.IsLower(runes[i]) && !unicode.IsLower(runes[i+1]):
			eow = true
		}
		i++
		if !eow {
			continue
		}
		word := string(runes[w:i])
		if u := strings.ToUpper(word); goInitialisms[u] {
			if w == 0 && unicode.IsLower(runes[w]) {
				u = strings.ToLower(u)
			}
			if u == "IDS" {
				u = "IDs"
			}
			copy(runes[w:], []rune(u))
		} else if w > 0 && strings.ToLower(word) == word {
			runes[w] = unicode.ToUpper(runes[w])
		}
		w = i
	}
	return string(runes)
}

// goAllCapsUnderscore is revive's "don't use ALL_CAPS in Go names": an
// upper-case name with an underscore, longer than five characters.
func goAllCapsUnderscore(s string) bool {
	if !strings.Contains(s, "_") || len(s) <= 5 {
		return false
	}
	for _, r := range s {
		if r != '_' && !(r >= 'A' && r <= 'Z') && !(r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
