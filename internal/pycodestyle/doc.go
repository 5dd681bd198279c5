// Package pycodestyle is a port of pycodestyle 2.10's indentation and
// whitespace checks, on a port of the tokenizer of CPython 3.11, so that
// Python's indentation_spacing in the lint profile reports what
// pycodestyle reports, code for code and position for position.
//
// The checks (checks.go, continued.go) are pycodestyle's
// tabs_or_spaces (E101), tabs_obsolete (W191), indentation
// (E111-E117), continued_indentation (E12x), missing_whitespace (E231),
// missing_whitespace_around_operator (E225-E228) and
// whitespace_around_named_parameter_equals (E251, E252), run over
// logical lines built the way pycodestyle's Checker builds them. The
// tokenizer (tokenize.go) yields what CPython 3.11's tokenize module
// yields: the same token types, texts, (row, column) positions in code
// points and physical lines, with byte offsets added for the fixes.
// Which of the codes a rule reports is the caller's choice
// (internal/rules/layout reports those pycodestyle's default
// configuration reports, and E121).
//
// Agreement with pycodestyle on its own testing/data cases is measured
// by benchmark/peers/layout.sh.
//
// Licences: pycodestyle is distributed under the Expat (MIT) licence,
// and CPython's tokenize module under the Python Software Foundation
// License Version 2. A port is a derivative of the source it follows, so
// both notices travel with this package (LICENSE and LICENSE.python,
// beside this file). The changes to tokenize the PSF licence asks to be
// summarised: it is rewritten in Go, reads a byte slice rather than a
// readline callable, reports byte offsets beside (row, column)
// positions, and stops at the first error with the tokens read so far
// instead of raising.
package pycodestyle

// set is a set of token texts.
type set map[string]bool

func newSet(names ...string) set {
	s := set{}
	for _, n := range names {
		s[n] = true
	}
	return s
}
