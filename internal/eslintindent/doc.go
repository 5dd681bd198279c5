// Package eslintindent is a port of eslint's `indent` rule
// (lib/rules/indent.js) with its default options: the indentation the
// rule wants for every line of a JavaScript or TypeScript file, read
// from tree-sitter's tree (syntax.FlatTree) instead of espree's.
//
// The port keeps the rule's algorithm: every token gets a desired
// offset, in levels, from another token (offsets.go, the rule's
// OffsetStorage and TokenInfo); the node listeners set those offsets
// (listeners.go) over an ESTree view of tree-sitter's nodes (estree.go);
// a token on the same line as the token it is offset from inherits that
// token's indentation; and after every listener has run, the first
// token of each line must have exactly its desired indentation. Lines
// inside nodes the rule does not know (TypeScript's types, for
// instance) keep whatever indentation they have, as eslint leaves them.
//
// The layout rule (internal/rules/layout) calls Judge for the lint
// profile's JavaScript and TypeScript indentation. Its agreement with
// eslint on eslint's own test cases is measured by
// benchmark/peers/layout.sh. The code does not record which eslint
// release it was ported from; the comparison reads
// tests/lib/rules/indent.js from an eslint checkout.
//
// Licence: eslint is distributed under the MIT licence. A port is a
// derivative of its source, so eslint's copyright and permission notice
// travel with this package (LICENSE, beside this file).
package eslintindent

import "strings"

// set is a set of node or token type names.
type set map[string]bool

func newSet(names ...string) set {
	s := set{}
	for _, n := range names {
		s[n] = true
	}
	return s
}

// isCommentType: tree-sitter names its comment nodes "comment" (and
// "html_comment" and the like).
func isCommentType(t string) bool { return strings.Contains(t, "comment") }
