package fix

import "strings"

// setOf is the set of the space-separated words, for the comment fixer's
// tables of node types. (It was the naming fixer's too, until that moved
// to internal/rules/naming.)
func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
